#pragma once
// When the survey may stop timing ciphers: on a path whose pace the link or OpenSSH's
// channel window sets, every cipher moves the same, and the time left is worth more
// to the measurements the verdict needs (the window, parallel sessions, compression).
// The ciphers not timed still go into the recommendation, after the timed ones.

#include "rules/catalog.hpp"
#include "rules/decision.hpp"
#include "rules/policy.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// What the survey knows when it asks: before its first cipher trial, then after each.
struct PaceEvidence {
  std::vector<CipherTrial> timed;              // the uncompressed cipher trials so far, in order
  std::vector<std::string> candidates;         // every cipher the survey would time
  std::optional<double> rtt_seconds;           // the idle round trip, when measured
  std::map<std::string, double> local_speeds;  // this CPU's EVP speed per cipher (may be empty)
  bool server_is_hpn = false;                  // hpn-ssh's window follows TCP's: no fixed cap
};

// Why the ciphers not yet timed cannot move more than those timed, or nullopt when they may. One plain
// sentence. Before any trial: the server is not hpn-ssh (its window follows TCP's), the idle RTT is
// policy.long_rtt_ms or more, and window/RTT is under policy.cpu_fraction of what this CPU encrypts
// with the slowest candidate (no session comes near any cipher's cost; the user's ssh gives the
// figure). After a trial under policy.cpu_fraction of what this CPU encrypts for its cipher: it reached
// policy.window_near of window/RTT (OpenSSH's fixed channel window holds every cipher alike; never for
// an hpn-ssh server), or it and another trial moved within policy.flat_spread of each other (the link,
// not a CPU, sets the pace).
std::optional<std::string> ciphers_cannot_differ(const PaceEvidence& evidence, const Policy& policy);

// The ciphers of `untimed` a recommendation may still list after the timed ones: supported by both
// ends (facts.offer.client_ciphers, facts.offer.server_ciphers; empty lists allow all), above the security floor,
// strongest first (ties: `untimed`'s order).
std::vector<std::string> allowed_untimed(const HostFacts& facts, const std::vector<std::string>& untimed,
                                         const Catalog& catalog, const Policy& policy);

}  // namespace sshtune::rules
