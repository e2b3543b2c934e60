#include "base/message.hpp"

#include <utility>

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

// The visible form of the text at `at`, and how many bytes it stands for: a sign
// (with `charset`) or one escaped byte.
std::pair<std::string, std::size_t> visible_piece(std::string_view text, std::size_t at, const Charset* charset) {
  if (charset != nullptr) {
    for (const auto& [sign, ascii] : {std::pair{k_times_sign, "x"}, std::pair{k_arrow_sign, "->"}}) {
      if (text.substr(at, sign.size()) != sign) continue;
      return {*charset == Charset::utf8 ? std::string(sign) : std::string(ascii), sign.size()};
    }
  }
  return {escape_byte(static_cast<unsigned char>(text[at])), 1};
}

std::size_t escaped_size(std::string_view bytes, const Charset* charset = nullptr) {
  std::size_t size = 0;
  for (std::size_t at = 0; at < bytes.size();) {
    const auto [piece, used] = visible_piece(bytes, at, charset);
    size += piece.size();
    at += used;
  }
  return size;
}

// escape_within(), with the signs shown in `charset` when it is not null.
std::string visible_within(std::string_view text, std::size_t limit, const Charset* charset) {
  constexpr std::string_view k_ellipsis = "...";
  const bool fits = escaped_size(text, charset) <= limit;
  const std::size_t room = fits ? limit : limit > k_ellipsis.size() ? limit - k_ellipsis.size() : 0;
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    const auto [piece, used] = visible_piece(text, at, charset);
    if (out.size() + piece.size() > room) break;
    out += piece;
    at += used;
  }
  return fits ? out : out + std::string(k_ellipsis.substr(0, limit - out.size()));
}

}  // namespace

std::string escape_bytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) out += escape_byte(static_cast<unsigned char>(c));
  return out;
}

std::string escape_within(std::string_view text, std::size_t limit) { return visible_within(text, limit, nullptr); }

std::string quote_input(std::string_view input) {
  if (escaped_size(input) <= k_max_quoted_input) return escape_bytes(input);
  return escape_within(input, k_max_quoted_input) + " (" + std::to_string(input.size()) + " bytes)";
}

std::string one_line(std::string_view message) { return escape_within(message, k_max_message); }

std::string one_line(std::string_view message, Charset charset) {
  return visible_within(message, k_max_message, &charset);
}

}  // namespace sshtune
