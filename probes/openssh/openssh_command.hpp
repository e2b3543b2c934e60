#pragma once
// The remote side of an OpenSSH trial: the command line ssh runs there, what that
// command prints back, and how many bytes an upload's ssh reads before its clock
// starts (the timing method is described at the top of probes/core/openssh_runner.hpp).

#include "probes/core/host_trials.hpp"
#include "probes/core/openssh_runner.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

// The byte a download's remote side waits for before it sends anything.
inline constexpr std::string_view k_download_go = "g";
// What an upload that reads a memory file may take before its turn, on top of its warm-up W: ssh reads
// the server's 2 MiB channel window before its remote command starts, and more until the hold lands (the
// marker's way back, this process's reaction, longer on a loaded machine). Its clock starts only once ssh
// has read W plus this, so the read-ahead is never timed; what the hold leaves of it streams in the turn
// as more warm-up (16 MiB: 0.16 s at the slowest stream that reads a file, 100 MB/s).
inline constexpr std::uint64_t k_held_read_ahead = std::uint64_t{16} << 20;

// The bytes an upload's ssh reads from its input before its clock starts: spec.warm_up_bytes, plus
// k_held_read_ahead when it reads a memory file.
std::uint64_t upload_warm_up(const TrialSpec& spec);

// The remote command of a trial (exposed for tests): prints k_start_marker, then for uploads counts
// everything until the end of input (from a memory file: one process) or reads W, prints the time,
// counts the rest and prints the time again (through a pipe); for downloads waits for k_download_go on
// its stdin, then writes W + M bytes.
std::string openssh_remote_command(const TrialSpec& spec);

// `ssh` with the user's options, the trials' batch session options and `extra` (e.g. -c, -o), then
// -- DESTINATION `command`: every remote command the trials run goes through this.
std::vector<std::string> openssh_command_argv(const OpensshTarget& target, const std::vector<std::string>& extra,
                                              const std::string& command);

// The full argv of one trial (exposed for tests).
std::vector<std::string> openssh_trial_argv(const OpensshTarget& target, const TrialSpec& spec);

// An upload's remote output when timed here: the count `wc -c` printed (a BSD wc pads it); nullopt when
// it is not a count.
std::optional<std::uint64_t> server_count(std::string_view output);

// A server-timed upload's remote output: the bytes it read after its warm-up and the seconds between its
// two clock readings ("1764.12\n52428800\n1765.3\n"); nullopt when the output is not a time, a count and
// a later time (a server whose date has no %N, say).
struct ServerInterval {
  std::uint64_t bytes = 0;
  double seconds = 0;
  double start = 0;  // the first reading, on the server's clock
};
std::optional<ServerInterval> server_interval(std::string_view output);

}  // namespace sshtune::probes
