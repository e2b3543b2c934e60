#include "probes/core/server_algorithms.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

namespace sshtune::probes {
namespace {

constexpr std::uint8_t k_msg_kexinit = 20;
constexpr std::size_t k_cookie_size = 16;

// Malformed server data (invalid_input); network failures are ErrorKind::remote.
Error parse_error(std::string_view context, const std::string& what) {
  return Error{ErrorKind::invalid_input, std::string(context) + ": " + what};
}

// Makes untrusted text safe for a one-line message: non-printables as \xNN, at most 60 bytes.
std::string printable(std::string_view text) {
  std::string out;
  for (const char c : text.substr(0, 60)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) {
      out += c;
    } else {
      std::array<char, 5> hex{};
      std::snprintf(hex.data(), hex.size(), "\\x%02x", byte);
      out += hex.data();
    }
  }
  return text.size() > 60 ? out + "..." : out;
}

std::uint32_t read_be32(std::string_view bytes) {
  std::uint32_t value = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    value = (value << 8) | static_cast<unsigned char>(bytes[i]);
  }
  return value;
}

// Reads fields front to back; every read checks the bytes left.
class PayloadReader {
 public:
  explicit PayloadReader(std::string_view bytes) : m_rest(bytes) {}
  std::optional<std::string_view> take(std::size_t count) {
    if (m_rest.size() < count) {
      return std::nullopt;
    }
    const auto field = m_rest.substr(0, count);
    m_rest.remove_prefix(count);
    return field;
  }
  std::size_t left() const { return m_rest.size(); }

 private:
  std::string_view m_rest;
};

constexpr std::array<const char*, 10> k_list_names = {"kex_algorithms",
                                                      "server_host_key_algorithms",
                                                      "encryption_algorithms_client_to_server",
                                                      "encryption_algorithms_server_to_client",
                                                      "mac_algorithms_client_to_server",
                                                      "mac_algorithms_server_to_client",
                                                      "compression_algorithms_client_to_server",
                                                      "compression_algorithms_server_to_client",
                                                      "languages_client_to_server",
                                                      "languages_server_to_client"};

Result<void> check_name(std::string_view name, std::string_view list, std::string_view context) {
  if (name.empty()) {
    return parse_error(context, "name-list " + std::string(list) + " has an empty name");
  }
  if (name.size() > k_max_algorithm_name) {
    return parse_error(context, "name-list " + std::string(list) + " has a name longer than " +
                                    std::to_string(k_max_algorithm_name) + " bytes");
  }
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte >= 0x7f) {
      std::array<char, 5> hex{};
      std::snprintf(hex.data(), hex.size(), "0x%02x", byte);
      return parse_error(context, "name-list " + std::string(list) + " contains byte " + hex.data());
    }
  }
  return ok();
}

// Splits a comma-separated name-list (RFC 4251 §5); an empty list is allowed, an empty name is not.
Result<std::vector<std::string>> split_names(std::string_view text, std::string_view list, std::string_view context) {
  std::vector<std::string> names;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const auto name = text.substr(0, comma);
    SSHTUNE_TRYV(check_name(name, list, context));
    names.emplace_back(name);
    if (comma == std::string_view::npos) {
      break;
    }
    text.remove_prefix(comma + 1);
    if (text.empty()) {
      return parse_error(context, "name-list " + std::string(list) + " has an empty name");
    }
  }
  return names;
}

Result<std::vector<std::string>> read_name_list(PayloadReader& reader, std::string_view list,
                                                std::string_view context) {
  const auto length_field = reader.take(4);
  if (!length_field) {
    return parse_error(context, "KEXINIT truncated before name-list " + std::string(list));
  }
  const std::uint32_t length = read_be32(*length_field);
  if (length > reader.left()) {
    return parse_error(context, "name-list " + std::string(list) + " length " + std::to_string(length) +
                                    " exceeds the " + std::to_string(reader.left()) + " bytes left");
  }
  return split_names(*reader.take(length), list, context);
}

Result<void> read_header(PayloadReader& reader, std::string_view context) {
  const auto type = reader.take(1);
  if (!type) {
    return parse_error(context, "KEXINIT payload is empty");
  }
  const auto type_value = static_cast<unsigned char>((*type)[0]);
  if (type_value != k_msg_kexinit) {
    return parse_error(context, "expected SSH_MSG_KEXINIT (20), got message type " + std::to_string(type_value));
  }
  if (!reader.take(k_cookie_size)) {
    return parse_error(context, "KEXINIT truncated in the cookie");
  }
  return ok();
}

Result<void> read_trailer(PayloadReader& reader, std::string_view context) {
  if (!reader.take(1)) {
    return parse_error(context, "KEXINIT truncated before first_kex_packet_follows");
  }
  if (!reader.take(4)) {
    return parse_error(context, "KEXINIT truncated before the reserved field");
  }
  return ok();
}

// One line of the pre-binary exchange: its text without CR LF and where the next line starts.
struct Line {
  std::string_view text;
  std::size_t next = 0;
};

