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
  FigureSource source = FigureSource::libssh;
};

// True when `a` is the stronger cipher: better tier, then AEAD, then longer key.
bool stronger(const Catalog& catalog, const std::string& a, const std::string& b);

// The trials that pass the policy and are supported by both ends, best first.
// Trials within `policy.tie_tolerance` of a group's fastest member form a tie
// and are ordered stronger first; so are neighbours within `policy.same_cost_tolerance` that this CPU
// runs at the same speed (facts.local.cipher_speeds). Each excluded cipher adds a reason.
std::vector<RankedCipher> rank_ciphers(const HostFacts& facts, const Catalog& catalog, const Policy& policy,
                                       std::optional<double> window_cap_mb_per_s, std::vector<std::string>& reasons);

// The final order: the ciphers the OpenSSH client timed uncompressed, ranked by those figures as
// rank_ciphers does (ties to the stronger cipher), then the rest of `survey` in the survey's order.
std::vector<RankedCipher> rank_with_client_figures(const HostFacts& facts, const std::vector<RankedCipher>& survey,
                                                   const Catalog& catalog, const Policy& policy,
                                                   std::optional<double> window_cap_mb_per_s,
                                                   std::vector<std::string>& reasons);

// The fastest figure measured by the client that measured the first: a tie puts the stronger cipher
// first, but whether one session reaches its window is read from the fastest session. 0 when empty.
double fastest_session(const std::vector<RankedCipher>& ranked);

// The cipher a client list negotiates with a server: its first name the server offers (any, when the
// server's list is unknown); "" when none.
std::string negotiated_cipher(const std::vector<std::string>& client_list, const std::vector<std::string>& server);

}  // namespace sshtune::rules
