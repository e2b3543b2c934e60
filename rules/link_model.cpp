#include "rules/link_model.hpp"

#include "base/format.hpp"
#include "rules/path_loss.hpp"
#include "rules/session_window.hpp"

#include <algorithm>
#include <cmath>

namespace sshtune::rules {
namespace {

// "… confirmed: 4 sessions moved 151 MB/s" or why the window is not taken for the limit.
bool confirmed_by_parallel(double best, const HostFacts& facts, const Policy& policy, const std::string& held_by,
                           std::vector<std::string>& reasons) {
  const auto parallel = best_parallel(facts);
  if (!parallel) {
    reasons.push_back("no parallel trial could confirm it, so the link is taken for the limit");
    return false;
  }
  const bool gains = parallel->mb_per_s >= policy.parallel_gain * best;
  reasons.push_back(std::to_string(parallel->streams) + " sessions at once moved " + mbps(parallel->mb_per_s) +
                    (gains ? ": each session is held by " + held_by + ", not the link"
                           : ": no more than one session, so the link is the limit"));
  return gains;
}

}  // namespace

std::optional<double> judged_rtt_seconds(const HostFacts& facts) {
  if (facts.path.loaded_rtt_seconds && *facts.path.loaded_rtt_seconds > 0) return facts.path.loaded_rtt_seconds;
  if (facts.path.rtt_seconds && *facts.path.rtt_seconds > 0) return facts.path.rtt_seconds;
  return std::nullopt;
}

std::string rtt_text(double seconds) {
  const double ms = seconds * 1000;
  return (ms >= 10 ? std::to_string(std::lround(ms)) : two_decimals(ms)) + " ms";
}

double window_cap_at(double rtt_seconds, const Policy& policy) { return policy.window_bytes / rtt_seconds / 1e6; }

std::optional<double> window_cap(const HostFacts& facts, const Policy& policy) {
  const auto rtt = judged_rtt_seconds(facts);
  const auto window = session_window(facts, facts.path.direction, policy);
  if (!rtt || !window) return std::nullopt;
  return window->bytes / *rtt / 1e6;
}

std::optional<double> session_cap(const HostFacts& facts, const Policy& policy) {
  auto cap = window_cap(facts, policy);
  if (!cap) return cap;
  for (const auto& trial : facts.openssh.trials) {
    if (!trial.compression) cap = std::max(*cap, trial.mb_per_s);  // a compressed one is always an upload
  }
  return cap;
}

LinkClass classify_link(const std::vector<RankedCipher>& survey, const HostFacts& facts, const Policy& policy,
                        std::vector<std::string>& reasons) {
  double best = 0, worst = 1e300;
  std::string fastest;
  for (const auto& c : survey) {
    if (c.mb_per_s > best) best = c.mb_per_s, fastest = c.name;
    worst = std::min(worst, c.mb_per_s);
  }
  const auto local = facts.local.cipher_speeds.find(fastest);
  if (local != facts.local.cipher_speeds.end() && best < policy.cpu_fraction * local->second) {
    reasons.push_back("the best trial is under " + percent(policy.cpu_fraction) + " of the " + mbps(local->second) +
                      " this CPU encrypts: the link, not the CPU, sets the pace "
                      "(link-bound)");
    return LinkClass::link_bound;
  }
  if (survey.size() < 2) {
    const bool lan = !facts.path.rtt_seconds || *facts.path.rtt_seconds * 1000 < policy.lan_rtt_ms;
    reasons.push_back("only one cipher could be compared; judged by the round-trip time as " +
                      std::string(lan ? "a LAN (cpu-bound)" : "a WAN (link-bound)"));
    return lan ? LinkClass::cpu_bound : LinkClass::link_bound;
  }
  const double spread = (best - worst) / best;
  const bool flat = spread <= policy.flat_spread;
  reasons.push_back("the ciphers' trials differ by " + percent(spread) + ": " +
                    (flat ? "the link, not the CPU, sets the pace (link-bound)" : "the CPU sets the pace (cpu-bound)"));
  return flat ? LinkClass::link_bound : LinkClass::cpu_bound;
}

std::optional<ParallelTrial> best_parallel(const HostFacts& facts) {
  const auto best = std::max_element(facts.openssh.parallel_trials.begin(), facts.openssh.parallel_trials.end(),
                                     [](const auto& a, const auto& b) { return a.mb_per_s < b.mb_per_s; });
  if (best == facts.openssh.parallel_trials.end()) return std::nullopt;
  return *best;
}

bool near_window(double best, double cap, const Policy& policy) { return best >= policy.window_suspect * cap; }

bool window_suspected(double best, double cap, const HostFacts& facts, const Policy& policy) {
  const auto rtt = judged_rtt_seconds(facts);
  return near_window(best, cap, policy) || (rtt && *rtt * 1000 >= policy.long_rtt_ms);
}

namespace {

// How far one session got towards `cap`, as the window's reason ends; `suspect`: window_suspected. On a
// path that loses packets (`lossy`) that is a trial's fresh session, which may run ahead of its losses.
std::string reach_text(double best, double cap, bool suspect, bool lossy, const Policy& policy) {
  if (best >= policy.window_near * cap) {
    return lossy ? ", and a trial's fresh session reaches it before its losses" : ", and one session reaches it";
  }
  std::string moved = ", and one session moves " + percent(best / cap) + " of it";
  if (best >= policy.window_suspect * cap) return moved;
  if (suspect) {
    return moved + " in a trial shorter than TCP's slow start takes to open it (about 8 round trips)";
  }
  return ", not a limit here";
}

}  // namespace

Bottleneck find_bottleneck(double best, const HostFacts& facts, LinkClass link_class, const Policy& policy,
                           std::vector<std::string>& reasons) {
  const auto window = window_cap(facts, policy);
  const Bottleneck otherwise = link_class == LinkClass::link_bound ? Bottleneck::link : Bottleneck::cpu;
  if (!window) return otherwise;
  const double cap = *session_cap(facts, policy);
  const bool suspect = window_suspected(best, cap, facts, policy);
  const std::string rtt = rtt_text(*judged_rtt_seconds(facts));
  const std::string name = window_name(*session_window(facts, facts.path.direction, policy));
  if (cap > *window) {
    reasons.push_back("a session of your ssh moved " + mbps(cap) + ", more than " + name +
                      " allows at the RTT measured while streaming (" + mbps(*window) + " at " + rtt +
                      "): those pings waited longer than the session's own round trips (a busy CPU delays them)");
  } else {
    reasons.push_back(name + " allows " + mbps(cap) + " per session at an RTT of " + rtt +
                      reach_text(best, cap, suspect, loss_suspected(facts, policy), policy));
  }
  // Loss holds a session when, on a path that loses packets, what one sustains in a long copy (for a
  // loss-based congestion control; else what the trial moved) is well under its window. A short trial's
  // fresh connection may run ahead of its losses, so the parallel sessions are judged against that too.
  const double single = std::min(best, loss_held_mb_per_s(facts, policy).value_or(best));
  const bool lossy = loss_suspected(facts, policy) && single < policy.window_suspect * cap;
  const bool held_whatever_the_cpu = link_class == LinkClass::link_bound || near_window(best, cap, policy);
  if (!(suspect || lossy) || !held_whatever_the_cpu) return otherwise;
  const std::string held_by = lossy ? "its congestion control's answer to loss" : "its window";
  if (!confirmed_by_parallel(lossy ? single : best, facts, policy, held_by, reasons)) return otherwise;
  if (!lossy) return Bottleneck::window;
  for (auto& reason : loss_reasons(facts, policy)) reasons.push_back(std::move(reason));
  return Bottleneck::loss;
}

}  // namespace sshtune::rules
