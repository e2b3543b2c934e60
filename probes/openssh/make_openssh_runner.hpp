#pragma once
// The OpensshRunner of the user's own `ssh` (openssh_runner.cpp); the interface
// and its timing contract are in probes/core/openssh_runner.hpp.

#include "base/clock.hpp"
#include "base/measure_timing.hpp"
#include "probes/core/openssh_runner.hpp"

#include <memory>

namespace sshtune::probes {

// The production OpensshRunner for `target`: one ssh process per trial, run as the interface describes.
// Every time it reads is `clock`'s (which must outlive it): the same clock as the specs' phase_end, so it
// compares like with like. Turns fit to a phase end with `timing`'s trial overhead and shortest stream, as
// the plan that set it counted them.
std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target, const Clock& clock,
                                                   const MeasureTiming& timing);

}  // namespace sshtune::probes
