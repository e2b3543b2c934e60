#pragma once
// ProxyJump as Debian's OpenSSH 9.2 reads and prints it (readconf.c parse_jump()
// with the CVE-2026-35386 backport, and dump_client_config()). The value is the raw
// rest of the line, cut at '#' and, by rtrim()'s 9.2 bug, at the first blank; the
// hops are [user@]host[:port] or ssh:// URIs; only the last hop is kept, the others
// are printed back as they were written.

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::config {

// A parsed ProxyJump: the last hop, and the hops before it as written.
struct Jump {
  std::string host;
  std::optional<std::string> user;
  int port = -1;
  std::optional<std::string> extra;
};

// parse_jump(): the jump named by `raw` (a case-insensitive "none" gives host
// "none", port 0), or nullopt where ssh reports "Invalid ProxyJump". With `strict`
// (-o on the command line), hop names must also pass valid_hostname/valid_remote_user.
std::optional<Jump> parse_jump(std::string_view raw, bool strict);

// True for the "none" jump that fill_default_options() clears.
bool jump_is_none(const Jump& jump);

// The `ssh -G` value: "[EXTRA,][USER@]HOST[:PORT]", HOST bracketed when it has a
// ':' or is all digits and dots.
std::string jump_text(const Jump& jump);

}  // namespace sshtune::config
