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
//   sshd's channel buffer fill, and where page faults are dear sshd then spends
//   seconds copying that buffer onto fresh pages (doc/benchmarks.md), a stall
//   that `scp` and `rsync`, which read without pause, never see;
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
// The interface lives here, beside RemoteRunner, so the host pipeline can use it
// without linking the adapter; probes/openssh implements it (make_openssh_runner.hpp).

#include "base/clock.hpp"
#include "base/measure_timing.hpp"
#include "probes/core/host_trials.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

// How to reach the host with the user's OpenSSH client: PROGRAM OPTIONS... TRIAL_OPTIONS... -- DESTINATION CMD.
struct OpensshTarget {
  std::string program = "ssh";               // $SSHTUNE_SSH, else the ssh on PATH
  std::vector<std::string> options;          // the user's -F/-p/-l/-i, as ssh-tune was given them
  std::vector<std::string> session_options;  // -o options that keep a trial a plain batch session (see host/)
  std::string destination;                   // the alias: ssh resolves it from the user's own config
  std::chrono::milliseconds timeout{10000};  // connect to the remote command's start
  std::string label;                         // "host" for messages
};

// Whether an upload is timed on this side (it reads a memory file: see the top) rather than the server's.
inline bool upload_timed_here(const TrialSpec& spec) {
  return spec.openssh.file_input && spec.kind != TrialKind::download;
}

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
    std::vector<std::string> why;  // the chooser's reasons, for its report; the runner hands them back unread
  };
  // What run_in_turn measured, all of it as values: a caller keeps nothing its callbacks saw.
  struct TurnRuns {
    std::vector<Result<TrialResult>> first;           // one per spec, in order
    std::vector<std::optional<std::string>> skipped;  // one per spec: the reason `skip` gave for its turn, if any
    TimeAgain again;                                  // what `again` chose (nothing when it is unset)
    std::vector<Result<TrialResult>> retimed;         // one per again.chosen, in that order
  };
  // Given every spec's first result, in order: what to time once more.
  using ChooseAgain = std::function<TimeAgain(const std::vector<Result<TrialResult>>&)>;
  // Before the turn of specs[index], given the results of the specs before it: a reason not to stream it,
  // or nullopt to stream it.
  using SkipTurn =
      std::function<std::optional<std::string>(std::size_t index, const std::vector<Result<TrialResult>>& before)>;

  virtual ~OpensshRunner() = default;
  // Opens one connection per spec (their set-up overlaps; at most k_max_connecting at once), waits until every remote
  // command has started, then times the specs one after the other. Then `again`, when set, chooses specs to time once
  // more, each in turn for its TimeAgain::stream_time (spec.openssh.phase_end no longer applies): an upload that reads
  // a memory file streams on the session of its first turn (its ssh paused in between: no new connection and no new
  // slow start, and no start_s), any other on a new connection. Where `skip` gives a reason before a spec's turn, that
  // spec's session ends unstreamed and its result is an Error (ErrorKind::unsupported) with that reason as its message
  // (and in TurnRuns::skipped).
  virtual TurnRuns run_in_turn(const std::vector<TrialSpec>& specs, const ChooseAgain& again = {},
                               const SkipTurn& skip = {}) = 0;
  // Opens one connection per spec (at most k_max_connecting connecting at once, probes/openssh/openssh_turn.hpp) and
  // times them all at the same time: parallel streams, each with its own connection, window and cipher thread, all
  // ending at one moment (the last warm-up's end plus the stream time); with specs.front().openssh.clock_warm_up, timed
  // on the clock instead, over one stretch from that long after their release (OpensshFeed::clock_warm_up), where
  // the kernel shows their connections. Sessions prepare() opened for specs of the same
  // setting stream first. One result per spec, in order.
  virtual std::vector<Result<TrialResult>> run_together(const std::vector<TrialSpec>& specs) = 0;
  // Starts opening sessions for `specs` in the background, so their set-up overlaps whatever is timed
  // meanwhile; each run_together streams on those of its setting (can_stream) of the earliest set prepared
  // and not yet used, and ends the rest of that set. A pipe
  // upload prepared so gets no spec.openssh.early_bytes (they would cross the link while another trial is timed).
  // Default: nothing is prepared.
  virtual void prepare(const std::vector<TrialSpec>& specs) { (void)specs; }
};

}  // namespace sshtune::probes
