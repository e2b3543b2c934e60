#pragma once
// The one rule for a trial timed more than once, used by every pass that times again (the survey's
// outliers, the confirmation's stalls and contested leads).

#include "probes/core/host_trials.hpp"

#include <vector>

namespace sshtune::probes {

// One figure from the runs of one trial (`runs`, not empty): the mean of the runs kept, their bytes over
// their seconds (the longer run, the surer figure, weighs more), where a run under `stall_fraction` of the
// fastest run's rate is a stall and is left out. For two runs this is their median; the better of noisy
// runs would be biased upward. Its start (start_s) is the mean of the starts any run measured (a second run
// on the first's session measures none). The rest is the first kept run's.
TrialResult fold_runs(const std::vector<const TrialResult*>& runs, double stall_fraction);

}  // namespace sshtune::probes
