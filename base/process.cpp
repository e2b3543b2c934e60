#include "base/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace sshtune {
namespace {

// One output stream of the child: the pipe's read end when captured, else -1.
struct Stream {
  Output mode = Output::capture;
  int pipe_fd[2] = {-1, -1};
};

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// Reads the captured pipes until all reach end of file, so none can fill up and block the child.
void drain(std::array<Stream, 2>& streams, ProcessResult& result) {
  std::array<pollfd, 2> fds{pollfd{streams[0].pipe_fd[0], POLLIN, 0}, pollfd{streams[1].pipe_fd[0], POLLIN, 0}};
  std::array<std::string*, 2> sinks{&result.out, &result.err};
  int open_count = (fds[0].fd >= 0) + (fds[1].fd >= 0);
  char buffer[8192];
  while (open_count > 0) {
    if (::poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    for (std::size_t i = 0; i < fds.size(); ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open_count;
      }
    }
  }
}

// Wires the child's descriptor `target` (1 or 2) as the stream's mode asks.
void add_stream_actions(posix_spawn_file_actions_t& actions, const Stream& stream, int target) {
  if (stream.mode == Output::capture) posix_spawn_file_actions_adddup2(&actions, stream.pipe_fd[1], target);
  if (stream.mode == Output::discard) posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0);
}

// argv as execve wants it: pointers into the strings, then a null.
std::vector<char*> c_argv(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  return args;
}

}  // namespace

Result<ProcessResult> run_process(const std::vector<std::string>& argv, const ProcessOptions& options) {
  std::array<Stream, 2> streams{Stream{options.out}, Stream{options.err}};
  for (Stream& stream : streams) {
    if (stream.mode == Output::capture && ::pipe2(stream.pipe_fd, O_CLOEXEC) != 0) {
      for (Stream& opened : streams) close_fd(opened.pipe_fd[0]), close_fd(opened.pipe_fd[1]);
      return Error{ErrorKind::io, argv.front() + ": pipe: " + std::strerror(errno)};
    }
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  add_stream_actions(actions, streams[0], 1);
  add_stream_actions(actions, streams[1], 2);
  std::vector<char*> args = c_argv(argv);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  for (Stream& stream : streams) close_fd(stream.pipe_fd[1]);
  ProcessResult result;
  if (spawned == 0) drain(streams, result);
  for (Stream& stream : streams) close_fd(stream.pipe_fd[0]);
  if (spawned != 0) return Error{ErrorKind::io, argv.front() + ": " + std::strerror(spawned)};
  result.exit_code = wait_child(pid);
  return result;
}

Result<int> spawn_child(const std::vector<std::string>& argv, const ChildFds& fds, bool new_session) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  const int wanted[3] = {fds.in, fds.out, fds.err};
  for (int target = 0; target < 3; ++target) {
    if (wanted[target] >= 0) posix_spawn_file_actions_adddup2(&actions, wanted[target], target);
  }
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  if (new_session) posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);
  std::vector<char*> args = c_argv(argv);
  pid_t pid = 0;
  const int spawned = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawned != 0) return Error{ErrorKind::io, argv.front() + ": " + std::strerror(spawned)};
  return static_cast<int>(pid);
}

int wait_child(int pid) {
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::optional<int> poll_child(int pid) {
  int status = 0;
  pid_t ended = 0;
  while ((ended = ::waitpid(pid, &status, WNOHANG)) < 0) {
    if (errno != EINTR) return -1;
  }
  if (ended == 0) return std::nullopt;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

void stop_child(int pid, std::chrono::milliseconds grace) {
  ::kill(pid, SIGTERM);
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (::waitpid(pid, nullptr, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() >= deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
      return;
    }
    ::poll(nullptr, 0, 10);
  }
}

bool program_on_path(std::string_view name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr || name.empty() || name.find('/') != std::string_view::npos) return false;
  std::string_view dirs(path);
  while (true) {
    const std::size_t colon = dirs.find(':');
    const std::string_view dir = dirs.substr(0, colon);
    const std::string candidate = (dir.empty() ? std::string(".") : std::string(dir)) + "/" + std::string(name);
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0) {
      return true;
    }
    if (colon == std::string_view::npos) return false;
    dirs.remove_prefix(colon + 1);
  }
}

}  // namespace sshtune
