#pragma once
// A path that loses packets. A short trial sees a fresh connection barely touched by loss; a copy of
// minutes lives with it, and a loss-based congestion control (cubic, reno) then holds one session near
// MSS/RTT × 1.22/√p (Mathis et al., 1997), far below the link, while k sessions, each recovering from
// its own losses, move up to k times as much (bench/lossy_path). The upload connections (the survey's and
// your ssh's) say how much TCP sent again (PathFacts::loss).

#include "rules/decision.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// The share of the uploaded segments TCP sent again; nullopt under policy.loss_min_segments.
std::optional<double> loss_fraction(const HostFacts& facts, const Policy& policy);

// One session may be held by loss: loss_fraction at policy.loss_suspect or more, off the LAN.
bool loss_suspected(const HostFacts& facts, const Policy& policy);

// What one session of a loss-based congestion control sustains at the measured loss and RTT, in MB/s;
// nullopt for bbr (which does not back off per loss), or without a loss fraction or an RTT.
std::optional<double> loss_held_mb_per_s(const HostFacts& facts, const Policy& policy);

// The reasons of a loss-bound verdict: what TCP counted, what one session sustains at that loss, and
// bbr as the remedy on the sending side when this machine runs another congestion control.
std::vector<std::string> loss_reasons(const HostFacts& facts, const Policy& policy);

}  // namespace sshtune::rules