// The line starting at `start`; std::nullopt when its LF has not arrived yet.
Result<std::optional<Line>> next_line(std::string_view received, std::size_t start, std::size_t limit,
                                      std::string_view what, std::string_view context) {
  const auto newline = received.find('\n', start);
  const std::size_t length = newline == std::string_view::npos ? received.size() - start : newline + 1 - start;
  if (length > limit) {
    return parse_error(context, std::string(what) + " longer than " + std::to_string(limit) + " bytes: \"" +
                                    printable(received.substr(start, limit)) + "\"");
  }
  if (newline == std::string_view::npos) {
    return std::optional<Line>();
  }
  auto text = received.substr(start, newline - start);
  if (!text.empty() && text.back() == '\r') {
    text.remove_suffix(1);
  }
  return std::optional<Line>(Line{text, newline + 1});
}

Result<void> check_banner(std::string_view banner, std::string_view context) {
  for (const char c : banner) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f) {
      return parse_error(context, "banner contains a control or non-ASCII byte: \"" + printable(banner) + "\"");
    }
  }
  if (!banner.starts_with("SSH-2.0-") && !banner.starts_with("SSH-1.99-")) {
    return parse_error(context, "server does not speak SSH 2.0: \"" + printable(banner) + "\"");
  }
  return ok();
}

// Skips pre-banner lines and returns the version line; std::nullopt while incomplete.
Result<std::optional<Line>> find_banner(std::string_view received, std::string_view context) {
  std::size_t start = 0;
  for (std::size_t lines = 0;; ++lines) {
    const bool is_banner = received.substr(start, 4) == std::string_view("SSH-").substr(0, received.size() - start);
    if (!is_banner && lines == k_max_pre_banner_lines) {
      return parse_error(context,
                         "more than " + std::to_string(k_max_pre_banner_lines) + " lines before the SSH banner");
    }
    const std::size_t limit = is_banner ? k_max_banner_length : k_max_pre_banner_line;
    SSHTUNE_TRY(line, next_line(received, start, limit, is_banner ? "banner" : "pre-banner line", context));
    if (!line || line->text.starts_with("SSH-")) {
      return line;
    }
    start = line->next;
  }
}

}  // namespace

Result<ServerAlgorithms> parse_kexinit_payload(std::string_view payload, std::string_view context) {
  PayloadReader reader(payload);
  SSHTUNE_TRYV(read_header(reader, context));
  std::array<std::vector<std::string>, k_list_names.size()> lists;
  for (std::size_t i = 0; i < lists.size(); ++i) {
    SSHTUNE_TRY(names, read_name_list(reader, k_list_names[i], context));
    lists[i] = std::move(names);
  }
  SSHTUNE_TRYV(read_trailer(reader, context));
  ServerAlgorithms algorithms;
  algorithms.kex = std::move(lists[0]);
  algorithms.host_keys = std::move(lists[1]);
  algorithms.ciphers_c2s = std::move(lists[2]);
  algorithms.ciphers_s2c = std::move(lists[3]);
  algorithms.macs_c2s = std::move(lists[4]);
  algorithms.macs_s2c = std::move(lists[5]);
  algorithms.compression_c2s = std::move(lists[6]);
  algorithms.compression_s2c = std::move(lists[7]);
  algorithms.strict_kex =
      std::find(algorithms.kex.begin(), algorithms.kex.end(), k_strict_kex_server_marker) != algorithms.kex.end();
  return algorithms;
}

Result<std::optional<std::string_view>> parse_plain_packet(std::string_view bytes, std::string_view context) {
  if (bytes.size() < 5) {
    return std::optional<std::string_view>();
  }
  const std::uint32_t length = read_be32(bytes);
  const std::string length_text = std::to_string(length);
  if (length > k_max_packet_length) {
    return parse_error(context, "packet_length " + length_text + " exceeds " + std::to_string(k_max_packet_length));
  }
  if (length < k_min_packet_length) {
    return parse_error(context, "packet_length " + length_text + " is below " + std::to_string(k_min_packet_length));
  }
  if ((length + 4) % 8 != 0) {
    return parse_error(context, "packet_length " + length_text + " plus 4 is not a multiple of 8");
  }
  const auto padding = static_cast<unsigned char>(bytes[4]);
  if (padding < 4) {
    return parse_error(context, "padding_length " + std::to_string(padding) + " is below 4");
  }
  if (padding + 1u >= length) {
    return parse_error(
        context, "padding_length " + std::to_string(padding) + " leaves no payload in packet_length " + length_text);
  }
  if (bytes.size() < 4 + static_cast<std::size_t>(length)) {
    return std::optional<std::string_view>();
  }
  return std::optional<std::string_view>(bytes.substr(5, length - padding - 1));
}

Result<std::optional<ServerAlgorithms>> parse_server_hello(std::string_view received, std::string_view context) {
  SSHTUNE_TRY(banner, find_banner(received, context));
  if (!banner) {
    return std::optional<ServerAlgorithms>();
  }
  SSHTUNE_TRYV(check_banner(banner->text, context));
  SSHTUNE_TRY(payload, parse_plain_packet(received.substr(banner->next), context));
  if (!payload) {
    return std::optional<ServerAlgorithms>();
  }
  SSHTUNE_TRY(algorithms, parse_kexinit_payload(*payload, context));
  algorithms.banner = std::string(banner->text);
  return std::optional<ServerAlgorithms>(std::move(algorithms));
}

}  // namespace sshtune::probes
