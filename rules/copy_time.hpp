#pragma once
// The whole-copy model: how long a copy of N bytes takes through new ssh sessions, from measured figures
// only. A copy pays its connection's set-up (log-in), then its new session's start (TCP's slow start and
// sshd's first buffers: the seconds lost before the steady rate), then streams at the steady rate. k
// sessions split the copy k ways: each opens and starts at the same time as the others and carries its
// share at its share of the aggregate. Pure.

#include "base/copy_tool.hpp"
#include "rules/decision.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace sshtune::rules {

// Seconds for a whole copy of `bytes` in one new session: `setup_s` + `start_s` + bytes / the steady rate
// (`steady_mb_per_s`, 10^6 bytes/s). nullopt when the rate is not positive: nothing measured, nothing
// promised.
std::optional<double> copy_seconds(double bytes, double setup_s, double start_s, double steady_mb_per_s);

// Seconds for a whole copy of `bytes` split over `sessions` (at least 1) new sessions opened together that
// move `aggregate_mb_per_s` in all: each carries bytes / sessions at aggregate / sessions, after the same
// set-up and start. nullopt as copy_seconds.
std::optional<double> split_copy_seconds(double bytes, int sessions, double setup_s, double start_s,
                                         double aggregate_mb_per_s);

// What the one-big-file snippet (templates/parallel.tmpl) costs besides its streams: its k sessions log in
// at once, this end hashes the file while the parts cross, then one more session logs in and the other
// end hashes the whole file.
struct SplitCosts {
  std::optional<double> logins_s;       // k sessions' set-up started together (the ladder's slowest session)
  std::optional<double> hash_mb_per_s;  // sha256sum here, taken for the other end too
};

// A copy tool timed whole as its snippet prints it: `bytes` in `seconds`, log-in included.
struct ToolRun {
  CopyTool tool = CopyTool::scp;
  double bytes = 0;
  double seconds = 0;
  std::optional<double> login_s;  // a lone log-in and remote command timed beside it (nullopt: not timed)
};

// What a whole-copy prediction is made from: every figure as the run measured it (nullopt: not measured).
struct CopyInputs {
  double bytes = 0;
  std::optional<double> setup_s;           // a new connection's set-up
  std::optional<double> start_s;           // a new session's start
  std::optional<double> now_mb_per_s;      // the setting in effect now, steady
  double advised_mb_per_s = 0;             // the recommendation, steady
  std::optional<ParallelAdvice> parallel;  // the advised sessions' aggregate, steady
  SplitCosts split;                        // with `parallel`: what its sessions and the big-file snippet add
  std::vector<ToolRun> tools;              // the copy tools timed (a CPU-bound setting), at most one each
  bool stream_paces_tools = false;         // the link, a window or loss sets the pace: the tools take advised_s
};

// One copy tool's whole copy: timed from its own run, or the advised stream's where that sets the pace.
struct ToolTime {
  CopyTool tool = CopyTool::scp;
  double seconds = 0;
  bool timed = false;  // from the tool's own run; false: the advised stream's time stands for it
};

// The whole copy's seconds, now, advised and with the advised sessions (nullopt: no figure to predict it
// from). An unmeasured set-up or start counts as none, so the times are then lower bounds (`at_least`).
struct CopyPrediction {
  std::optional<double> now_s;
  std::optional<double> advised_s;
  // A tree over the advised sessions (k rsyncs), its k log-ins at once, each rsync at the share of the
  // stream's rate its timed run kept (its own work: checksums, its process pipeline).
  std::optional<double> parallel_s;
  // One big file split over them, hashed at both ends (nullopt: the hash speed was not measured) ...
  std::optional<double> big_file_s;
  // ... and the least size from which that beats one advised session (nullopt: it never does, or
  // big_file_s is not known).
  std::optional<double> big_file_pays_from_bytes;
  std::vector<ToolTime> tools;  // in k_copy_tools' order; a tool neither timed nor paced by the stream is left out
  bool at_least = false;
};

// Seconds for `bytes` through the tool that made `run`: its log-in and start (`fixed_s`, at most half the
// run) and then the rest at the run's pace, so its own per-byte work is counted. The log-in should be one
// timed beside the run (ToolRun::login_s): under a short run, a log-in timed while other sessions opened
// would count some of the tool's copying as log-in.
// nullopt when the run moved nothing or took no time.
std::optional<double> tool_seconds(double bytes, const ToolRun& run, double fixed_s);

CopyPrediction predict_copy(const CopyInputs& in);

// Seconds for the one-big-file snippet over `in.parallel`'s sessions with `bytes`: the slower of its
// streams (after the k log-ins and the start) and this end's hash, then the verifying session's log-in and
// the other end's hash. nullopt without parallel advice or a hash speed.
std::optional<double> big_file_seconds(double bytes, const CopyInputs& in);

}  // namespace sshtune::rules
