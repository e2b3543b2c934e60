#pragma once
// The one check of host names and aliases that reach ssh-tune from the command
// line (host, host --write, snippet, ssh, apply, revert). The rules are ssh's own
// for names from its command line (OpenSSH 9.6's valid_hostname/valid_ruser, the
// CVE-2023-51385 fix Debian backports to 9.2): no leading '-' (ssh would read an
// option), no whitespace or control characters, none of the shell
// metacharacters ' ` " $ \ ; & < > | ( ) { } , that a %h in a ProxyCommand or a
// Match exec would hand to the shell. An alias that becomes a `Host` line must in
// addition be one Host token: no '#', '!' or '='. All errors are usage errors:
// "invalid host name 'a;b': contains ';', which ssh refuses in a host name".

#include "base/result.hpp"

#include <string_view>

namespace sshtune::sshconfig {

// A destination as typed, "host" or "user@host" (the last '@' splits, as in ssh).
Result<void> check_destination(std::string_view destination);

// A remote user name (-l USER) by ssh's valid_ruser rule.
Result<void> check_remote_user(std::string_view user);

// An alias written as the pattern of a `Host` line (apply, host --write, revert):
// the host rules over the whole alias (user part included) and a single Host
// token. Wildcards are allowed.
Result<void> check_host_alias(std::string_view alias);

}  // namespace sshtune::sshconfig
