#pragma once
// What limits a host's transfers: the CPUs (ciphers differ), the link (ciphers
// tie), or the window that binds one session (OpenSSH's fixed channel window or a
// TCP buffer, session_window.hpp: one session moves at most window/RTT; confirmed
// by parallel sessions moving more).

#include "rules/cipher_ranking.hpp"
#include "rules/decision.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// The round trip the window cap is judged by: the RTT measured while a trial streamed when there is one
// (a queue on the path lengthens it), else the idle RTT; nullopt when neither is known.
std::optional<double> judged_rtt_seconds(const HostFacts& facts);

// OpenSSH's channel window (policy.window_bytes)/RTT in MB/s at a round trip of `rtt_seconds` (> 0).
double window_cap_at(double rtt_seconds, const Policy& policy);

// The binding window (session_window for facts.path.direction)/RTT in MB/s at the judged RTT; nullopt without
// an RTT or a known window.
std::optional<double> window_cap(const HostFacts& facts, const Policy& policy);

// A round trip as the reasons print it: "204 ms", or "0.35 ms" under 10 ms.
std::string rtt_text(double seconds);

// The most one session is taken to move: window_cap, raised to the fastest uncompressed session your ssh
// moved. Such a session proves its window allowed that much: the judged RTT was longer than its own round
// trips (on a busy machine the pings wait for a core). nullopt without an RTT.
std::optional<double> session_cap(const HostFacts& facts, const Policy& policy);

// link-bound when the best is far below what this CPU encrypts for its cipher (facts.local.cipher_speeds,
// policy.cpu_fraction), however many ciphers were timed; else cpu-bound when the survey's ciphers differ beyond
// policy.flat_spread, link-bound when they tie; with one cipher, the RTT decides. Adds one reason.
LinkClass classify_link(const std::vector<RankedCipher>& survey, const HostFacts& facts, const Policy& policy,
                        std::vector<std::string>& reasons);

// The best aggregate of the parallel trials, or nullopt when none ran.
std::optional<ParallelTrial> best_parallel(const HostFacts& facts);

// True when one session of a link-bound host may be held by its window, so parallel sessions decide: its
// `best` figure reaches policy.window_suspect of `cap`, or the judged RTT is policy.long_rtt_ms or more.
// There TCP's slow start alone (about 8 round trips to open 2 MiB) outlasts any trial the budget holds,
// and no single figure can show the window.
bool window_suspected(double best, double cap, const HostFacts& facts, const Policy& policy);

// True when `best` reaches policy.window_suspect of `cap`: a session that far up its window may be held by
// it whatever the ciphers' spread says: a survey's ciphers can differ (cpu-bound) below a window that
// holds your ssh's sessions (bench/loss_matrix, doc/benchmarks.md).
bool near_window(double best, double cap, const Policy& policy);

// window when one session is window_suspected (of session_cap) on a link-bound host, or near_window on
// any, and a parallel trial moved at least policy.parallel_gain times as much; loss instead when the path
// loses packets (loss_suspected) and one session moved under policy.window_suspect of the cap; else link
// or cpu by the link class.
// Adds the reasons: the cap (or that a session of your ssh moved more than window/RTT), whether it binds,
// and what confirmed it (or why it was not confirmed).
Bottleneck find_bottleneck(double best, const HostFacts& facts, LinkClass link_class, const Policy& policy,
                           std::vector<std::string>& reasons);

}  // namespace sshtune::rules
