#pragma once
// The verdict's whole-copy line and its JSON: how long a copy of the request's size takes now, with the
// advice and with the advised sessions (rules/copy_time.hpp), from what the run measured.

#include "tuner/host/pipeline.hpp"

#include <nlohmann/json.hpp>

#include <string>

namespace sshtune::cli {

// "copy:        4.0 GiB (--size): 6 min 10 s now, 5 min 2 s advised, 58 s with 8 sessions (set-up 2.10 s,
// start 0.40 s, then 11 MB/s steady)\n" and the copy tools' line ("tools:       scp 3.4 s, sftp 3.9 s,
// rsync 5.1 s (each timed as printed, ...)\n"); a figure the model needs that was not measured is named instead,
// the times then lower bounds ("at least").
std::string copy_line(const host::HostOutcome& outcome);

// {bytes, size_from, setup_s, start_s, steady_mb_per_s, now_s, advised_s, parallel_streams, parallel_s,
// tools: {scp, sftp, rsync: {s, timed} or null}, at_least}: null where not measured.
nlohmann::json copy_json(const host::HostOutcome& outcome);

}  // namespace sshtune::cli
