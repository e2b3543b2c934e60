#include "tuner/cli/commands.hpp"

#include <array>

namespace sshtune {

std::span<const Command> commands() {
  // Only commands that work are listed; --help prints them in this order.
  static const std::array table{
      Command{"host", "measure a host and recommend its ciphers and compression (ssh-tune HOST for short)", run_host},
      Command{"cpu", "CPU crypto features and local cipher/compression speeds (no network)", run_cpu},
      Command{"apply", "write a host's ciphers and compression into ssh_config (safely)", run_apply},
      Command{"revert", "remove what apply wrote, for one host or all", run_revert},
      Command{"config", "effective ssh settings for a host (as ssh -G), with file:line origins", run_config},
      Command{"audit", "find slow, deprecated or broken settings in ssh/sshd configs and servers", run_audit},
      Command{"snippet", "print a host's ssh_config block or rsync/scp/sftp/ssh command line", run_snippet},
      Command{"ssh", "drop-in ssh with the host's measured cipher and compression (rsync -e, scp -S, git)", run_ssh},
  };
  return table;
}

}  // namespace sshtune
