#include "tuner/sshconfig/jump.hpp"

#include "tuner/sshconfig/destination.hpp"

#include <strings.h>

#include <cctype>

namespace sshtune::config {
namespace {

// The jump text parse_jump() works on: up to '#', then (rtrim() in 9.2 clears every
// blank from the end down to index 1, not only trailing ones) up to the first blank.
std::string_view trimmed(std::string_view raw) {
  raw = raw.substr(0, raw.find('#'));
  for (std::size_t i = 1; i < raw.size(); ++i) {
    if (std::isspace(static_cast<unsigned char>(raw[i]))) return raw.substr(0, i);
  }
  return raw;
}

// One hop: an ssh:// URI or [user@]host[:port]; nullopt when ssh refuses it.
std::optional<UserHostPort> parse_hop(std::string_view hop, bool strict) {
  UserHostPort parsed;
  const UriKind kind = parse_ssh_uri(hop, &parsed);
  if (kind == UriKind::invalid) return std::nullopt;
  if (kind == UriKind::not_uri) {
    std::optional<UserHostPort> plain = parse_user_host_port(hop);
    if (!plain) return std::nullopt;
    parsed = std::move(*plain);
  }
  if (strict && !valid_hostname(parsed.host)) return std::nullopt;
  if (strict && parsed.user && !valid_remote_user(*parsed.user)) return std::nullopt;
  return parsed;
}

}  // namespace

std::optional<Jump> parse_jump(std::string_view raw, bool strict) {
  if (raw.size() == 4 && strncasecmp(raw.data(), "none", 4) == 0) return Jump{"none", std::nullopt, 0, std::nullopt};
  const std::string_view text = trimmed(raw);
  const std::size_t last_comma = text.rfind(',');
  Jump jump;
  std::string_view rest = text;
  for (bool first = true;; first = false) {
    const std::size_t comma = rest.rfind(',');
    const std::string_view hop = comma == std::string_view::npos ? rest : rest.substr(comma + 1);
    std::optional<UserHostPort> parsed = parse_hop(hop, strict);
    if (!parsed) return std::nullopt;
    if (first) jump = Jump{parsed->host, parsed->user, parsed->port, std::nullopt};
    if (comma == std::string_view::npos) break;
    rest = rest.substr(0, comma);
  }
  if (last_comma != std::string_view::npos) jump.extra = std::string(text.substr(0, last_comma));
  return jump;
}

bool jump_is_none(const Jump& jump) { return jump.host == "none" && jump.port == 0 && !jump.user; }

std::string jump_text(const Jump& jump) {
  const bool numeric =
      jump.host.find(':') != std::string::npos || jump.host.find_first_not_of("1234567890.") == std::string::npos;
  std::string out = jump.extra ? *jump.extra + "," : "";
  if (jump.user) out += *jump.user + "@";
  out += numeric ? "[" + jump.host + "]" : jump.host;
  if (jump.port > 0) out += ":" + std::to_string(jump.port);
  return out;
}

}  // namespace sshtune::config
