#include "tuner/audit/speed_figures.hpp"

#include "base/format.hpp"

#include <algorithm>

namespace sshtune::audit {
namespace {

bool allowed_tier(const std::string& cipher, const AlgorithmContext& context) {
  const rules::Algorithm* entry = context.catalog.find(AlgorithmKind::cipher, cipher);
  if (entry == nullptr) return false;
  const auto& allow = context.policy.allow;
  return entry->tier <= context.policy.security_floor || std::find(allow.begin(), allow.end(), cipher) != allow.end();
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
  std::optional<CipherFigure> best;
  for (const probes::CipherSpeed& speed : speeds) {
    if (!speed.available || speed.mb_per_s <= 0 || !usable_cipher(speed.name, context, server)) continue;
    if (!best || speed.mb_per_s > best->mb_per_s) best = CipherFigure{speed.name, speed.mb_per_s};
  }
  return best;
}

std::optional<CipherFigure> fastest_trial(const MeasuredHost& facts, const AlgorithmContext& context) {
  std::optional<CipherFigure> best;
  for (const auto& [cipher, mb_per_s] : facts.cipher_trials) {
    if (mb_per_s <= 0 || !allowed_tier(cipher, context)) continue;
    if (!best || mb_per_s > best->mb_per_s) best = CipherFigure{cipher, mb_per_s};
  }
  return best;
}

std::string times(double ratio) { return two_decimals(ratio) + "\u00D7"; }

}  // namespace sshtune::audit
