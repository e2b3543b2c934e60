#pragma once
// What the user's own OpenSSH client should time after the libssh survey: the
// survey's leaders within the security floor, the setting in effect now, and
// compression when it can matter. The survey ranks; OpenSSH gives the figures.

#include "rules/catalog.hpp"
#include "rules/decision.hpp"
#include "rules/policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// How many of the survey's leaders the OpenSSH client times (the issue of fidelity is close calls
// between them; the rest trail far behind or tie).
inline constexpr std::size_t k_confirmed_leaders = 2;

struct Shortlist {
  std::vector<std::string> ciphers;       // uncompressed, in this order: the leaders, then the current one
  std::optional<std::string> compressed;  // time Compression yes with the user's sample using this cipher
  std::string current_cipher;             // what the configuration in effect now negotiates ("" unknown)
  bool window_suspect = false;            // flat, and at [window] suspect of window/RTT or on a path that
                                          // loses packets (loss_suspected): parallel sessions decide
  bool cpu_bound = false;                 // the survey's ciphers differ: k sessions may add CPU cores
  double leader_mb_per_s = 0;             // the survey's best figure (or the window's), to size the trials
  bool leader_is_bound = false;           // leader_mb_per_s is the window's bound: no cipher was timed
};

// The shortlist for a survey (facts without OpenSSH trials). When the survey timed no cipher because
// the window holds them all (rules::ciphers_cannot_differ before any trial), the strongest allowed one
// leads, sized by the window. Empty ciphers when there is nothing the policy allows.
Shortlist shortlist(const HostFacts& survey, const Catalog& catalog, const Policy& policy);

}  // namespace sshtune::rules
