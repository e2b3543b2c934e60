#include "tuner/sshconfig/jump.hpp"

#include "tuner/sshconfig/destination.hpp"

#include <strings.h>

#include <cctype>

namespace sshtune::sshconfig {
namespace {

// The jump text parse_jump() works on: up to '#', then rtrim(). From 8.5 to 10.0
// rtrim() clears every blank from the end down to index 1, not only trailing ones,
// so the text ends at the first blank; from 10.1 on it drops trailing blanks only.
// Before 8.5 the rest of the line is taken whole ('#' and blanks included), but for
// the trailing blanks every line loses.
std::string_view trimmed(std::string_view raw, const OpensshVersion& release) {
  if (release.since(8, 5)) raw = raw.substr(0, raw.find('#'));
  if (release.since(10, 1) || !release.since(8, 5)) {
    while (!raw.empty() && std::isspace(static_cast<unsigned char>(raw.back()))) raw.remove_suffix(1);
    return raw;
  }
  for (std::size_t i = 1; i < raw.size(); ++i) {
    if (std::isspace(static_cast<unsigned char>(raw[i]))) return raw.substr(0, i);
  }
  return raw;
}

// The text the hops before the last are printed from: 10.0 to 10.2 take them from
// the raw value (up to its last ',', comment included); the others from the trimmed one.
std::string_view extra_source(std::string_view raw, std::string_view text, const OpensshVersion& release) {
  return release.since(10, 0) && !release.since(10, 3) ? raw : text;
}

// Whether -o ProxyJump hops are checked strictly: Debian's 9.2 backport (not
// bullseye's 8.4), and 10.3 on.
bool strict_for(bool command_line, const OpensshVersion& release) {
  return command_line && ((release.since(9, 2) && !release.since(10, 0)) || release.since(10, 3));
}

// One hop: an ssh:// URI or [user@]host[:port]; nullopt when ssh refuses it.
// Before 8.5 a valid URI is then read as [user@]host[:port] too, and that reading
// is what counts ("ssh://u@h:2" is user "ssh://u"; "ssh://h" is refused).
std::optional<UserHostPort> parse_hop(std::string_view hop, bool strict, const OpensshVersion& release) {
  UserHostPort parsed;
  const UriKind kind = parse_ssh_uri(hop, &parsed);
  if (kind == UriKind::invalid) return std::nullopt;
  if (kind == UriKind::not_uri || !release.since(8, 5)) {
    std::optional<UserHostPort> plain = parse_user_host_port(hop);
    if (!plain) return std::nullopt;
    parsed = std::move(*plain);
  }
  if (strict && !valid_hostname(parsed.host)) return std::nullopt;
  if (strict && parsed.user && !valid_remote_user(*parsed.user)) return std::nullopt;
  return parsed;
}

}  // namespace

std::optional<Jump> parse_jump(std::string_view raw, bool command_line, const OpensshVersion& release) {
  if (!release.since(8, 5)) raw = trimmed(raw, release);
  if (raw.size() == 4 && strncasecmp(raw.data(), "none", 4) == 0) return Jump{"none", std::nullopt, 0, std::nullopt};
  const std::string_view text = trimmed(raw, release);
  const bool strict = strict_for(command_line, release);
  Jump jump;
  std::string_view rest = text;
  for (bool first = true;; first = false) {
    const std::size_t comma = rest.rfind(',');
    const std::string_view hop = comma == std::string_view::npos ? rest : rest.substr(comma + 1);
    std::optional<UserHostPort> parsed = parse_hop(hop, strict, release);
    if (!parsed) return std::nullopt;
    if (first) jump = Jump{parsed->host, parsed->user, parsed->port, std::nullopt};
    if (comma == std::string_view::npos) break;
    rest = rest.substr(0, comma);
  }
  const std::string_view source = extra_source(raw, text, release);
  const std::size_t last_comma = source.rfind(',');
  if (last_comma != std::string_view::npos && last_comma > 0) jump.extra = std::string(source.substr(0, last_comma));
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

}  // namespace sshtune::sshconfig
