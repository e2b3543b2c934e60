#include "tuner/host/schedule.hpp"

#include <algorithm>
#include <cmath>

namespace sshtune::host {
namespace {

// From this estimated rate up, an upload reads a memory file (as `ssh < file` does) rather than a pipe:
// a pipe's feeder would cost a CPU-bound client a sizeable share of its speed, and the extra warm-up that covers
// what ssh reads ahead of its turn (k_held_read_ahead, 16 MiB) takes at most 0.17 s. Below it the
// feeder's CPU is negligible and a pipe lets ssh read nothing early.
constexpr double k_file_input_mb_per_s = 100;
// A compressed upload reads a memory file from this estimate up: its data then flows several times faster
// than the link it crosses, and the pipe's remote side, which pauses its reading between `head`, `date`
// and `wc`, reads only a fraction of what `ssh -C < file` moves (doc/benchmarks.md). Below it (data that
// compresses poorly on a slow link) the held read-ahead, 16 MiB, would take seconds to cross: a pipe.
constexpr double k_compressed_file_input_mb_per_s = 20;
// What a pipe upload's ssh gets before its turn (OpensshFeed::early_bytes): the first channel window
// (2 MiB) a real copy sends while its remote shell starts; without it, a trial on a long path counts a
// start that real copies do not pay (doc/benchmarks.md). Only where that window crosses in 0.1 s: on a
// slower link the sessions' windows, sent at once, would still be crossing when the first trial is
// timed, and a real copy there pays no start to correct.
constexpr std::uint64_t k_early_window = 2u << 20;
constexpr double k_early_seconds = 0.1;

std::uint64_t bytes_for(double mb_per_s, double seconds) {
  return static_cast<std::uint64_t>(std::max(mb_per_s, 0.01) * 1e6 * seconds);
}

}  // namespace

ProbeBudget split_budget(milliseconds total, const MeasureTiming& timing) {
  // Whole milliseconds, rounded down (1e-6 keeps 0.35 of 11000 at 3850 despite 0.35's binary error).
  const auto share = [&](double fraction) {
    return milliseconds(static_cast<long long>(std::floor(static_cast<double>(total.count()) * fraction + 1e-6)));
  };
  const auto survey = share(timing.survey_share);
  const auto confirm = share(timing.confirm_share);
  return {survey, confirm, total - survey - confirm};
}

milliseconds shortest_stream(std::optional<double> rtt_seconds, const MeasureTiming& timing) {
  const auto path = milliseconds(static_cast<long long>(rtt_seconds.value_or(0) * 1000 * timing.stream_round_trips));
  return std::max(timing.shortest_stream, path);
}

milliseconds clock_warm_up(std::optional<double> rtt_seconds, const MeasureTiming& timing) {
  const double round_trips_ms = rtt_seconds.value_or(0) * 1000 * timing.slow_start_round_trips;
  return std::max(timing.shortest_stream, milliseconds(static_cast<long long>(round_trips_ms)));
}

WarmUpFloor slow_start_floor(std::optional<double> rtt_seconds, const rules::Policy& policy, PathLossSeen loss) {
  const bool lossy = loss == PathLossSeen::suspected;
  if (!rtt_seconds || (*rtt_seconds * 1000 < policy.long_rtt_ms && !lossy)) return {};
  const int round_trips =
      loss == PathLossSeen::none ? policy.timing.slow_start_round_trips : policy.timing.lossy_slow_start_round_trips;
  return {static_cast<std::uint64_t>(2 * policy.window_bytes),
          milliseconds(static_cast<long long>(*rtt_seconds * 1000 * round_trips))};
}

milliseconds setup_in_budget(milliseconds setup, milliseconds confirm_share) {
  return setup * 2 <= confirm_share ? setup : milliseconds(0);
}

milliseconds confirm_stream_time(milliseconds budget, milliseconds setup, std::size_t trials, milliseconds shortest,
                                 const MeasureTiming& timing) {
  if (trials == 0) return milliseconds(0);
  // The overhead, as the confirmation counts it afterwards: planned with less, the trials overrun
  // their share and take the time from the parallel share, which may then be too short for a ladder.
  const auto per_trial = (budget - setup) / static_cast<long>(trials);
  const auto stream = per_trial - timing.trial_overhead;
  if (stream < shortest) return budget >= setup + shortest ? shortest : milliseconds(0);
  return std::min(stream, std::max(timing.longest_stream, shortest));
}

milliseconds retime_stream_time(milliseconds left, milliseconds setup, std::size_t trials,
                                const MeasureTiming& timing) {
  // A negative `left` fits nothing.
  return std::max(confirm_stream_time(left, setup, trials, timing.shortest_stream, timing), timing.shortest_stream);
}

probes::TrialSpec openssh_spec(probes::TrialKind kind, const std::string& cipher, bool compression,
                               std::shared_ptr<const std::string> payload, double estimate_mb_per_s,
                               milliseconds stream_time, const WarmUpFloor& floor, const MeasureTiming& timing) {
  probes::TrialSpec spec;
  spec.kind = kind;
  spec.cipher = cipher;
  spec.compression = compression;
  spec.payload = std::move(payload);
  spec.openssh.file_input = estimate_mb_per_s >= k_file_input_mb_per_s ||
                            (compression && estimate_mb_per_s >= k_compressed_file_input_mb_per_s);
  const auto most = std::uint64_t(timing.warm_up_mib) << 20;
  const double longest_s = std::chrono::duration<double>(timing.longest_warm_up).count();
  spec.warm_up_bytes = std::max(std::min(most, bytes_for(estimate_mb_per_s, longest_s)), floor.bytes);
  if (!spec.openssh.file_input && kind == probes::TrialKind::upload) {
    spec.openssh.early_bytes = bytes_for(estimate_mb_per_s, k_early_seconds) >= k_early_window ? k_early_window : 0;
  }
  spec.byte_cap = std::uint64_t{1} << 40;  // never reached: the stream ends at stream_time
  spec.time_cap = stream_time;
  spec.warm_up_time = std::max({milliseconds(1000), stream_time, floor.time});
  return spec;
}

probes::TrialSpec sized_by_bound(probes::TrialSpec spec, const WarmUpFloor& floor) {
  if (floor.bytes > 0) spec.warm_up_bytes = floor.bytes;
  return spec;
}

probes::TrialSpec parallel_spec(probes::TrialKind kind, const std::string& cipher, double estimate_mb_per_s,
                                milliseconds stream_time, const WarmUpFloor& floor, const MeasureTiming& timing) {
  return openssh_spec(kind, cipher, false, nullptr, estimate_mb_per_s, stream_time, floor, timing);
}

milliseconds parallel_planned_stream(milliseconds share, milliseconds shortest, const MeasureTiming& timing) {
  const milliseconds longest = std::max(timing.shortest_stream, timing.longest_parallel_stream);
  return std::max(std::clamp(share / 4, timing.shortest_stream, longest), shortest);
}

milliseconds setup_estimate(milliseconds connect_time, const MeasureTiming& timing) {
  return connect_time * 2 + timing.shell_start;
}

milliseconds ladder_step_cost(milliseconds setup, milliseconds parallel_share, milliseconds shortest,
                              const MeasureTiming& timing) {
  return setup + parallel_planned_stream(parallel_share, shortest, timing) + timing.trial_overhead;
}

milliseconds ladder_reserve(milliseconds setup, milliseconds parallel_share, const MeasureTiming& timing) {
  return std::max(parallel_share,
                  ladder_step_cost(setup, parallel_share, timing.shortest_stream, timing) + timing.ladder_margin);
}

milliseconds confirm_share(const ProbeBudget& budget, milliseconds left, milliseconds reserve) {
  return std::clamp(left - reserve, milliseconds(0), budget.confirm);
}

int next_parallel_step(int streams, bool failed, double gain_over_previous, milliseconds left, milliseconds step_cost,
                       const rules::Policy& policy) {
  if (failed || left < step_cost) return 0;
  if (streams == 0) return 2;
  if (streams >= k_max_streams || gain_over_previous < policy.ladder_step_gain) return 0;
  return std::min(k_max_streams, streams * (gain_over_previous >= policy.ladder_linear_gain ? 4 : 2));
}

int next_step_down(int streams, bool failed, double aggregate, double best, milliseconds left, milliseconds step_cost,
                   const rules::Policy& policy) {
  if (streams == 0) return k_max_streams;
  if (failed || streams <= 2 || aggregate < policy.parallel_near * best || left < step_cost) return 0;
  return streams / 2;
}

bool crawled(double openssh_mb_per_s, double survey_mb_per_s, const rules::Policy& policy) {
  return openssh_mb_per_s < survey_mb_per_s * policy.crawl_fraction;
}

bool contested(double leader_survey_mb_per_s, double challenger_survey_mb_per_s, const rules::Policy& policy) {
  return challenger_survey_mb_per_s > leader_survey_mb_per_s * policy.contest_margin;
}

}  // namespace sshtune::host
