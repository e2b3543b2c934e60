#include "tuner/sshconfig/evaluator.hpp"

#include "base/process.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace sshtune::sshconfig {

Result<int> run_in_shell(const std::string& command) {
  // ssh's execute_in_shell(): $SHELL (or /bin/sh when unset) -c, stdin and stdout to
  // /dev/null, stderr shown; a shell that is not executable is fatal.
  const char* env_shell = std::getenv("SHELL");
  const std::string shell = env_shell != nullptr ? env_shell : "/bin/sh";
  if (access(shell.c_str(), X_OK) != 0) {
    return Error{ErrorKind::io, "Shell \"" + shell + "\" is not executable: " + std::strerror(errno)};
  }
  const auto run = run_process({shell, "-c", command}, {Output::discard, Output::inherit});
  if (!run) return 127;  // the shell could not start: a command that fails, as for ssh's child
  if (run.value().exit_code < 0) {
    return Error{ErrorKind::io, "the command did not exit normally"};
  }
  return run.value().exit_code;
}

}  // namespace sshtune::sshconfig
