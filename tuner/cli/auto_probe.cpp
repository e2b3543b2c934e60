#include "tuner/cli/auto_probe.hpp"

#include "base/clock.hpp"
#include "base/paths.hpp"
#include "base/process.hpp"
#include "tuner/host/host_cache.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <ostream>

namespace fs = std::filesystem;

namespace sshtune::cli {
namespace {

constexpr off_t k_log_limit = off_t{1024} * 1024;

// The log, opened for appending (close-on-exec: children get it only as stdout/stderr); -1 on failure.
int open_log() {
  std::error_code ec;
  fs::create_directories(host::cache_dir(), ec);
  const std::string path = auto_log_path().string();
  struct stat info {};
  const bool too_big = ::stat(path.c_str(), &info) == 0 && info.st_size > k_log_limit;
  return ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (too_big ? O_TRUNC : 0), 0600);
}

std::string utc_now() {
  const auto now = static_cast<std::time_t>(system_clock().unix_seconds());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string self_executable() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("ssh-tune") : exe.string();
}

std::optional<int> parse_int(const std::string& text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// Only the lock and the standard streams stay open: nothing of the transfer's (its
// pipes to rsync or git) may be held open by the probe.
void close_inherited(int lock_fd) {
  if (lock_fd > 3) ::close_range(3, static_cast<unsigned>(lock_fd - 1), 0);
  ::close_range(static_cast<unsigned>(lock_fd + 1), ~0U, 0);
}

// Returns once `parent` is no longer this process's parent: it has exited.
void wait_for_parent(int parent) {
  while (::getppid() == parent) ::poll(nullptr, 0, 100);
}

std::string joined(const Args& args) {
  std::string text;
  for (const std::string& arg : args) text += (text.empty() ? "" : " ") + arg;
  return text;
}

}  // namespace

fs::path auto_log_path() { return host::cache_dir() / "auto.log"; }

void append_auto_log(const std::string& message) {
  const int fd = open_log();
  if (fd < 0) return;
  const std::string line = utc_now() + " " + message + "\n";
  const ssize_t written = ::write(fd, line.data(), line.size());
  (void)written;  // best effort, as documented
  ::close(fd);
}

Result<int> spawn_auto_probe(int lock_fd, const Args& host_args) {
  const int log = open_log();
  if (log < 0) return Error{ErrorKind::io, display_path(auto_log_path().string()) + ": " + std::strerror(errno)};
  const int null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  Args argv{self_executable(), "--auto-probe", std::to_string(lock_fd), std::to_string(::getpid())};
  argv.insert(argv.end(), host_args.begin(), host_args.end());
  Result<int> pid = spawn_child(argv, ChildFds{null, log, log}, true);
  if (null >= 0) ::close(null);
  ::close(log);
  return pid;
}

Result<ExitCode> run_auto_probe(const Args& args, Io& io) {
  const std::optional<int> lock = args.size() >= 3 ? parse_int(args[0]) : std::nullopt;
  const std::optional<int> parent = args.size() >= 3 ? parse_int(args[1]) : std::nullopt;
  if (!lock || !parent || *lock < 3 || ::fcntl(*lock, F_GETFD) < 0) {
    return Error{ErrorKind::usage, "--auto-probe is started by ssh-tune ssh (auto-tune), not by hand"};
  }
  close_inherited(*lock);
  ::setenv("SSH_ASKPASS_REQUIRE", "never", 1);
  const Args host_args(args.begin() + 2, args.end());
  const std::string& host = host_args.front();
  io.out << utc_now() << ' ' << host << ": waiting for the transfer's ssh (pid " << *parent << ") to finish"
         << std::endl;
  wait_for_parent(*parent);
  Args argv{self_executable(), "host"};
  argv.insert(argv.end(), host_args.begin(), host_args.end());
  io.out << utc_now() << ' ' << host << ": measuring: ssh-tune host " << joined(host_args) << std::endl;
  SSHTUNE_TRY(pid, spawn_child(argv, ChildFds{}, false));
  const int code = wait_child(pid);
  io.out << utc_now() << ' ' << host << ": measurement " << (code == 0 ? "done" : "failed") << " (exit " << code << ")"
         << std::endl;
  return code == 0 ? ExitCode::ok : ExitCode::failure;
}

}  // namespace sshtune::cli
