#pragma once
// Whether parallel sessions pay, from measured aggregates only (never a model):
// the smallest k within policy.parallel_near of the best aggregate, advised only
// when it beats one session by policy.parallel_gain.

#include "rules/decision.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// The advice for `single` (one session's figure) and the host's parallel trials, or nullopt when none
// pays (or none ran). Adds one reason when trials ran.
std::optional<ParallelAdvice> advise_parallel(const HostFacts& facts, double single, const Policy& policy,
                                              std::vector<std::string>& reasons);

}  // namespace sshtune::rules
