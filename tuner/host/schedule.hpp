#pragma once
// How `host` spends its budget (pure, so the unit tests pin it down):
//   the libssh survey   ranks every cipher both ends have, times compression, RTT, rsync;
//   the confirmation    the user's own ssh times the shortlist (leaders, the setting now, compression);
//   the parallel ladder k = 2, 4, 8 concurrent ssh sessions while budget is left and each step gains.
// The confirmation's connections open together, so their set-up overlaps; each
// trial is sized from the survey's figure to stream for its share of the time.

#include "probes/core/host_trials.hpp"
#include "rules/policy.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace sshtune::host {

// The most sessions the parallel ladder times at once (they connect staggered, k_max_connecting at a time,
// so sshd's MaxStartups never drops one).
inline constexpr int k_max_streams = 8;

using std::chrono::milliseconds;

struct ProbeBudget {
  milliseconds survey{0};
  milliseconds confirm{0};
  milliseconds parallel{0};
};

// The split of `total`: timing.survey_share to the survey, timing.confirm_share to the confirmation, the
// rest to parallel sessions.
ProbeBudget split_budget(milliseconds total, const MeasureTiming& timing);

// The shortest stream an OpenSSH trial is timed for: timing.shortest_stream, and on a long path
// timing.stream_round_trips of its round trips (`rtt_seconds`).
milliseconds shortest_stream(std::optional<double> rtt_seconds, const MeasureTiming& timing);

// How long the sessions of a ladder step held by their windows or by loss stream before the stretch they
// are timed over on the clock starts (OpensshFeed::clock_warm_up): timing.slow_start_round_trips of the
// path's round trips, past TCP's slow start and, on a lossy path, its first losses; never less than
// timing.shortest_stream, which on a short path covers sshd's first buffers and the remote command's start.
milliseconds clock_warm_up(std::optional<double> rtt_seconds, const MeasureTiming& timing);

// The least warm-up every OpenSSH trial on a path gets (slow_start_floor); none on a short path.
struct WarmUpFloor {
  std::uint64_t bytes = 0;
  milliseconds time{0};
};

// What the uploads counted of a path's loss: none seen, loss suspected (rules::loss_suspected), or
// unknown (no upload counted).
enum class PathLossSeen { none, suspected, unknown };

// On a path at policy.long_rtt_ms or more (`rtt_seconds`), a warm-up past TCP's slow start, so a trial's
// clock starts once the ramp is over: at least twice policy.window_bytes (the doubling windows' sum before
// one reaches the channel window), taking up to policy.timing.slow_start_round_trips of its round trips,
// or lossy_slow_start_round_trips where `loss` is suspected or unknown (losses hold the ramp back). A
// session idle since it was opened, or paused between turns, slow-starts again. Shorter paths ramp within
// the warm-up openssh_spec gives: no floor, unless loss is suspected: a session there is timed once TCP
// has met its losses, not in the slow start before them.
WarmUpFloor slow_start_floor(std::optional<double> rtt_seconds, const rules::Policy& policy,
                             PathLossSeen loss = PathLossSeen::none);

// The set-up a batch of connections (`setup`, setup_estimate) is planned to take inside the budget: all
// of it when it is at most half the confirmation's share (`confirm_share`), else none. On a long path
// ssh's handshakes take more round trips than the share holds; all of their set-up is then charged
// outside the budget (it moves the deadline), so the trials still stream.
milliseconds setup_in_budget(milliseconds setup, milliseconds confirm_share);

// How long each of `trials` confirmation trials may stream when `budget` holds them, each with its
// overhead (timing.trial_overhead), and their set-up (`setup`, overlapped: paid once); at most
// timing.longest_stream (or `shortest` when that is more), and at least `shortest` (then the trials may
// overrun `budget`). Zero when not even one such stream fits beside the set-up.
milliseconds confirm_stream_time(milliseconds budget, milliseconds setup, std::size_t trials, milliseconds shortest,
                                 const MeasureTiming& timing);

// How long each of `trials` runs timed again may stream: their share of what is `left` until the deadline
// (as confirm_stream_time, `setup` for their connections), and timing.shortest_stream when even that does
// not fit: a run timed again replaces a stall or settles a contested order, which the figures need more
// than the budget.
milliseconds retime_stream_time(milliseconds left, milliseconds setup, std::size_t trials, const MeasureTiming& timing);

// One OpenSSH trial that streams for `stream_time` after its warm-up, whatever it moves (the survey's
// libssh figure, `estimate_mb_per_s`, can be twice ssh's: a byte count from it would run twice as
// long). Its warm-up is timing.warm_up_mib (past a new session's slow start and TCP's ramp), or
// timing.longest_warm_up of data at the estimate when that is less (a slow link), and never under the
// path's `floor`. Fast uploads (compressed: from 20 MB/s) read a memory file, the rest a pipe.
probes::TrialSpec openssh_spec(probes::TrialKind kind, const std::string& cipher, bool compression,
                               std::shared_ptr<const std::string> payload, double estimate_mb_per_s,
                               milliseconds stream_time, const WarmUpFloor& floor, const MeasureTiming& timing);

