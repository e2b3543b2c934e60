#pragma once
// The keyword table of OpenSSH 8.0 to 10.6 (readconf.c keywords[] plus Debian's
// GSSAPI and keep-alive additions): how each keyword's arguments are read and
// stored, and the releases that know it ("since 9.4", "removed in 8.7"); a
// keyword whose reading changed has one row per range (RevokedHostKeys: one
// path before 10.3, a list from 10.3 on).

#include "base/openssh_version.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// How a keyword is processed; decides validation and first-wins / accumulation.
enum class KeywordKind {
  host,
  match,
  include,
  ignored,          // Protocol: silently ignored
  deprecated,       // accepted, logged at debug level only
  unsupported,      // "Unsupported option" printed, not fatal
  flag,             // multistate yes/no-like enumeration (see states)
  integer,          // non-negative int
  time,             // convtime() seconds
  port,             // a2port()
  string,           // one argument, first wins
  command,          // raw rest of the line (ProxyCommand ...), first wins
  algorithms,       // +/-/^ list validated against the client (see algorithm)
  identity,         // IdentityFile / CertificateFile: accumulate, de-duplicated
  forward,          // Local/Remote/DynamicForward: accumulate, de-duplicated
  send_env,         // appended; "-PATTERN" removes
  first_line_list,  // several arguments, only the first active line counts
  other,            // first wins, all arguments kept (light validation)
  refuse,           // RefuseConnection (10.1): an active line ends ssh with its argument
};

// One enumeration value of a multistate keyword (readconf.c multistate_*).
struct StateName {
  std::string_view name;
  int value;
};

// One row of the keyword table. `slot` is the option the keyword fills and the
// name `ssh -G` prints for it (aliases share their target's slot). The row holds
// for the releases in [since, removed); a name may have one row per range.
struct KeywordInfo {
  std::string_view name;
  std::string_view slot;
  KeywordKind kind;
  std::span<const StateName> states = {};           // flag kind only
  AlgorithmKind algorithm = AlgorithmKind::cipher;  // algorithms kind only
  OpensshVersion since = {};
  OpensshVersion removed = {99, 0, 0};
};

// The row a `release` reads a lower-case keyword with, or nullopt when that
// release does not know the keyword ("Bad configuration option").
std::optional<KeywordInfo> find_keyword(std::string_view lower_name, const OpensshVersion& release);

// The row `client` reads a lower-case keyword with: its release's row
// (dialect_of), as its build turns the GSSAPI keywords: without GSSAPI
// (has_gssapi), GSSAPIAuthentication and GSSAPIDelegateCredentials are
// unsupported options; without Debian's key exchange (has_gssapi_key_exchange)
// the other GSSAPI keywords are unknown (nullopt).
std::optional<KeywordInfo> find_keyword(std::string_view lower_name, const ClientCapabilities& client);

// The newest row of a lower-case keyword or slot whatever the release (how a
// stored slot is printed and compared), or nullopt for an unknown name.
std::optional<KeywordInfo> find_keyword(std::string_view lower_name);

// Every row, in table order (for docs and tests).
std::span<const KeywordInfo> all_keywords();

// The first name with `value` in a multistate table: what `ssh -G` prints.
std::string_view state_name(std::span<const StateName> table, int value);

// strcasecmp lookup of a multistate argument; nullopt if not accepted.
std::optional<int> parse_state(std::span<const StateName> table, std::string_view arg);

}  // namespace sshtune::sshconfig
