// Per-line client rules (see client_audit.hpp).

#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/compression_rule.hpp"
#include "tuner/audit/first_cipher_rule.hpp"
#include "tuner/audit/slow_cipher_rule.hpp"
#include "tuner/audit/version_rules.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <optional>

namespace sshtune::audit {
namespace {

std::optional<AlgorithmLine> algorithm_line(const sshconfig::ConfigLine& line, const std::string& path,
                                            const std::string& scope) {
  if (line.kind != sshconfig::LineKind::directive || line.args.empty()) return std::nullopt;
  const std::optional<sshconfig::KeywordInfo> info = sshconfig::find_keyword(line.keyword_lower);
  if (!info || info->kind != sshconfig::KeywordKind::algorithms) return std::nullopt;
  return AlgorithmLine{line.keyword, info->algorithm, std::string(info->slot), line.args[0].value, path, line.number,
                       scope};
}

bool is_algorithm_line(const sshconfig::ConfigFile& file, std::size_t number) {
  const sshconfig::ConfigLine& line = file.lines[number - 1];
  const std::optional<sshconfig::KeywordInfo> info = sshconfig::find_keyword(line.keyword_lower);
  return info && info->kind == sshconfig::KeywordKind::algorithms;
}

// What ssh rejects in the file apart from algorithm names (those get their own rules).
std::vector<sshconfig::Diagnostic> rejected_lines(const LoadedFile& loaded,
                                                  const sshconfig::ClientCapabilities& client) {
  std::vector<sshconfig::Diagnostic> rejected;
  const sshconfig::CheckOptions options{loaded.user_config, ""};
  for (sshconfig::Diagnostic& diagnostic : sshconfig::check(loaded.file, client, options)) {
    if (diagnostic.line > 0 && !is_algorithm_line(loaded.file, diagnostic.line))
      rejected.push_back(std::move(diagnostic));
  }
  return rejected;
}

void add_config_errors(const LoadedFile& loaded, const ClientAuditInput& input, std::vector<Finding>& out) {
  const std::vector<std::string> scopes = line_scopes(loaded);
  for (const sshconfig::Diagnostic& diagnostic : rejected_lines(loaded, input.algorithms.client)) {
    out.push_back(Finding{Severity::fail, RuleId::config_error, diagnostic.path, diagnostic.line,
                          scopes[diagnostic.line - 1],
                          "ssh rejects this line (" + diagnostic.message + ") and refuses the whole file",
                          "correct or remove the line (see ssh_config(5))"});
  }
}

void append(std::vector<Finding>& out, std::vector<Finding> more) {
  for (Finding& finding : more) out.push_back(std::move(finding));
}

void append(std::vector<Finding>& out, std::optional<Finding> finding) {
  if (finding) out.push_back(std::move(*finding));
}

// The rules about what a Ciphers line puts first (slow-first-cipher unless trials judge the line).
void add_first_cipher_rules(const AlgorithmLine& line, const ClientAuditInput& input,
                            const std::set<std::pair<std::string, std::size_t>>& judged, std::vector<Finding>& out) {
  if (!judged.contains({line.file, line.line}))
    append(out, audit_first_cipher_line(line, input.speeds, input.algorithms));
  append(out, audit_weak_first_cipher(line, input.algorithms));
}

}  // namespace

Result<void> check_client_syntax(const ClientConfigSet& configs, const sshconfig::ClientCapabilities& client) {
  std::vector<sshconfig::Diagnostic> rejected;
  for (const LoadedFile& loaded : configs.files) {
    for (sshconfig::Diagnostic& diagnostic : rejected_lines(loaded, client)) rejected.push_back(std::move(diagnostic));
  }
  if (rejected.empty()) return ok();
  return sshconfig::diagnostics_error(rejected);
}

std::vector<Finding> audit_client_lines(const ClientAuditInput& input) {
  std::vector<Finding> findings;
  const auto judged = lines_judged_by_trials(input);
  const LocalCompressionFigures local{input.zlib_mb_per_s, fastest_local(input.speeds, input.algorithms)};
  const std::vector<std::string> slow_links = slow_link_hosts(input.facts);
  for (const LoadedFile& loaded : input.configs.files) {
    add_config_errors(loaded, input, findings);
    append(findings, audit_compression_everywhere(loaded, local, slow_links));
    const std::vector<std::string> scopes = line_scopes(loaded);
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      append(findings, audit_version_line(line, {loaded.file.path, scopes[line.number - 1]}, input.algorithms));
      const std::optional<AlgorithmLine> algorithms = algorithm_line(line, loaded.file.path, scopes[line.number - 1]);
      if (!algorithms) continue;
      for (Finding& finding : audit_algorithm_line(*algorithms, ListReader::ssh, input.algorithms)) {
        findings.push_back(std::move(finding));
      }
      append(findings, audit_slow_ciphers(*algorithms, input.speeds, input.algorithms));
      add_first_cipher_rules(*algorithms, input, judged, findings);
    }
  }
  return findings;
}

}  // namespace sshtune::audit
