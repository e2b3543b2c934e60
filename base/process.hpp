#pragma once
// The one way ssh-tune runs child processes, all through posix_spawnp:
// - run_process: run and wait, collecting the output (ssh -Q, ssh -V, ssh -G,
//   rsync --version, Match exec); both pipes are drained together so the child can
//   never block on a full pipe;
// - spawn_child / stop_child: a long-running child wired to descriptors the caller
//   owns (a ProxyCommand on a socket pair, an ssh that streams a trial).

#include "base/result.hpp"

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

// What becomes of one of the child's output streams.
enum class Output {
  capture,  // collected into ProcessResult::out / err
  discard,  // /dev/null
  inherit,  // ssh-tune's own stream (the user sees it)
};

struct ProcessOptions {
  Output out = Output::capture;
  Output err = Output::capture;
};

// Runs argv[0] (searched in PATH) with stdin from /dev/null and waits for it.
// Fails only when the program cannot be started: "ssh: No such file or directory".
Result<ProcessResult> run_process(const std::vector<std::string>& argv, const ProcessOptions& options = {});

// The descriptors a spawned child gets as its stdin, stdout and stderr; -1 keeps
// ssh-tune's own. The caller keeps ownership (close its copies after spawning).
struct ChildFds {
  int in = -1;
  int out = -1;
  int err = -1;
};

// Starts argv[0] (searched in PATH) and returns its pid without waiting. With
// `new_session` the child runs in a session of its own (no controlling terminal,
// so an ssh in it can never prompt). Error when it cannot be started.
Result<int> spawn_child(const std::vector<std::string>& argv, const ChildFds& fds, bool new_session);

// Waits for a spawned child: its exit code, -1 when a signal ended it.
int wait_child(int pid);

// A spawned child's exit code (-1 when a signal ended it) once it has ended, reaping it; nullopt while it
// runs. Never blocks.
std::optional<int> poll_child(int pid);

// True when `name` is an executable regular file in a directory of $PATH (as execvp would find it).
bool program_on_path(std::string_view name);

// Ends a spawned child: SIGTERM, then SIGKILL if it is still there after `grace`; always reaps it.
void stop_child(int pid, std::chrono::milliseconds grace = std::chrono::seconds(1));

}  // namespace sshtune
