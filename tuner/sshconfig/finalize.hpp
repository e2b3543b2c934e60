#pragma once
// What happens to the options after the configuration passes and before `ssh -G`
// prints them: the parts of readconf.c fill_default_options() that clear values
// (ClearAllForwardings, "none" for commands and paths, ProxyJump none), and
// ssh.c main()'s checks (jump host loops, ConnectionAttempts, ForkAfterAuthentication
// without a command, ...) and expansions (~, %-tokens and ${VAR} in ControlPath,
// IdentityAgent, ForwardAgent, UserKnownHostsFile, RemoteCommand, forwarding paths,
// and by release RevokedHostKeys, User, SetEnv and VersionAddendum).

#include "base/result.hpp"
#include "tuner/sshconfig/release.hpp"
#include "tuner/sshconfig/option_store.hpp"

#include <string>

namespace sshtune::sshconfig {

// The facts of the connection the expansions use.
struct FinalFacts {
  std::string host_arg;  // the destination as typed (user@ and ssh:// removed)
  std::string host;      // the final host name
  std::string local_user;
  std::string home;  // the passwd home (~ and %d)
  unsigned long uid = 0;
  std::string local_hostname;
  OpensshVersion release = k_newest_known_release;  // the dialect (tokens and expansions differ)
  bool check_user = false;                          // the final user must be a safe name (see evaluate())
  bool user_on_command_line = false;                // User came from -l or the destination (10.1: not expanded)
};

// Finalises `store` in place; an invalid_input error naming the line of the value
// ssh refuses ("t.conf:3: Cannot fork into background without a command to execute.").
Result<void> finalize(OptionStore& store, const FinalFacts& facts);

}  // namespace sshtune::sshconfig