// `spec` (openssh_spec's), sized by the window's bound rather than a measured figure (the survey timed
// no cipher): the rate is unknown, and 0.5 s of the bound's data could be seconds of a lossy path's, so
// the warm-up is the floor's bytes alone (past TCP's slow start to the window).
probes::TrialSpec sized_by_bound(probes::TrialSpec spec, const WarmUpFloor& floor);

// The parallel spec: one uncompressed session of a parallel step (openssh_spec without a payload).
probes::TrialSpec parallel_spec(probes::TrialKind kind, const std::string& cipher, double estimate_mb_per_s,
                                milliseconds stream_time, const WarmUpFloor& floor, const MeasureTiming& timing);

// The share of the budget the confirmation may use: budget.confirm, but never the `reserve` kept after it (the
// parallel share, or more for a ladder step that costs more) of the time `left` before the deadline (a
// survey that ran long shortens the confirmation).
milliseconds confirm_share(const ProbeBudget& budget, milliseconds left, milliseconds reserve);

// How long each step of the parallel ladder streams: a quarter of the parallel `share`, from
// timing.shortest_stream to timing.longest_parallel_stream, and never under `shortest`.
milliseconds parallel_planned_stream(milliseconds share, milliseconds shortest, const MeasureTiming& timing);

// What a batch of OpenSSH connections opened together is planned to take to set up, given what one of
// the survey's connections took (`connect_time`): two connects' worth (ssh's own and its TCP
// handshakes) and a login shell's start (timing.shell_start) before the remote command runs.
milliseconds setup_estimate(milliseconds connect_time, const MeasureTiming& timing);

// What one step of the parallel ladder costs: its connections' `setup`, its streaming
// (parallel_planned_stream of the parallel share, never under `shortest`) and its overhead
// (timing.trial_overhead).
milliseconds ladder_step_cost(milliseconds setup, milliseconds parallel_share, milliseconds shortest,
                              const MeasureTiming& timing);

// What the confirmation leaves a ladder that will run: the parallel share, or one step
// (ladder_step_cost) with timing.ladder_margin for the runner's own time when that is more (a 40 ms
// path's set-up estimate is most of the share, and its step was lost to overruns of 0.03-0.15 s).
milliseconds ladder_reserve(milliseconds setup, milliseconds parallel_share, const MeasureTiming& timing);

// The next step of the parallel ladder after `streams` (0 before the first), or 0 to stop: 2, 4, 8; a
// step that scaled nearly linearly (doubling the sessions gave policy.ladder_linear_gain or more: each
// session is held by its own window) skips to 8 at once, since the budget rarely holds three steps. The
// ladder stops once a step fails, once a step gained less than policy.ladder_step_gain on the previous
// one, or when `left` cannot hold another step of `step_cost`.
int next_parallel_step(int streams, bool failed, double gain_over_previous, milliseconds left, milliseconds step_cost,
                       const rules::Policy& policy);

// The ladder from the top, for a path where one session is held by its window (k sessions then move
// up to k times as much): k = 8 first (`streams` 0), as it needs no budget left (the verdict needs one
// parallel figure to tell the window from the link); then half as many while the last step
// (`aggregate`) stayed within policy.parallel_near of the `best` aggregate so far, so the smallest k near
// the best is found, and `left` holds another `step_cost`. 0 to stop: after a failed step, at 2, or
// once a step fell short of the best.
int next_step_down(int streams, bool failed, double aggregate, double best, milliseconds left, milliseconds step_cost,
                   const rules::Policy& policy);

// True when an OpenSSH trial that moved `openssh_mb_per_s` crawled: under policy.crawl_fraction of what
// the survey measured for the same setting (`survey_mb_per_s`). The two clients' costs differ by up to
// 2x either way; a quarter is a stall of the server or the machine, not the cipher, and the trial is
// timed once more.
bool crawled(double openssh_mb_per_s, double survey_mb_per_s, const rules::Policy& policy);

// True when the confirmation's leader is contested: the survey put `challenger` ahead of `leader` by
// more than policy.contest_margin (beyond two ciphers running within noise) while the user's ssh put it
// behind. One of the two orders is a moment's load; both are timed once more and each figure is the
// mean of its runs (retime.cpp).
bool contested(double leader_survey_mb_per_s, double challenger_survey_mb_per_s, const rules::Policy& policy);

}  // namespace sshtune::host
