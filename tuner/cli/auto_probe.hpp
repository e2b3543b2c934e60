#pragma once
// The background half of auto-tune (auto_tune.hpp): its log and the detached
// probe process that waits for the transfer's ssh, then runs `ssh-tune host`.

#include "tuner/cli/command.hpp"

#include <filesystem>
#include <string>

namespace sshtune::cli {

// cache_dir()/auto.log.
std::filesystem::path auto_log_path();

// Appends "YYYY-MM-DDTHH:MM:SSZ MESSAGE" to the log (created 0600, started afresh
// once it is over 1 MiB). Best effort: a log that cannot be written is skipped.
void append_auto_log(const std::string& message);

// Spawns `ssh-tune --auto-probe LOCK_FD PID HOST [host flags]` for this process
// (PID): in a session of its own, stdin from /dev/null, stdout and stderr appended
// to the log; it inherits `lock_fd`, which holds the host's lock. Its pid, or an
// io error when it cannot be started.
Result<int> spawn_auto_probe(int lock_fd, const Args& host_args);

// `ssh-tune --auto-probe LOCK_FD PARENT_PID HOST [host flags]` (hidden; started by
// spawn_auto_probe): closes every other inherited descriptor, waits until
// PARENT_PID (the transfer's ssh) has exited, runs `ssh-tune host HOST [flags]`
// with SSH_ASKPASS_REQUIRE=never and logs when it starts and how it ended. The
// lock stays held until the measurement is over. A usage error for bad arguments.
Result<ExitCode> run_auto_probe(const Args& args, Io& io);

}  // namespace sshtune::cli
