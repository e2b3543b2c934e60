#pragma once
// Trials through the user's own OpenSSH client: the `ssh` their transfers run,
// with the host's own configuration, so the figures are what `ssh`, `scp` and
// `rsync -e ssh` move. Only the streaming part is timed:
// - uploads: the remote side reads a warm-up of W bytes, prints its clock, reads
//   M more bytes and prints its clock again (`date +%s.%N`); the rate is M over
//   the two server timestamps, so neither connection set-up nor the remote
//   shell's start-up nor the pipes' fill is counted;
// - downloads: the remote side prints a ready marker, waits for a go byte on its
//   stdin (sent in the trial's turn, so no download streams while another is
//   timed), then sends W + M bytes; the rate is M over the time this side took to
//   read them after the first W.
// Where the remote `date` has no %N, the client's clock times the same bytes.

#include "probes/host_trials.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// How to reach the host with the user's OpenSSH client: PROGRAM OPTIONS... TRIAL_OPTIONS... -- DESTINATION CMD.
struct OpensshTarget {
  std::string program = "ssh";              // $SSHTUNE_SSH, else the ssh on PATH
  std::vector<std::string> options;         // the user's -F/-p/-l/-i, as ssh-tune was given them
  std::vector<std::string> session_options; // -o options that keep a trial a plain batch session (see host/)
  std::string destination;                  // the alias: ssh resolves it from the user's own config
  std::chrono::milliseconds timeout{10000}; // connect to the remote command's start
  std::string label;                        // "host" for messages
};

// The byte a download's remote side waits for before it sends anything.
inline constexpr std::string_view k_download_go = "g";
// What an upload that reads a memory file may take before its turn, on top of its warm-up W: ssh reads
// the server's 2 MiB channel window before its remote command starts, and more until the hold lands (the
// marker's way back, this process's reaction, longer on a loaded machine). The remote side reads W plus
// this before its clock starts, so the read-ahead is never timed; what the hold leaves of it streams in
// the turn as more warm-up (16 MiB: 0.16 s at the slowest stream that reads a file, 100 MB/s).
inline constexpr std::uint64_t k_held_read_ahead = std::uint64_t{16} << 20;

// The bytes an upload's remote side reads before its clock starts: spec.warm_up_bytes, plus
// k_held_read_ahead when it reads a memory file.
std::uint64_t remote_warm_up(const TrialSpec& spec);

// What one trial costs besides its timed streaming (its warm-up and the process's exit): for fitting
// trials to a phase's end here, and for costing trials when planning them.
inline constexpr std::chrono::milliseconds k_trial_overhead{150};

// Runs trials through the user's OpenSSH client. Each spec is an upload or a download with
// spec.cipher (-c), spec.compression (-o Compression=) and spec.payload; spec.warm_up_bytes is W and
// spec.byte_cap is M (see above). spec.time_cap bounds the streaming of one trial: a stream still running
// after it plus spec.warm_up_time is ended and reported as an error. spec.on_progress, when set, is called
// on the runner's thread with the bytes streamed since the warm-up, from the warm-up's end on.
class OpensshRunner {
 public:
  virtual ~OpensshRunner() = default;
  // Opens one connection per spec at once (their set-up overlaps), waits until every remote command has
  // started, then times the specs one after the other. One result per spec, in order.
  virtual std::vector<Result<TrialResult>> run_in_turn(const std::vector<TrialSpec>& specs) = 0;
  // Opens one connection per spec at once and times them all at the same time: parallel streams, each
  // with its own connection, window and cipher thread. One result per spec, in order.
  virtual std::vector<Result<TrialResult>> run_together(const std::vector<TrialSpec>& specs) = 0;
};

// The production OpensshRunner for `target`.
std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target);

// The remote command of a trial (exposed for tests): prints k_start_marker, then for uploads reads W
// bytes, prints the time, counts what follows until the end of input (wc -c) and prints the count and
// the time; for downloads waits for k_download_go on its stdin, then writes W + M bytes. The server's
// own count matters: bytes still buffered in the client's ssh when it stops writing would otherwise be
// counted in the wrong interval.
std::string openssh_remote_command(const TrialSpec& spec);

// The full argv of one trial (exposed for tests).
std::vector<std::string> openssh_trial_argv(const OpensshTarget& target, const TrialSpec& spec);

// What an upload's server side saw after its warm-up: the bytes it read and the seconds between its
// two clock readings ("1764.12\n52428800\n1765.3\n"); nullopt when the output is not a time, a count
// and a later time (a server whose date has no %N, say).
struct ServerInterval {
  std::uint64_t bytes = 0;
  double seconds = 0;
  double start = 0;  // the first reading, on the server's clock
};
std::optional<ServerInterval> server_interval(std::string_view output);

}  // namespace sshtune
