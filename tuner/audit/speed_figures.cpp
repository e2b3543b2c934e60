#include "tuner/audit/speed_figures.hpp"

#include "base/format.hpp"
#include "base/message.hpp"
#include "rules/cipher_ranking.hpp"

#include <algorithm>

namespace sshtune::audit {
namespace {

bool allowed_tier(const std::string& cipher, const AlgorithmContext& context) {
  const rules::Algorithm* entry = context.catalog.find(AlgorithmKind::cipher, cipher);
  if (entry == nullptr) return false;
  const auto& allow = context.policy.allow;
  return entry->tier <= context.policy.security_floor || std::find(allow.begin(), allow.end(), cipher) != allow.end();
}

// `figures` (usable ones) reduced to the fastest, carrying those within the noise as peers.
std::optional<CipherFigure> fastest_of(std::vector<CipherFigure> figures, const AlgorithmContext& context) {
  if (figures.empty()) return std::nullopt;
  std::stable_sort(figures.begin(), figures.end(),
                   [](const CipherFigure& a, const CipherFigure& b) { return a.mb_per_s > b.mb_per_s; });
  CipherFigure best = figures.front();
  for (std::size_t i = 1; i < figures.size(); ++i) {
    if (figures[i].mb_per_s > (1 - context.policy.speed_noise) * best.mb_per_s) best.peers.push_back(figures[i]);
  }
  return best;
}

}  // namespace

bool usable_cipher(const std::string& cipher, const AlgorithmContext& context, const std::vector<std::string>* server) {
  if (!context.client.supports(AlgorithmKind::cipher, cipher)) return false;
  if (server != nullptr && !server->empty() && std::find(server->begin(), server->end(), cipher) == server->end()) {
    return false;
  }
  return allowed_tier(cipher, context);
}

std::optional<double> local_speed(const std::vector<probes::CipherSpeed>& speeds, const std::string& cipher) {
  for (const probes::CipherSpeed& speed : speeds) {
    if (speed.name == cipher && speed.available && speed.mb_per_s > 0) return speed.mb_per_s;
  }
  return std::nullopt;
}

std::optional<CipherFigure> fastest_local(const std::vector<probes::CipherSpeed>& speeds,
                                          const AlgorithmContext& context, const std::vector<std::string>* server) {
  std::vector<CipherFigure> usable;
  for (const probes::CipherSpeed& speed : speeds) {
    if (!speed.available || speed.mb_per_s <= 0 || !usable_cipher(speed.name, context, server)) continue;
    usable.push_back(CipherFigure{speed.name, speed.mb_per_s});
  }
  return fastest_of(std::move(usable), context);
}

std::optional<CipherFigure> fastest_trial(const MeasuredHost& facts, const AlgorithmContext& context) {
  std::vector<CipherFigure> usable;
  for (const auto& [cipher, mb_per_s] : facts.cipher_trials) {
    if (mb_per_s <= 0 || !allowed_tier(cipher, context)) continue;
    usable.push_back(CipherFigure{cipher, mb_per_s});
  }
  return fastest_of(std::move(usable), context);
}

std::string times(double ratio) { return two_decimals(ratio) + std::string(k_times_sign); }

std::string fastest_text(const CipherFigure& best) { return best.cipher + " (" + mbps(best.mb_per_s) + ")"; }

std::string peers_text(const CipherFigure& best, const AlgorithmContext& context) {
  if (best.peers.empty()) return "";
  std::string text = "; ";
  for (std::size_t i = 0; i < best.peers.size(); ++i) text += (i == 0 ? "" : " and ") + fastest_text(best.peers[i]);
  return text + (best.peers.size() == 1 ? " is" : " are") + " within the figures' " +
         percent(context.policy.speed_noise) + " noise of it";
}

std::string choices_text(const CipherFigure& best, const AlgorithmContext& context) {
  std::string text;
  const std::vector<std::string> choices = first_choices(best, context);
  for (std::size_t i = 0; i < choices.size(); ++i) text += (i == 0 ? "" : " or ") + choices[i];
  return text;
}

std::vector<std::string> first_choices(const CipherFigure& best, const AlgorithmContext& context) {
  std::vector<std::string> choices{best.cipher};
  for (const CipherFigure& peer : best.peers) choices.push_back(peer.cipher);
  std::stable_sort(choices.begin(), choices.end(),
                   [&](const std::string& a, const std::string& b) { return rules::stronger(context.catalog, a, b); });
  return choices;
}

}  // namespace sshtune::audit
