#pragma once
// One OpenSSH trial's stream and its turns: warm-up, timed streaming, pauses
// between turns (probes/core/openssh_runner.hpp has the whole contract). The runner
// (openssh_runner.cpp) orders the turns. Included only by probes/*.cpp.

#include "base/clock.hpp"
#include "base/measure_timing.hpp"
#include "probes/openssh/openssh_stream.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace sshtune::probes {

// One trial's stream and its progress through the timed phase.
struct Live {
  const Clock* clock = nullptr;  // the runner's: every time below is one of its
  std::unique_ptr<OpensshStream> stream;
  std::optional<Error> error;
  Clock::time_point started_at{};             // when its ssh started
  Clock::time_point released_at{};            // when its turn came
  std::uint64_t before_turn = 0;              // upload: the bytes ssh had taken from its input by then
  bool warmed = false;                        // the first W bytes are through
  Clock::time_point warmed_at{};              // when they were
  std::uint64_t measured_from = 0;            // the bytes sent (upload) or received (download) at that moment
  std::optional<Clock::time_point> ended_at;  // upload: when its input ended
  std::uint64_t sent_at_end = 0;              // ... and the bytes ssh had read from it by then
  bool done = false;
  std::chrono::milliseconds stream_time{0};  // spec.time_cap, or less when run_in_turn's phase runs late
  // run_together: the moment every member of the group ends (the last warm-up's end plus stream_time), so
  // the streams are timed over one stretch and none runs alone at either end of it.
  std::optional<Clock::time_point> ends_at;
  TrialResult result;
  // run_in_turn: an upload from a memory file pauses (its ssh stopped, its input open) at its turn's end,
  // so a second turn streams on the same session, past its slow start; close_paused() ends it.
  bool pause_at_end = false;
  bool paused = false;
  bool first_turn = true;
  std::uint64_t turn_from = 0;       // upload: the bytes ssh had taken when this (later) turn began
  std::optional<Error> close_error;  // what closing a paused stream found wrong: voids every turn's figure
};

// The most sessions connecting (started, their remote command not yet running) at once: well below sshd's
// MaxStartups (10 by default; from there it drops new connections at random), whatever else connects.
inline constexpr std::size_t k_max_connecting = 4;

// How long the runner waits for any stream's output at a time: a memory file's reader wakes nothing,
// so its clock and top-ups run on this slice.
inline constexpr std::chrono::milliseconds k_poll_slice{20};

// From `since` to `until` on the runner's clock, as a result's span.
TrialResult::Span client_span(Clock::time_point since, Clock::time_point until);

// Whether `live` sends its spec's data (an upload) rather than receives it.
bool upload(const Live& live);

// Whether `live` still streams: it neither failed nor is done.
bool active(const Live& live);

// Waits for output from any active member of `group`, for room in a pipe input when `feeding`, or
// `wait` at most.
void poll_for(std::vector<Live*>& group, bool feeding, std::chrono::milliseconds wait);

// A member for `spec`, its ssh started (or the reason it could not start).
Live start_live(const OpensshTarget& target, const TrialSpec& spec, const Clock& clock);

// Starts a member per spec, at most k_max_connecting connecting at once (the next as an earlier one is
// ready or failed), and waits until each is ready, failed, or `timeout` past its own start. Once `stop` is
// set, no more start: those fail with "not started", those started still get their time to be ready (a
// connection dropped before it authenticates counts against this client in OpenSSH 9.8+'s
// PerSourcePenalties). Meanwhile a pipe upload's ssh gets its spec.openssh.early_bytes.
std::vector<Live> start_staggered(const OpensshTarget& target, const std::vector<TrialSpec>& specs,
                                  std::chrono::milliseconds timeout, const Clock& clock,
                                  const std::atomic<bool>* stop = nullptr);

// Waits until every member's remote command has started; meanwhile a pipe upload's ssh gets its
// spec.openssh.early_bytes, a real copy's first window (see TrialSpec).
void wait_until_ready(std::vector<Live*>& group, Clock::time_point deadline, const Clock& clock);

// Ends every paused stream's input and lets them all run out at once; a stream whose ssh fails or whose
// server counted less than ssh took gets a close_error, as does one whose later turn failed (its ssh is
// ended: nothing can check its earlier figures any more).
void close_paused(std::vector<Live*>& lives);

// Streams every live member of `group` at once until each is done, failed or past `deadline`. Each
// streams for its stream_time from its own warm-up's end; `together`, they all end at one moment instead
// (Live::ends_at).
void stream_group(std::vector<Live*>& group, Clock::time_point deadline, const Clock& clock, bool together = false);

// Shortens a trial's streaming so it and the `remaining - 1` trials after it end by spec.openssh.phase_end moved
// by `setup` (the time the connections took to become ready and the earlier trials' warm-ups: set-up is
// no trial's time; this trial's own warm-up moves it too, which comes to leaving it out of the share), when
// the streams ran longer than planned, each turn counted with timing.trial_overhead; never below
// timing.shortest_stream.
void fit_to_phase_end(Live& live, std::size_t remaining, Clock::duration setup, const MeasureTiming& timing);

// Lets a held upload stream on when its turn comes. Its ssh was stopped as its remote command started;
// had it read the whole warm-up and read-ahead by then, its clock would have started in the hold.
void release(Live& live);

// When the slowest member of `group` must be done: its warm-up, then its streaming, then the exit's grace.
// A spec's warm-up time is for one session at the rate it was sized from; k sessions together move at
// least what one does (on a link-bound path no more), so each member's warm-up gets k times as long.
Clock::time_point stream_deadline(const std::vector<Live*>& group, const Clock& clock);

// A result that names the spec's setting and the OpenSSH client, with nothing measured yet.
TrialResult empty_result(const TrialSpec& spec);

// Streams `live` alone, released already, until it is done, failed or late.
void stream_alone(Live& live);

// Readies a paused stream for another turn on its session: its clock restarts after spec.warm_up_bytes.
void resume(Live& live);

}  // namespace sshtune::probes
