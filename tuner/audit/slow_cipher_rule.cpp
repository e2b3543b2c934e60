#include "tuner/audit/slow_cipher_rule.hpp"

#include "tuner/audit/speed_figures.hpp"
#include "tuner/sshconfig/algorithms.hpp"

#include <cmath>

namespace sshtune::audit {
namespace {

std::string rounded(double value) { return std::to_string(std::lround(value)); }

}  // namespace

std::vector<Finding> audit_slow_ciphers(const AlgorithmLine& line, const std::vector<probes::CipherSpeed>& speeds,
                                        const AlgorithmContext& context) {
  std::vector<Finding> findings;
  const std::optional<CipherFigure> best = fastest_local(speeds, context);
  if (line.kind != AlgorithmKind::cipher || line.value.empty() || !best) return findings;
  if (line.value[0] == '+' || line.value[0] == '-') return findings;
  const std::string list = line.value[0] == '^' ? line.value.substr(1) : line.value;
  for (const std::string& name : split_commas(list)) {
    const std::optional<double> speed = local_speed(speeds, name);
    if (!speed) continue;
    if (*speed >= context.policy.slow_cipher_fraction * best->mb_per_s) break;
    findings.push_back(
        Finding{Severity::warn, RuleId::slow_cipher, line.file, line.line, line.scope,
                line.keyword + " prefers " + name + ", which runs at " + rounded(*speed) + " MB/s on this CPU, " +
                    rounded(100 * *speed / best->mb_per_s) + "% of " + best->cipher + " (" + rounded(best->mb_per_s) +
                    " MB/s)" + peers_text(*best, context),
                "put a fast cipher such as " + choices_text(*best, context) + " first, or drop " + name});
  }
  return findings;
}

}  // namespace sshtune::audit
