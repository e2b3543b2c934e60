// Per-line client rules (see client_audit.hpp).

#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/slow_cipher_rule.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <optional>

namespace sshtune::audit {
namespace {

std::optional<AlgorithmLine> algorithm_line(const config::ConfigLine& line, const std::string& path,
                                            const std::string& scope) {
  if (line.kind != config::LineKind::directive || line.args.empty()) return std::nullopt;
  const std::optional<config::KeywordInfo> info = config::find_keyword(line.keyword_lower);
  if (!info || info->kind != config::KeywordKind::algorithms) return std::nullopt;
  return AlgorithmLine{line.keyword, info->algorithm, std::string(info->slot), line.args[0].value,
                       path, line.number, scope};
}

bool is_algorithm_line(const config::ConfigFile& file, std::size_t number) {
  const config::ConfigLine& line = file.lines[number - 1];
  const std::optional<config::KeywordInfo> info = config::find_keyword(line.keyword_lower);
  return info && info->kind == config::KeywordKind::algorithms;
}

// What ssh rejects in the file apart from algorithm names (those get their own rules).
std::vector<config::Diagnostic> rejected_lines(const LoadedFile& loaded, const ClientCapabilities& client) {
  std::vector<config::Diagnostic> rejected;
  const config::CheckOptions options{loaded.user_config, ""};
  for (config::Diagnostic& diagnostic : config::check(loaded.file, client, options)) {
    if (diagnostic.line > 0 && !is_algorithm_line(loaded.file, diagnostic.line)) rejected.push_back(std::move(diagnostic));
  }
  return rejected;
}

void add_config_errors(const LoadedFile& loaded, const ClientAuditInput& input, std::vector<Finding>& out) {
  const std::vector<std::string> scopes = line_scopes(loaded);
  for (const config::Diagnostic& diagnostic : rejected_lines(loaded, input.algorithms.client)) {
    out.push_back(Finding{Severity::fail, RuleId::config_error, diagnostic.path, diagnostic.line,
                          scopes[diagnostic.line - 1],
                          "ssh rejects this line (" + diagnostic.message + ") and refuses the whole file",
                          "correct or remove the line (see ssh_config(5))"});
  }
}

}  // namespace

Result<void> check_client_syntax(const ClientConfigSet& configs, const ClientCapabilities& client) {
  std::vector<config::Diagnostic> rejected;
  for (const LoadedFile& loaded : configs.files) {
    for (config::Diagnostic& diagnostic : rejected_lines(loaded, client)) rejected.push_back(std::move(diagnostic));
  }
  if (rejected.empty()) return ok();
  return config::diagnostics_error(rejected);
}

std::vector<Finding> audit_client_lines(const ClientAuditInput& input) {
  std::vector<Finding> findings;
  for (const LoadedFile& loaded : input.configs.files) {
    add_config_errors(loaded, input, findings);
    const std::vector<std::string> scopes = line_scopes(loaded);
    for (const config::ConfigLine& line : loaded.file.lines) {
      const std::optional<AlgorithmLine> algorithms = algorithm_line(line, loaded.file.path, scopes[line.number - 1]);
      if (!algorithms) continue;
      for (Finding& finding : audit_algorithm_line(*algorithms, ListReader::ssh, input.algorithms)) {
        findings.push_back(std::move(finding));
      }
      for (Finding& finding : audit_slow_ciphers(*algorithms, input.speeds, input.algorithms.policy.slow_cipher_fraction)) findings.push_back(std::move(finding));
    }
  }
  return findings;
}

}  // namespace sshtune::audit
