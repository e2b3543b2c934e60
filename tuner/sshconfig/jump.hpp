#pragma once
// ProxyJump as readconf.c parse_jump() reads it and dump_client_config() prints it.
// The value is the raw rest of the line, cut at '#' and then trimmed by rtrim():
// before 10.1 rtrim() cuts at the first blank (its bug, in Debian's 9.2 and 10.0
// too), from 10.1 on only trailing blanks go. The hops are [user@]host[:port] or
// ssh:// URIs; only the last hop is kept, the others are printed back as written
// (10.0 to 10.2 take them from the raw value, comment and all). Names given with
// -o are checked strictly by Debian's 9.2 (its CVE-2026-35386 backport) and from
// 10.3 on. Before 8.5 (bullseye's 8.4) the value is the whole rest of the line,
// '#' and blanks included, and a URI hop is read as [user@]host[:port] as well.

#include "base/openssh_version.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// A parsed ProxyJump: the last hop, and the hops before it as written.
struct Jump {
  std::string host;
  std::optional<std::string> user;
  int port = -1;
  std::optional<std::string> extra;
};

// parse_jump() of `release`: the jump named by `raw` (a case-insensitive "none"
// gives host "none", port 0), or nullopt where ssh reports "Invalid ProxyJump".
// With `command_line` (-o), a release that checks strictly also requires hop names
// to pass valid_hostname/valid_remote_user.
std::optional<Jump> parse_jump(std::string_view raw, bool command_line, const OpensshVersion& release);

// True for the "none" jump that fill_default_options() clears.
bool jump_is_none(const Jump& jump);

// The `ssh -G` value: "[EXTRA,][USER@]HOST[:PORT]", HOST bracketed when it has a
// ':' or is all digits and dots.
std::string jump_text(const Jump& jump);

}  // namespace sshtune::sshconfig
