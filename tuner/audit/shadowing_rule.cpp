#include "tuner/audit/shadowing_rule.hpp"

#include "tuner/audit/match_criteria.hpp"

#include <map>

namespace sshtune::audit {
namespace {

// The slots worth a warning (the ones ssh-tune tunes), spelled as in ssh_config(5).
const std::map<std::string, std::string> k_watched{
    {"ciphers", "Ciphers"}, {"macs", "MACs"}, {"kexalgorithms", "KexAlgorithms"}, {"compression", "Compression"}};

bool catch_all(const std::string& scope) { return scope == "*" || scope == "Match all"; }

}  // namespace

std::vector<Finding> audit_shadowed_settings(const sshconfig::Evaluation& evaluation, const ScopeOf& scope_of) {
  std::vector<Finding> findings;
  for (const sshconfig::DeadLine& dead : evaluation.dead_lines) {
    const auto name = k_watched.find(dead.keyword);
    if (!dead.scoped || name == k_watched.end() || dead.winner.is_default()) continue;
    const std::string scope = scope_of(dead.dead);
    if (catch_all(scope) || scope_needs_exec(scope) || scope_needs_exec(scope_of(dead.winner))) continue;
    findings.push_back(
        Finding{Severity::warn, RuleId::shadowed_setting, dead.dead.file, dead.dead.line, evaluation.host,
                name->second + " here never takes effect for " + evaluation.host + ": " + dead.winner.to_string() +
                    " set it first, and ssh uses the first value it finds",
                "move this block above the one containing " + dead.winner.to_string() + ", or change the value there"});
  }
  return findings;
}

}  // namespace sshtune::audit
