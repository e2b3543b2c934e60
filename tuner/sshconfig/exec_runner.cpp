#include "tuner/sshconfig/evaluator.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace sshtune::config {

Result<int> run_in_shell(const std::string& command) {
  // ssh's execute_in_shell(): $SHELL (or /bin/sh) -c, stdin/stdout to /dev/null.
  const char* env_shell = std::getenv("SHELL");
  const std::string shell = env_shell != nullptr && *env_shell != '\0' ? env_shell : "/bin/sh";
  const pid_t pid = fork();
  if (pid < 0) {
    return Error{ErrorKind::io, std::string("fork: ") + std::strerror(errno)};
  }
  if (pid == 0) {
    const int null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0) {
      dup2(null_fd, STDIN_FILENO);
      dup2(null_fd, STDOUT_FILENO);
    }
    execl(shell.c_str(), shell.c_str(), "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      return Error{ErrorKind::io, std::string("waitpid: ") + std::strerror(errno)};
    }
  }
  if (!WIFEXITED(status)) {
    return Error{ErrorKind::io, "match exec '" + command.substr(0, 100) + "' did not exit normally"};
  }
  return WEXITSTATUS(status);
}

}  // namespace sshtune::config
