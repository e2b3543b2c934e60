#pragma once
// Which measured ciphers may be recommended, and in what order.

#include "rules/catalog.hpp"
#include "rules/decision.hpp"
#include "rules/policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

struct RankedCipher {
  std::string name;
  double mb_per_s = 0;  // the trial, capped by the window when the RTT is known
};

// True when `a` is the stronger cipher: better tier, then AEAD, then longer key.
bool stronger(const Catalog& catalog, const std::string& a, const std::string& b);

// The trials that pass the policy and are supported by both ends, best first.
// Trials within `policy.tie_tolerance` of a group's fastest member form a tie
// and are ordered stronger first; so are neighbours within `policy.same_cost_tolerance` that this CPU
// runs at the same speed (facts.local_speeds). Each excluded cipher adds a reason.
std::vector<RankedCipher> rank_ciphers(const HostFacts& facts, const Catalog& catalog, const Policy& policy,
                                       std::optional<double> window_cap_mb_per_s, std::vector<std::string>& reasons);

}  // namespace sshtune::rules
