#include "probes/core/repeated_runs.hpp"

#include <algorithm>

namespace sshtune::probes {
namespace {

std::vector<const TrialResult*> runs_kept(const std::vector<const TrialResult*>& runs, double stall_fraction) {
  double fastest = 0;
  for (const TrialResult* run : runs) fastest = std::max(fastest, mb_per_s(*run));
  std::vector<const TrialResult*> kept;
  for (const TrialResult* run : runs) {
    if (mb_per_s(*run) >= stall_fraction * fastest) kept.push_back(run);
  }
  return kept;
}

std::optional<double> mean_start(const std::vector<const TrialResult*>& runs) {
  double starts = 0;
  int counted = 0;
  for (const TrialResult* run : runs) {
    if (run->start_s) starts += *run->start_s, ++counted;
  }
  if (counted == 0) return std::nullopt;
  return starts / counted;
}

}  // namespace

TrialResult fold_runs(const std::vector<const TrialResult*>& runs, double stall_fraction) {
  const auto kept = runs_kept(runs, stall_fraction);
  TrialResult folded = *kept.front();
  folded.bytes = 0, folded.wire_bytes = 0, folded.seconds = 0;
  for (const TrialResult* run : kept) {
    folded.bytes += run->bytes, folded.wire_bytes += run->wire_bytes, folded.seconds += run->seconds;
  }
  folded.start_s = mean_start(runs);
  return folded;
}

}  // namespace sshtune::probes
