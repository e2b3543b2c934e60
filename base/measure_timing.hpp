#pragma once
// The measuring passes' timing values, one name per meaning. The defaults are here; rules/policy.toml's
// [timing] section (and the user's override of it) sets them, and ssh-tune-rules(5) gives each its
// reason and the bench that supports it. Every pass and runner that schedules trials reads them from
// the one MeasureTiming it was given.

#include <chrono>

namespace sshtune {

struct MeasureTiming {
  using milliseconds = std::chrono::milliseconds;

  double survey_share = 0.35;                 // of the budget: the libssh survey
  double confirm_share = 0.45;                // ... your ssh's confirmation; the ladder has the rest
  milliseconds shortest_stream{150};          // no timed stream is shorter (a fast link's least)
  milliseconds longest_stream{1000};          // a confirmation stream is never longer
  milliseconds longest_parallel_stream{500};  // a ladder step's streams are never longer
  int stream_round_trips = 5;                 // ... and none spans fewer round trips of the path
  int warm_up_round_trips = 2;                // a survey trial's least warm-up, in round trips
  int switch_round_trips = 2;                 // a survey switch between trials (a rekey), in round trips
  int slow_start_round_trips = 12;            // a long path's warm-up past TCP's slow start, in round trips
  int lossy_slow_start_round_trips = 30;      // ... and a lossy path's, whose losses hold the ramp back
  int warm_up_mib = 32;                       // an ssh trial's warm-up past a new session's slow start ...
  milliseconds longest_warm_up{500};          // ... unless that is more than this long at the estimated rate
  milliseconds trial_overhead{150};           // what one OpenSSH trial costs beyond its streaming
  milliseconds shell_start{150};              // a login shell's rc files before the remote command runs
  milliseconds ladder_margin{100};            // the ladder's room for the runner's own time
  milliseconds least_switch{50};              // a survey switch costs at least this, however short the path
  milliseconds least_command_slot{100};       // a survey round-trip or command trial's least slot
  milliseconds tool_stream{200};              // a CPU-bound copy tool's trial file: this long at the advised rate
  int least_tool_mib = 16;                    // ... and at least this many MiB (a log-in stays a small part)
  int most_tool_mib = 1024;                   // ... and at most (the local file in memory)
  bool operator==(const MeasureTiming&) const = default;
};

}  // namespace sshtune
