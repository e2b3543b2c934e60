#include "base/openssh_version.hpp"

#include <charconv>

namespace sshtune {
namespace {

// Reads the digits at the front of `text` into `out`; returns how many it read.
std::size_t read_number(std::string_view text, int& out) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), out);
  return error == std::errc{} ? static_cast<std::size_t>(end - text.data()) : 0;
}

}  // namespace

std::optional<OpensshVersion> parse_openssh_version(std::string_view text) {
  constexpr std::string_view k_marker = "OpenSSH_";
  const std::size_t at = text.find(k_marker);
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view rest = text.substr(at + k_marker.size());
  OpensshVersion version;
  const std::size_t major_digits = read_number(rest, version.major);
  if (major_digits == 0 || rest.size() <= major_digits || rest[major_digits] != '.') {
    return std::nullopt;
  }
  rest.remove_prefix(major_digits + 1);
  const std::size_t minor_digits = read_number(rest, version.minor);
  if (minor_digits == 0) {
    return std::nullopt;
  }
  rest.remove_prefix(minor_digits);
  if (!rest.empty() && rest.front() == 'p') {
    read_number(rest.substr(1), version.portable);
  }
  return version;
}

std::string to_string(const OpensshVersion& version) {
  std::string text = std::to_string(version.major) + "." + std::to_string(version.minor);
  if (version.portable > 0) {
    text += "p" + std::to_string(version.portable);
  }
  return text;
}

}  // namespace sshtune
