#include "probes/core/tcp_buffers.hpp"

#include <charconv>
#include <fstream>
#include <string>
#include <vector>

namespace sshtune::probes {
namespace {

constexpr std::string_view k_rmem_prefix = "/proc/sys/net/ipv4/tcp_rmem:";
constexpr std::string_view k_wmem_prefix = "/proc/sys/net/ipv4/tcp_wmem:";
constexpr std::size_t k_max_file = 256;  // three ints and whitespace; anything longer is not the kernel's

bool blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// The whitespace-separated words of `text`.
std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> found;
  std::size_t at = 0;
  while (at < text.size()) {
    while (at < text.size() && blank(text[at])) ++at;
    const std::size_t start = at;
    while (at < text.size() && !blank(text[at])) ++at;
    if (at > start) found.push_back(text.substr(start, at - start));
  }
  return found;
}

std::optional<std::int64_t> positive_integer(std::string_view word) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec != std::errc{} || end != word.data() + word.size() || value < 1 || value > k_max_tcp_buffer) {
    return std::nullopt;
  }
  return value;
}

// Sets `limit` from the first line starting with `prefix`; a second such line makes it unknown.
void read_line(std::string_view line, std::string_view prefix, std::optional<std::int64_t>& limit, bool& seen) {
  if (!line.starts_with(prefix)) return;
  limit = seen ? std::nullopt : parse_tcp_mem_max(line.substr(prefix.size()));
  seen = true;
}

std::optional<std::int64_t> read_file_max(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::string text(k_max_file + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return text.size() > k_max_file ? std::nullopt : parse_tcp_mem_max(text);
}

}  // namespace

std::optional<std::int64_t> parse_tcp_mem_max(std::string_view text) {
  const auto fields = words(text);
  if (fields.size() != 3 || !positive_integer(fields[0]) || !positive_integer(fields[1])) return std::nullopt;
  return positive_integer(fields[2]);
}

TcpBufferLimits parse_tcp_buffer_lines(std::string_view output) {
  TcpBufferLimits limits;
  bool rmem_seen = false, wmem_seen = false;
  while (!output.empty()) {
    const std::size_t end = output.find('\n');
    const std::string_view line = output.substr(0, end);
    read_line(line, k_rmem_prefix, limits.receive_max, rmem_seen);
    read_line(line, k_wmem_prefix, limits.send_max, wmem_seen);
    output = end == std::string_view::npos ? std::string_view() : output.substr(end + 1);
  }
  return limits;
}

TcpBufferLimits read_tcp_buffer_limits(const std::filesystem::path& dir) {
  return {read_file_max(dir / "tcp_rmem"), read_file_max(dir / "tcp_wmem")};
}

}  // namespace sshtune::probes
