#pragma once
// How `host` tells what it is measuring now. The pipeline only names the step; drawing it (a terminal's
// status line) is the CLI's (tuner/cli/status_line.hpp).

#include <functional>
#include <string>

namespace sshtune::host {

// Called with what is being measured now ("upload aes128-ctr 12 MiB"), each call replacing the last;
// "" when nothing is any more. Unset: nothing is shown.
using ProgressStatus = std::function<void(const std::string& what)>;

// Shows `what` through `progress`, when set.
inline void show_probing(const ProgressStatus& progress, const std::string& what) {
  if (progress) progress(what);
}

// Ends the status, when set.
inline void clear_progress(const ProgressStatus& progress) {
  if (progress) progress("");
}

}  // namespace sshtune::host
