#include "rules/cipher_ranking.hpp"

#include "base/format.hpp"
#include "base/strings.hpp"
#include "rules/security_floor.hpp"

#include <algorithm>
#include <tuple>

namespace sshtune::rules {
namespace {

int key_bits(const std::string& name) {
  if (name.find("256") != std::string::npos || name.starts_with("chacha20")) {
    return 256;
  }
  return name.find("192") != std::string::npos ? 192 : 128;
}

// Why `name` may not be recommended, or "" when it may.
std::string exclusion(const HostFacts& facts, const Catalog& catalog, const Policy& policy, const std::string& name) {
  if (!facts.offer.client_ciphers.empty() && !contains(facts.offer.client_ciphers, name)) {
    return name + " skipped: the local ssh does not support it";
  }
  if (!facts.offer.server_ciphers.empty() && !contains(facts.offer.server_ciphers, name)) {
    return name + " skipped: the server does not offer it";
  }
  if (const auto reason = below_floor(name, catalog, policy)) {
    return name + " skipped: " + *reason;
  }
  return "";
}

// Sorts by speed, then reorders each run of near-equal speeds strongest first.
void order_with_ties(std::vector<RankedCipher>& ranked, const Catalog& catalog, double tolerance) {
  std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.mb_per_s > b.mb_per_s; });
  for (auto group = ranked.begin(); group != ranked.end();) {
    const double floor = group->mb_per_s * (1.0 - tolerance);
    const auto end = std::find_if(group, ranked.end(), [&](const auto& c) { return c.mb_per_s < floor; });
    std::stable_sort(group, end, [&](const auto& a, const auto& b) { return stronger(catalog, a.name, b.name); });
    group = end;
  }
}

std::string fastest_name(const std::vector<RankedCipher>& ranked) {
  const auto fastest = std::max_element(ranked.begin(), ranked.end(),
                                        [](const auto& a, const auto& b) { return a.mb_per_s < b.mb_per_s; });
  return fastest != ranked.end() ? fastest->name : "";
}

bool within(double a, double b, double tolerance) { return std::min(a, b) >= std::max(a, b) * (1.0 - tolerance); }

// True when this CPU runs both ciphers at the same speed, by the local benchmark.
bool same_cost(const HostFacts& facts, const std::string& a, const std::string& b, double tolerance) {
  const auto speed_a = facts.local.cipher_speeds.find(a);
  const auto speed_b = facts.local.cipher_speeds.find(b);
  return speed_a != facts.local.cipher_speeds.end() && speed_b != facts.local.cipher_speeds.end() &&
         within(speed_a->second, speed_b->second, tolerance);
}

// Lets a stronger cipher overtake its faster neighbour when both cost this CPU the same and their trials
// differ by less than trial noise. Returns true when the order changed.
bool promote_same_cost(std::vector<RankedCipher>& ranked, const HostFacts& facts, const Catalog& catalog,
                       const Policy& policy) {
  bool changed = false;
  for (std::size_t i = 0; i + 1 < ranked.size(); ++i) {
    const auto& faster = ranked[i];
    const auto& slower = ranked[i + 1];
    if (stronger(catalog, slower.name, faster.name) &&
        within(faster.mb_per_s, slower.mb_per_s, policy.same_cost_tolerance) &&
        same_cost(facts, faster.name, slower.name, policy.tie_tolerance)) {
      std::swap(ranked[i], ranked[i + 1]);
      changed = true;
    }
  }
  return changed;
}

}  // namespace

bool stronger(const Catalog& catalog, const std::string& a, const std::string& b) {
  const auto rank = [&](const std::string& name) {
    const Algorithm* entry = catalog.find(AlgorithmKind::cipher, name);
    const int tier = entry != nullptr ? static_cast<int>(entry->tier) : 99;
    const bool aead = entry != nullptr && entry->aead;
    return std::make_tuple(-tier, aead, key_bits(name));
  };
  return rank(a) > rank(b);
}

std::vector<RankedCipher> rank_ciphers(const HostFacts& facts, const Catalog& catalog, const Policy& policy,
                                       std::optional<double> window_cap_mb_per_s, std::vector<std::string>& reasons) {
  std::vector<RankedCipher> ranked;
  for (const auto& trial : facts.survey.trials) {
    if (const std::string why = exclusion(facts, catalog, policy, trial.cipher); !why.empty()) {
      reasons.push_back(why);
      continue;
    }
    const double speed = window_cap_mb_per_s ? std::min(trial.mb_per_s, *window_cap_mb_per_s) : trial.mb_per_s;
    const auto same = std::find_if(ranked.begin(), ranked.end(), [&](const auto& c) { return c.name == trial.cipher; });
    if (same == ranked.end()) {
      ranked.push_back({trial.cipher, speed});
    } else {
      same->mb_per_s = std::max(same->mb_per_s, speed);
    }
  }
  order_with_ties(ranked, catalog, policy.tie_tolerance);
  const std::string fastest = fastest_name(ranked);
  if (!ranked.empty() && ranked.front().name != fastest) {
    reasons.push_back(ranked.front().name + " ties with " + fastest + " (within " + percent(policy.tie_tolerance) +
                      "): the stronger cipher goes first");
  } else if (promote_same_cost(ranked, facts, catalog, policy) && ranked.front().name != fastest) {
    reasons.push_back(ranked.front().name + " ties with " + fastest + ": this CPU runs both at the same speed and " +
                      "their trials differ by less than " + percent(policy.same_cost_tolerance) +
                      ", so the stronger cipher goes first");
  }
  return ranked;
}

std::vector<RankedCipher> rank_with_client_figures(const HostFacts& facts, const std::vector<RankedCipher>& survey,
                                                   const Catalog& catalog, const Policy& policy,
                                                   std::optional<double> window_cap_mb_per_s,
                                                   std::vector<std::string>& reasons) {
  HostFacts client = facts;
  client.survey.trials.clear();
  for (const auto& trial : facts.openssh.trials) {
    if (!trial.compression) client.survey.trials.push_back({trial.cipher, trial.mb_per_s});
  }
  std::vector<std::string> notes;
  std::vector<RankedCipher> ranked = rank_ciphers(client, catalog, policy, window_cap_mb_per_s, notes);
  for (auto& note : notes) {  // the survey's ranking already named most exclusions
    if (std::find(reasons.begin(), reasons.end(), note) == reasons.end()) reasons.push_back(std::move(note));
  }
  for (auto& cipher : ranked) cipher.source = FigureSource::openssh;
  for (const auto& cipher : survey) {
    const bool timed = std::any_of(ranked.begin(), ranked.end(), [&](const auto& c) { return c.name == cipher.name; });
    if (!timed) ranked.push_back(cipher);
  }
  return ranked;
}

double fastest_session(const std::vector<RankedCipher>& ranked) {
  double fastest = 0;
  for (const auto& c : ranked) {
    if (c.source == ranked.front().source) fastest = std::max(fastest, c.mb_per_s);
  }
  return fastest;
}

std::string negotiated_cipher(const std::vector<std::string>& client_list, const std::vector<std::string>& server) {
  for (const auto& name : client_list) {
    if (server.empty() || contains(server, name)) return name;
  }
  return "";
}

}  // namespace sshtune::rules
