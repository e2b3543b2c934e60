#include "base/message.hpp"

namespace sshtune {
namespace {

bool printable(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// The visible form of one byte.
std::string escape_byte(unsigned char c) {
  if (printable(c)) return std::string(1, static_cast<char>(c));
  switch (c) {
    case '\t': return "\\t";
    case '\n': return "\\n";
    case '\r': return "\\r";
    case 0x1b: return "\\e";
    default: break;
  }
  const char octal[] = {'\\', static_cast<char>('0' + (c >> 6)), static_cast<char>('0' + ((c >> 3) & 7)),
                        static_cast<char>('0' + (c & 7))};
  return std::string(octal, sizeof octal);
}

std::size_t escaped_size(std::string_view bytes) {
  std::size_t size = 0;
  for (const char c : bytes) size += escape_byte(static_cast<unsigned char>(c)).size();
  return size;
}

}  // namespace

std::string escape_bytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) out += escape_byte(static_cast<unsigned char>(c));
  return out;
}

std::string escape_within(std::string_view text, std::size_t limit) {
  if (escaped_size(text) <= limit) return escape_bytes(text);
  constexpr std::string_view k_ellipsis = "...";
  const std::size_t room = limit > k_ellipsis.size() ? limit - k_ellipsis.size() : 0;
  std::string out;
  for (const char c : text) {
    const std::string piece = escape_byte(static_cast<unsigned char>(c));
    if (out.size() + piece.size() > room) break;
    out += piece;
  }
  return out + std::string(k_ellipsis.substr(0, limit - out.size()));
}

std::string quote_input(std::string_view input) {
  if (escaped_size(input) <= k_max_quoted_input) return escape_bytes(input);
  return escape_within(input, k_max_quoted_input) + " (" + std::to_string(input.size()) + " bytes)";
}

std::string one_line(std::string_view message) { return escape_within(message, k_max_message); }

}  // namespace sshtune
