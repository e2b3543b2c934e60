#pragma once
// Reading an ssh command line the way OpenSSH 9.2's ssh.c does, without
// running ssh: BSD getopt over "1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:
// KL:MNO:PQ:R:S:TVw:W:XYy", the destination as the first non-option, a second
// option pass after it (ssh accepts `ssh host -v cmd`) unless `--` ended the
// first pass, and everything after that as the remote command. Pure.

#include "tuner/cli/command.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::cli {

// What matters to the ssh wrapper about one ssh argument vector.
struct SshArgs {
  std::optional<std::size_t> destination_index;  // index into the analysed args
  std::string destination;                       // as typed: "host", "user@host", "ssh://user@host:2222"
  std::string host;                              // the host alone (user, port and ssh:// removed)
  Args command;                                  // the remote command words, possibly empty
  bool gave_ciphers = false;                     // -c LIST or -o Ciphers=... (any case)
  bool gave_compression = false;                 // -C or -o Compression=... (any case)
  // What decides which host and route a measurement of the destination must use:
  std::optional<std::string> config_file;  // -F FILE (the last one, as ssh)
  std::optional<std::string> port;         // -p PORT
  std::optional<std::string> user;         // -l USER
  std::optional<std::string> identity;     // the first -i FILE
  bool gave_route = false;     // -J, -W, -o ProxyJump=... or -o ProxyCommand=...: a path `host` cannot follow
  bool no_connection = false;  // -G, -O, -Q or -V: ssh prints or controls, it opens no session
};

// Analyses ssh's arguments (argv without the program name). Never fails: an
// argument ssh would reject is treated as it would be read up to that point.
SshArgs analyse_ssh_args(const Args& args);

// The host in a destination: "h" from "h", "u@h" (the last '@' splits, as ssh
// does), "ssh://u@h:22/" and "ssh://[::1]:22".
std::string destination_host(std::string_view destination);

// The `-o` keyword of an option argument ("Ciphers=x", " compression yes"),
// lower-cased; "" if there is none.
std::string option_keyword(std::string_view option);

// True when the remote command starts rsync (rsync -e runs "HOST rsync --server ...").
bool runs_rsync(const SshArgs& analysis);

// What the wrapper adds: -c and -o Compression=, each only if the user gave none.
struct SshTuning {
  std::string ciphers;  // "-c" value; empty: add no -c
  bool compression = false;
};

// `args` with our options inserted at the front (after the program name, which
// `args` excludes); the user's arguments keep their order.
Args tuned_ssh_args(const Args& args, const SshArgs& analysis, const SshTuning& tuning);

}  // namespace sshtune::cli
