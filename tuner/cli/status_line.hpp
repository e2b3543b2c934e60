#pragma once
// `host`'s live status line: the step being measured, redrawn in place on a terminal's stderr.

#include "tuner/cli/command.hpp"
#include "tuner/host/progress_status.hpp"

namespace sshtune::cli {

// Draws each status as "probing: WHAT" over the last one on io.err, and erases the line for ""; unset
// (nothing drawn) when io.err is not a terminal. `io` must outlive it.
host::ProgressStatus status_line(Io& io);

}  // namespace sshtune::cli
