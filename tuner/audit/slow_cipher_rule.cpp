#include "tuner/audit/slow_cipher_rule.hpp"

#include "tuner/sshconfig/algorithms.hpp"

#include <cmath>

namespace sshtune::audit {
namespace {

const probes::CipherSpeed* speed_of(const std::vector<probes::CipherSpeed>& speeds, const std::string& name) {
  for (const probes::CipherSpeed& speed : speeds) {
    if (speed.name == name && speed.available && speed.mb_per_s > 0) return &speed;
  }
  return nullptr;
}

const probes::CipherSpeed* fastest(const std::vector<probes::CipherSpeed>& speeds) {
  const probes::CipherSpeed* best = nullptr;
  for (const probes::CipherSpeed& speed : speeds) {
    if (speed.available && (best == nullptr || speed.mb_per_s > best->mb_per_s)) best = &speed;
  }
  return best;
}

std::string rounded(double value) { return std::to_string(std::lround(value)); }

}  // namespace

std::vector<Finding> audit_slow_ciphers(const AlgorithmLine& line, const std::vector<probes::CipherSpeed>& speeds,
                                        double slow_fraction) {
  std::vector<Finding> findings;
  const probes::CipherSpeed* best = fastest(speeds);
  if (line.kind != AlgorithmKind::cipher || line.value.empty() || best == nullptr) return findings;
  if (line.value[0] == '+' || line.value[0] == '-') return findings;
  const std::string list = line.value[0] == '^' ? line.value.substr(1) : line.value;
  for (const std::string& name : split_commas(list)) {
    const probes::CipherSpeed* speed = speed_of(speeds, name);
    if (speed == nullptr) continue;
    if (speed->mb_per_s >= slow_fraction * best->mb_per_s) break;
    findings.push_back(Finding{
        Severity::warn, RuleId::slow_cipher, line.file, line.line, line.scope,
        line.keyword + " prefers " + name + ", which runs at " + rounded(speed->mb_per_s) + " MB/s on this CPU, " +
            rounded(100 * speed->mb_per_s / best->mb_per_s) + "% of " + best->name + " (" +
            rounded(best->mb_per_s) + " MB/s)",
        "put a fast cipher such as " + best->name + " first, or drop " + name});
  }
  return findings;
}

}  // namespace sshtune::audit
