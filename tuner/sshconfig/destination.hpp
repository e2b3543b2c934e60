#pragma once
// How ssh reads a destination: misc.c parse_uri("ssh", ...) for ssh://user@host:port,
// parse_user_host_port() for ProxyJump hops, hpdelim2()/a2port()/valid_domain(), and
// Debian 9.2's ssh_valid_hostname()/ssh_valid_ruser() (backported CVE-2026-35386
// fixes) that refuse shell characters in names given on the command line.

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// A parsed [user@]host[:port]; port -1 when none was given.
struct UserHostPort {
  std::optional<std::string> user;
  std::string host;
  int port = -1;
};

// hpdelim2(): the host field of a "host:rest" text ("[...]" kept whole, brackets
// included), what follows the delimiter, and the delimiter (':' or '/', 0 at the
// end). nullopt when a '[' is not closed or the ']' is followed by anything else.
struct HostField {
  std::string_view host;
  std::optional<std::string_view> rest;
  char delim = 0;
};
std::optional<HostField> split_host_field(std::string_view text);

// cleanhostname(): "[x]" is "x".
std::string clean_host(std::string_view host);

// parse_ssh_uri(): whether `text` is an ssh:// URI and, if so, whether it is valid.
enum class UriKind { not_uri, valid, invalid };

// parse_uri("ssh") without a path: user (url-decoded, ";params" dropped), host
// (valid_domain, a trailing '.' dropped) and port; a path or bad part is invalid.
UriKind parse_ssh_uri(std::string_view text, UserHostPort* out);

// parse_user_host_port(): the last '@' splits off the user (not empty); the host
// ends at ':' or '/' (a '[...]' host may hold ':'); the port must be valid.
std::optional<UserHostPort> parse_user_host_port(std::string_view text);

// a2port(): 0..65535 or a tcp service name; -1 otherwise.
int a2port(const std::string& text);

// valid_domain(): letters, digits, '-', '_' and single dots, starting alphanumeric.
// Drops a trailing '.' and, with `lower`, lower-cases `name`; `why` gets ssh's reason.
bool valid_domain(std::string& name, bool lower, std::string* why);

// ssh_valid_hostname(): no leading '-', no whitespace, control or shell characters.
bool valid_hostname(std::string_view name);

// ssh_valid_ruser(): no control or shell characters, no " -" and no trailing '\'.
bool valid_remote_user(std::string_view user);

}  // namespace sshtune::sshconfig
