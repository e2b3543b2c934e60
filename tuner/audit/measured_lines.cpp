// What the measured hosts say about the lines of the audited files (see client_audit.hpp).

#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/first_cipher_rule.hpp"

namespace sshtune::audit {

std::set<std::pair<std::string, std::size_t>> lines_judged_by_trials(const ClientAuditInput& input) {
  std::set<std::pair<std::string, std::size_t>> judged;
  sshconfig::ConfigCache cache(input.algorithms.client);
  for (const std::string& host : audited_hosts(input)) {
    const std::optional<MeasuredHost> facts = input.facts.find(host);
    if (!facts || facts->cipher_trials.empty()) continue;
    const Result<sshconfig::Evaluation> evaluation = evaluate_audited(host, input, &cache);
    if (!evaluation) continue;
    const sshconfig::Origin origin = evaluation.value().origin("ciphers");
    const std::string raw = raw_value_at(input.configs, origin);
    if (trials_judge_ciphers(evaluation.value(), *facts, raw, input.algorithms))
      judged.insert({origin.file, origin.line});
  }
  return judged;
}

std::vector<std::string> slow_link_hosts(const MeasuredHostLookup& facts) {
  std::vector<std::string> hosts;
  for (const std::string& host : facts.names()) {
    const std::optional<MeasuredHost> known = facts.find(host);
    if (known && known->compression_pays.value_or(false)) hosts.push_back(host);
  }
  return hosts;
}

}  // namespace sshtune::audit
