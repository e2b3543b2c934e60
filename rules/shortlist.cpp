#include "rules/shortlist.hpp"

#include "base/strings.hpp"
#include "rules/cipher_ranking.hpp"
#include "rules/compression_model.hpp"
#include "rules/link_model.hpp"
#include "rules/path_loss.hpp"
#include "rules/untimed_ciphers.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

// Compression is worth an OpenSSH trial when it is in effect now, or when the survey's compressed
// figure comes within the margin of winning or wins, or, when the survey had no time for it or skipped
// it, the zlib model's reaches the best: whenever the verdict may say Compression yes, its figure must
// be a measured transfer.
bool compression_matters(const HostFacts& survey, double best, std::optional<double> cap, const Policy& policy) {
  if (!survey.offer.server_offers_compression) return false;
  if (survey.offer.current_compression) return true;
  const auto compressed = compressed_speed(survey, best, cap);
  if (!compressed) return false;
  // The model's figure is zlib's ceiling (or less), not a transfer's sample: the survey's own skip rule.
  if (compressed->source == FigureSource::model) return zlib_can_reach(compressed->mb_per_s, best);
  return compression_can_matter(compressed->mb_per_s, best, policy);
}

// The survey's leaders, ranked by its trials; false when it timed none the policy allows.
bool add_timed_leaders(const HostFacts& survey, const Catalog& catalog, const Policy& policy, std::optional<double> cap,
                       Shortlist& list) {
  std::vector<std::string> notes;
  const auto ranked = rank_ciphers(survey, catalog, policy, cap, notes);
  if (ranked.empty()) return false;
  for (std::size_t i = 0; i < ranked.size() && i < k_confirmed_leaders; ++i) list.ciphers.push_back(ranked[i].name);
  list.leader_mb_per_s = ranked.front().mb_per_s;
  const LinkClass link = classify_link(ranked, survey, policy, notes);
  list.cpu_bound = link == LinkClass::cpu_bound;
  const double fastest = fastest_session(ranked);
  list.window_suspect = cap && (window_suspected(fastest, *cap, survey, policy) || loss_suspected(survey, policy)) &&
                        (link == LinkClass::link_bound || near_window(fastest, *cap, policy));
  return true;
}

// A survey that left every cipher untimed because the window holds them all far below their cost
// (ciphers_cannot_differ before any trial): the strongest allowed one, sized by the window; a long path,
// so parallel sessions decide. False when none is allowed.
bool add_untimed_leader(const HostFacts& survey, const Catalog& catalog, const Policy& policy,
                        std::optional<double> cap, Shortlist& list) {
  const auto allowed = allowed_untimed(survey, survey.survey.untimed_ciphers, catalog, policy);
  if (allowed.empty() || !cap) return false;
  list.ciphers.push_back(allowed.front());
  list.leader_mb_per_s = *cap;
  list.leader_is_bound = true;
  list.window_suspect = window_suspected(0, *cap, survey, policy);
  return true;
}

bool add_leaders(const HostFacts& survey, const Catalog& catalog, const Policy& policy, std::optional<double> cap,
                 Shortlist& list) {
  if (add_timed_leaders(survey, catalog, policy, cap, list)) return true;
  return survey.survey.trials.empty() && add_untimed_leader(survey, catalog, policy, cap, list);
}

}  // namespace

Shortlist shortlist(const HostFacts& survey, const Catalog& catalog, const Policy& policy) {
  Shortlist list;
  const auto cap = window_cap(survey, policy);
  if (!add_leaders(survey, catalog, policy, cap, list)) return list;
  list.current_cipher = negotiated_cipher(survey.offer.current_ciphers, survey.offer.server_ciphers);
  const bool current_usable =
      !list.current_cipher.empty() &&
      (survey.offer.client_ciphers.empty() || contains(survey.offer.client_ciphers, list.current_cipher));
  if (current_usable && !contains(list.ciphers, list.current_cipher)) list.ciphers.push_back(list.current_cipher);
  if (compression_matters(survey, list.leader_mb_per_s, cap, policy)) {
    list.compressed = survey.offer.current_compression && current_usable ? list.current_cipher : list.ciphers.front();
  }
  return list;
}

}  // namespace sshtune::rules
