#include "tuner/sshconfig/evaluator.hpp"

#include "base/process.hpp"

#include <cstdlib>

namespace sshtune::config {

Result<int> run_in_shell(const std::string& command) {
  // ssh's execute_in_shell(): $SHELL (or /bin/sh) -c, stdin and stdout to /dev/null, stderr shown.
  const char* env_shell = std::getenv("SHELL");
  const std::string shell = env_shell != nullptr && *env_shell != '\0' ? env_shell : "/bin/sh";
  const auto run = run_process({shell, "-c", command}, {Output::discard, Output::inherit});
  if (!run) return 127;  // the shell could not start: a command that fails, as for ssh's child
  if (run.value().exit_code < 0) {
    return Error{ErrorKind::io, "match exec '" + command.substr(0, 100) + "' did not exit normally"};
  }
  return run.value().exit_code;
}

}  // namespace sshtune::config
