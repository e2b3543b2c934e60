#pragma once
// Trials through the user's own OpenSSH client: the `ssh` their transfers run,
// with the host's own configuration, so the figures are what `ssh`, `scp` and
// `rsync -e ssh` move. Only the streaming part is timed:
// - uploads from a memory file (a fast link): the remote side is one process that
//   reads to the end and prints its count (`exec wc -c`); the rate is the M bytes
//   ssh took from its input after the first W, over the time it took them. By
//   then ssh's buffers, the socket and the channel window are full, as they still
//   are when the input ends, so that is what the server received; the server's
//   count checks that nothing was lost. One reader with no pause matters: a remote
//   side that stops reading even for the few ms of starting its next process lets
//   sshd's channel buffer fill, and on a VM whose page faults are dear (PVM) sshd
//   then spends seconds in memmove and fresh pages at 2-20 MB/s, a stall that
//   `scp` and `rsync`, which read without pause, never see;
// - uploads through a pipe (a slower link): ssh takes its input a window adjust
//   (1 MiB) at a time, too coarse a step to time a slow link by on this side, so
//   the remote side reads W, prints its clock (`date +%s.%N`), counts the M bytes
//   that follow (`wc -c`) and prints its clock again; the rate is M over the two
//   server timestamps (where the remote date has no %N, this side's clock times
//   the bytes ssh took, as for a memory file);
// - downloads: the remote side prints a ready marker, waits for a go byte on its
//   stdin (sent in the trial's turn, so no download streams while another is
//   timed), then sends W + M bytes; the rate is M over the time this side took to
//   read them after the first W.
// Neither the connection's set-up nor the remote shell's start-up is timed.

#include "probes/host_trials.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// How to reach the host with the user's OpenSSH client: PROGRAM OPTIONS... TRIAL_OPTIONS... -- DESTINATION CMD.
struct OpensshTarget {
  std::string program = "ssh";               // $SSHTUNE_SSH, else the ssh on PATH
  std::vector<std::string> options;          // the user's -F/-p/-l/-i, as ssh-tune was given them
  std::vector<std::string> session_options;  // -o options that keep a trial a plain batch session (see host/)
  std::string destination;                   // the alias: ssh resolves it from the user's own config
  std::chrono::milliseconds timeout{10000};  // connect to the remote command's start
  std::string label;                         // "host" for messages
};

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
  // What to time once more: indices into the specs, in the order to time them, and at most how long each
  // streams (nullopt: its spec's time_cap; never longer than that).
  struct TimeAgain {
    std::vector<std::size_t> chosen;
    std::optional<std::chrono::milliseconds> stream_time;
  };
  // Given every spec's first result, in order: what to time once more.
  using ChooseAgain = std::function<TimeAgain(const std::vector<Result<TrialResult>>&)>;

  virtual ~OpensshRunner() = default;
  // Opens one connection per spec at once (their set-up overlaps), waits until every remote command has
  // started, then times the specs one after the other. Then `again`, when set, chooses specs to time once
  // more, each in turn for its TimeAgain::stream_time (spec.phase_end no longer applies): an upload that reads a memory
  // file streams on the session of its first turn (its ssh paused in between: no new connection and no
  // new slow start, and no start_s), any other on a new connection. One result per spec, in order, then
  // one per chosen spec, in the order chosen.
  virtual std::vector<Result<TrialResult>> run_in_turn(const std::vector<TrialSpec>& specs,
                                                       const ChooseAgain& again = {}) = 0;
  // Opens one connection per spec at once and times them all at the same time: parallel streams, each
  // with its own connection, window and cipher thread. One result per spec, in order.
  virtual std::vector<Result<TrialResult>> run_together(const std::vector<TrialSpec>& specs) = 0;
};

// The production OpensshRunner for `target`.
std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target);

// The remote command of a trial (exposed for tests): prints k_start_marker, then for uploads counts
// everything until the end of input (from a memory file: one process) or reads W, prints the time,
// counts the rest and prints the time again (through a pipe); for downloads waits for k_download_go on
// its stdin, then writes W + M bytes.
std::string openssh_remote_command(const TrialSpec& spec);

// The full argv of one trial (exposed for tests).
std::vector<std::string> openssh_trial_argv(const OpensshTarget& target, const TrialSpec& spec);

// Whether an upload is timed on this side (it reads a memory file: see the top) rather than the server's.
bool upload_timed_here(const TrialSpec& spec);

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

}  // namespace sshtune
