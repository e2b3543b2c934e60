#include "rules/copy_time.hpp"

#include <algorithm>
#include <cmath>

namespace sshtune::rules {

std::optional<double> copy_seconds(double bytes, double setup_s, double start_s, double steady_mb_per_s) {
  if (!(steady_mb_per_s > 0)) return std::nullopt;
  return setup_s + start_s + bytes / (steady_mb_per_s * 1e6);
}

std::optional<double> split_copy_seconds(double bytes, int sessions, double setup_s, double start_s,
                                         double aggregate_mb_per_s) {
  if (sessions < 1) return std::nullopt;
  const double share = std::ceil(bytes / sessions);  // the largest share ends the copy
  return copy_seconds(share, setup_s, start_s, aggregate_mb_per_s / sessions);
}

std::optional<double> big_file_seconds(double bytes, const CopyInputs& in) {
  if (!in.parallel || !in.split.hash_mb_per_s || !(*in.split.hash_mb_per_s > 0)) return std::nullopt;
  const double setup = in.setup_s.value_or(0);
  const double logins = in.split.logins_s.value_or(setup);
  const auto streams =
      split_copy_seconds(bytes, in.parallel->streams, logins, in.start_s.value_or(0), in.parallel->mb_per_s);
  if (!streams) return std::nullopt;
  const double hash = bytes / (*in.split.hash_mb_per_s * 1e6);
  return std::max(*streams, hash) + setup + hash;
}

namespace {

// The least size from which the big-file snippet beats one advised session, by bisection: the snippet's
// extra time starts positive (its log-ins and the verifying session cost more than one log-in) and is
// convex in the size (a maximum of lines less a line), so it falls below zero at most once.
std::optional<double> big_file_pays_from(const CopyInputs& in) {
  const auto gain = [&](double bytes) {
    const auto split = big_file_seconds(bytes, in);
    const auto one = copy_seconds(bytes, in.setup_s.value_or(0), in.start_s.value_or(0), in.advised_mb_per_s);
    return split && one ? *one - *split : -1.0;
  };
  double low = 0;
  double high = 1e15;  // a petabyte: beyond it, never
  if (gain(high) <= 0) return std::nullopt;
  for (int i = 0; i < 200 && high - low > std::max(1.0, high * 1e-6); ++i) {
    const double middle = (low + high) / 2;
    (gain(middle) > 0 ? high : low) = middle;
  }
  return high;
}

// A run's bytes per second past its log-in and start (`fixed_s`, at most half the run); nullopt when it
// moved nothing or took no time.
std::optional<double> streaming_rate(const ToolRun& run, double fixed_s) {
  const double streaming = run.seconds - std::min(std::max(0.0, fixed_s), run.seconds / 2);
  if (!(run.bytes > 0) || !(streaming > 0)) return std::nullopt;
  return run.bytes / streaming;
}

const ToolRun* run_of(const CopyInputs& in, CopyTool tool) {
  const auto run = std::find_if(in.tools.begin(), in.tools.end(), [&](const ToolRun& r) { return r.tool == tool; });
  return run == in.tools.end() ? nullptr : &*run;
}

// What a run's log-in and start cost it: a lone log-in timed beside it, else the stream's set-up.
double fixed_seconds(const CopyInputs& in, const ToolRun& run) {
  return run.login_s.value_or(in.setup_s.value_or(0)) + in.start_s.value_or(0);
}

// The share of the advised rate rsync keeps where its own per-byte work (checksums, its process pipeline)
// counts: its timed run's streaming rate over the advised stream's, at most 1; 1 where rsync was not
// timed (the link, a window or loss sets the pace, and hides that work).
double rsync_share(const CopyInputs& in) {
  const ToolRun* run = run_of(in, CopyTool::rsync);
  const auto rate = run ? streaming_rate(*run, fixed_seconds(in, *run)) : std::nullopt;
  if (!rate || !(in.advised_mb_per_s > 0)) return 1;
  return std::min(1.0, *rate / (in.advised_mb_per_s * 1e6));
}

std::vector<ToolTime> tool_times(const CopyInputs& in, const std::optional<double>& advised_s) {
  std::vector<ToolTime> times;
  for (const CopyTool tool : k_copy_tools) {
    const ToolRun* run = run_of(in, tool);
    const auto timed = run ? tool_seconds(in.bytes, *run, fixed_seconds(in, *run)) : std::nullopt;
    if (timed)
      times.push_back({tool, *timed, true});
    else if (in.stream_paces_tools && advised_s)
      times.push_back({tool, *advised_s, false});
  }
  return times;
}

}  // namespace

std::optional<double> tool_seconds(double bytes, const ToolRun& run, double fixed_s) {
  const auto rate = streaming_rate(run, fixed_s);
  if (!rate) return std::nullopt;
  return std::min(std::max(0.0, fixed_s), run.seconds / 2) + bytes / *rate;
}

CopyPrediction predict_copy(const CopyInputs& in) {
  const double setup = in.setup_s.value_or(0);
  const double start = in.start_s.value_or(0);
  CopyPrediction p;
  p.at_least = !in.setup_s || !in.start_s;
  if (in.now_mb_per_s) p.now_s = copy_seconds(in.bytes, setup, start, *in.now_mb_per_s);
  p.advised_s = copy_seconds(in.bytes, setup, start, in.advised_mb_per_s);
  if (in.parallel) {
    const double logins = in.split.logins_s.value_or(setup);
    // The tree snippet runs k rsyncs: each pays rsync's own work, as one rsync does.
    p.parallel_s =
        split_copy_seconds(in.bytes, in.parallel->streams, logins, start, in.parallel->mb_per_s * rsync_share(in));
    p.big_file_s = big_file_seconds(in.bytes, in);
    if (p.big_file_s) p.big_file_pays_from_bytes = big_file_pays_from(in);
  }
  p.tools = tool_times(in, p.advised_s);
  return p;
}

}  // namespace sshtune::rules
