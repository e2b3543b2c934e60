#include "rules/untimed_ciphers.hpp"

#include "base/format.hpp"
#include "base/strings.hpp"
#include "rules/cipher_ranking.hpp"
#include "rules/link_model.hpp"
#include "rules/security_floor.hpp"
#include "rules/session_window.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

// True when `trial` is under policy.cpu_fraction of what this CPU encrypts for its cipher.
bool far_below_this_cpu(const CipherTrial& trial, const PaceEvidence& evidence, const Policy& policy) {
  const auto local = evidence.local_speeds.find(trial.cipher);
  return local != evidence.local_speeds.end() && trial.mb_per_s < policy.cpu_fraction * local->second;
}

std::string channel_window_name(const Policy& policy) {
  return window_name({WindowLimit::channel, static_cast<double>(policy.window_bytes)});
}

// The first trial that reached the window's cap at the idle RTT, far below this CPU's speed (on a LAN a
// CPU-bound cipher can move what window/RTT allows by coincidence).
std::optional<std::string> held_by_window(const PaceEvidence& evidence, const Policy& policy) {
  if (evidence.server_is_hpn || !evidence.rtt_seconds || *evidence.rtt_seconds <= 0) return std::nullopt;
  const double cap = window_cap_at(*evidence.rtt_seconds, policy);
  for (const auto& trial : evidence.timed) {
    if (trial.mb_per_s >= policy.window_near * cap && far_below_this_cpu(trial, evidence, policy)) {
      return trial.cipher + " moved " + mbps(trial.mb_per_s) + ", what " + channel_window_name(policy) + " allows at " +
             rtt_text(*evidence.rtt_seconds) + " (" + mbps(cap) + "): every cipher moves the same";
    }
  }
  return std::nullopt;
}

// Before any trial: on a long path the most a session can move is far below the slowest candidate's
// cost on this CPU.
std::optional<std::string> window_holds_every_cipher(const PaceEvidence& evidence, const Policy& policy) {
  const auto rtt = evidence.rtt_seconds;
  if (evidence.server_is_hpn || evidence.candidates.empty() || !rtt || *rtt * 1000 < policy.long_rtt_ms) {
    return std::nullopt;
  }
  const std::string* slowest = nullptr;
  for (const auto& name : evidence.candidates) {
    if (!evidence.local_speeds.contains(name)) return std::nullopt;
    if (slowest == nullptr || evidence.local_speeds.at(name) < evidence.local_speeds.at(*slowest)) slowest = &name;
  }
  const double cap = window_cap_at(*rtt, policy);
  const double cost = evidence.local_speeds.at(*slowest);
  if (cap >= policy.cpu_fraction * cost) return std::nullopt;
  return channel_window_name(policy) + " allows at most " + mbps(cap) + " at " + rtt_text(*rtt) + ", under " +
         percent(policy.cpu_fraction) + " of the " + mbps(cost) + " this CPU encrypts with " + *slowest +
         ", the slowest cipher both ends have: every cipher moves the same, and your ssh's trial gives the figure";
}

// Two trials that tie while the best is far below this CPU's speed for its cipher.
std::optional<std::string> paced_by_link(const PaceEvidence& evidence, const Policy& policy) {
  if (evidence.timed.size() < 2) return std::nullopt;
  const auto [low, high] = std::minmax_element(evidence.timed.begin(), evidence.timed.end(),
                                               [](const auto& a, const auto& b) { return a.mb_per_s < b.mb_per_s; });
  if (high->mb_per_s <= 0 || !far_below_this_cpu(*high, evidence, policy)) return std::nullopt;
  if ((high->mb_per_s - low->mb_per_s) / high->mb_per_s > policy.flat_spread) return std::nullopt;
  return low->cipher + " and " + high->cipher + " moved within " + percent(policy.flat_spread) + " of each other, " +
         "under " + percent(policy.cpu_fraction) + " of the " + mbps(evidence.local_speeds.at(high->cipher)) +
         " this CPU encrypts: the link sets the pace and every cipher moves the same";
}

}  // namespace

std::optional<std::string> ciphers_cannot_differ(const PaceEvidence& evidence, const Policy& policy) {
  if (evidence.timed.empty()) return window_holds_every_cipher(evidence, policy);
  if (auto window = held_by_window(evidence, policy)) return window;
  return paced_by_link(evidence, policy);
}

std::vector<std::string> allowed_untimed(const HostFacts& facts, const std::vector<std::string>& untimed,
                                         const Catalog& catalog, const Policy& policy) {
  std::vector<std::string> allowed;
  for (const auto& name : untimed) {
    const bool client = facts.offer.client_ciphers.empty() || contains(facts.offer.client_ciphers, name);
    const bool server = facts.offer.server_ciphers.empty() || contains(facts.offer.server_ciphers, name);
    if (client && server && !below_floor(name, catalog, policy)) allowed.push_back(name);
  }
  std::stable_sort(allowed.begin(), allowed.end(),
                   [&](const auto& a, const auto& b) { return stronger(catalog, a, b); });
  return allowed;
}

}  // namespace sshtune::rules
