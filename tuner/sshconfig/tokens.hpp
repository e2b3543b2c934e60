#pragma once
// The expansions ssh applies to option values: misc.c percent_expand() (%h, %p,
// ...), dollar_expand() (${VAR} from the environment), the two together, and
// tilde_expand_filename() (~ and ~user from the passwd database); plus the token
// set ssh.c fills in (DEFAULT_CLIENT_PERCENT_EXPAND_ARGS) and the %C hash.

#include "base/openssh_version.hpp"
#include "base/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// One %-token: its key letter and what it expands to.
struct TokenValue {
  char key;
  std::string value;
};
using Tokens = std::vector<TokenValue>;

// vdollar_percent_expand(): each %X from `tokens` (none expanded when `tokens` is
// empty, so '%' stays literal), %% as %, and with `dollar` each ${VAR} from the
// environment. An invalid_input error with ssh's reason otherwise: "unknown key %z",
// "invalid format" (a trailing %), "env var ${X} has no value", an unclosed or empty ${}.
Result<std::string> expand_tokens(std::string_view text, const Tokens& tokens, bool dollar);

// dollar_expand(): ${VAR} only (what ssh checks LocalForward and IdentityAgent with).
Result<std::string> dollar_expand(std::string_view text);

// tilde_expand_filename(): "~" and "~/p" from the passwd home of the current uid,
// "~user/p" from that user's entry; other paths unchanged. Error for an unknown user.
Result<std::string> tilde_expand(std::string_view path);

// What DEFAULT_CLIENT_PERCENT_EXPAND_ARGS are made of (and Match exec's tokens).
struct ConnectionFacts {
  std::string local_host;   // %l, gethostname(); %L is its first label
  std::string host;         // %h, the remote host name
  std::string host_arg;     // %n, the destination as typed
  std::string key_alias;    // %k, HostKeyAlias or the host
  int port = 22;            // %p
  std::string remote_user;  // %r
  std::string local_user;   // %u
  std::string home;         // %d, the passwd home
  unsigned long uid = 0;    // %i
  std::string jump_host;    // %j (9.6), the ProxyJump host or ""
};

// The %C %L %i %k %l %n %p %d %h %r %u tokens for `facts`, and %j from 9.6 on
// (when %C also hashes the jump host).
Tokens connection_tokens(const ConnectionFacts& facts, const OpensshVersion& release);

// The tokens 10.0 expands User with: all but %r and %C, which depend on it.
Tokens connection_tokens_without_user(const ConnectionFacts& facts, const OpensshVersion& release);

// ssh_connection_hash(): %C, the hex SHA-1 of local host, host, port, user and
// (9.6 on; "" before) the jump host.
std::string connection_hash(const std::string& local_host, const std::string& host, const std::string& port,
                            const std::string& user, const std::string& jump_host = "");

// gethostname(), as ssh's %l and %L take it.
std::string local_host_name();

}  // namespace sshtune::sshconfig
