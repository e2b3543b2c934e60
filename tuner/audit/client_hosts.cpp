// Per-host client rules and the whole client audit (see client_audit.hpp).

#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/compression_rule.hpp"
#include "tuner/audit/first_cipher_rule.hpp"
#include "tuner/audit/file_rules.hpp"
#include "tuner/audit/match_criteria.hpp"
#include "tuner/audit/rsync_rule.hpp"
#include "tuner/audit/shadowing_rule.hpp"
#include "tuner/audit/terrapin_rule.hpp"
#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <unistd.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace sshtune::audit {
namespace {

sshconfig::EvalRequest request_for(const std::string& host, const ClientSources& sources,
                                   sshconfig::ConfigCache* cache) {
  sshconfig::EvalRequest request;
  request.cache = cache;
  request.host = host;
  request.config_file = sources.config_file;
  request.user_config = sources.user_config;
  request.system_config = sources.system_config;
  return request;  // exec unset: Match exec is not run during an audit
}

void add_fact_rules(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts, const ClientAuditInput& input,
                    std::vector<Finding>& out) {
  const LocalCompressionFigures local{input.zlib_mb_per_s, fastest_local(input.speeds, input.algorithms)};
  if (auto finding = audit_compression_link(evaluation, facts, input.algorithms, local)) {
    out.push_back(std::move(*finding));
  }
  const std::string ciphers = raw_value_at(input.configs, evaluation.origin("ciphers"));
  if (auto finding = audit_first_cipher_trials(evaluation, facts, ciphers, input.algorithms)) {
    out.push_back(std::move(*finding));
  }
  if (auto finding = audit_rsync_stacking(evaluation, facts)) out.push_back(std::move(*finding));
  if (facts.server) {
    if (auto finding = audit_terrapin_client(evaluation, *facts.server)) out.push_back(std::move(*finding));
  }
}

// What every host's rules share: the files read once, and each line's scope.
struct HostsContext {
  sshconfig::ConfigCache cache;
  std::unordered_map<std::string, std::vector<std::string>> scopes;  // file -> line_scopes
};

std::unordered_map<std::string, std::vector<std::string>> scopes_by_file(const ClientConfigSet& configs) {
  std::unordered_map<std::string, std::vector<std::string>> scopes;
  for (const LoadedFile& loaded : configs.files) scopes.emplace(loaded.file.path, line_scopes(loaded));
  return scopes;
}

std::string scope_at(const HostsContext& context, const sshconfig::Origin& origin) {
  const auto it = context.scopes.find(origin.file);
  if (it == context.scopes.end() || origin.line == 0 || origin.line > it->second.size()) return "";
  return it->second[origin.line - 1];
}

void audit_host(const std::string& host, bool asked, const ClientAuditInput& input, HostsContext& context,
                std::vector<Finding>& out) {
  const Result<sshconfig::Evaluation> evaluation = evaluate_audited(host, input, &context.cache);
  if (!evaluation) {
    if (asked) {
      out.push_back(Finding{Severity::fail, RuleId::config_error, "", 0, host,
                            "ssh cannot evaluate its configuration for " + host + ": " + evaluation.error().message,
                            "correct the line named in the message"});
    }
    return;
  }
  const ScopeOf scope_of = [&](const sshconfig::Origin& origin) { return scope_at(context, origin); };
  for (Finding& finding : audit_shadowed_settings(evaluation.value(), scope_of)) out.push_back(std::move(finding));
  if (const std::optional<MeasuredHost> facts = input.facts.find(host))
    add_fact_rules(evaluation.value(), *facts, input, out);
}

// Appends `host` unless `seen` has it.
void add_once(const std::string& host, std::vector<std::string>& hosts, std::unordered_set<std::string>& seen) {
  if (seen.insert(host).second) hosts.push_back(host);
}

bool literal_pattern(const std::string& pattern) {
  return !pattern.empty() && pattern[0] != '!' && pattern.find_first_of("*?") == std::string::npos;
}

// The host patterns a line names: each argument of a Host line; each entry of the
// host and originalhost lists of a Match line that runs no exec (not negated).
std::vector<std::string> patterns_of(const sshconfig::ConfigLine& line) {
  std::vector<std::string> patterns;
  if (line.keyword_lower == "host") {
    for (const sshconfig::Token& token : line.args) patterns.push_back(token.value);
    return patterns;
  }
  if (line.keyword_lower != "match") return patterns;
  const std::vector<MatchCriterion> criteria = match_criteria(line.rest);
  if (needs_exec(criteria)) return patterns;
  for (const MatchCriterion& criterion : criteria) {
    if (criterion.negated || (criterion.attribute != "host" && criterion.attribute != "originalhost")) continue;
    for (std::string& pattern : split_commas(criterion.argument)) patterns.push_back(std::move(pattern));
  }
  return patterns;
}

}  // namespace

std::vector<std::string> hosts_named_in(const ClientConfigSet& configs) {
  std::vector<std::string> hosts;
  std::unordered_set<std::string> seen;
  for (const LoadedFile& loaded : configs.files) {
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      for (const std::string& pattern : patterns_of(line)) {
        if (literal_pattern(pattern)) add_once(pattern, hosts, seen);
      }
    }
  }
  return hosts;
}

std::vector<std::string> audited_hosts(const ClientAuditInput& input) {
  std::vector<std::string> hosts;
  std::unordered_set<std::string> seen;
  for (const std::string& host : input.hosts) hosts.push_back(host);  // as given, repeats too
  seen.insert(input.hosts.begin(), input.hosts.end());
  for (const std::string& host : hosts_named_in(input.configs)) add_once(host, hosts, seen);
  for (const std::string& host : input.facts.names()) add_once(host, hosts, seen);
  return hosts;
}

Result<sshconfig::Evaluation> evaluate_audited(const std::string& host, const ClientAuditInput& input,
                                               sshconfig::ConfigCache* cache) {
  return sshconfig::evaluate(request_for(host, input.sources, cache), input.algorithms.client);
}

std::string raw_value_at(const ClientConfigSet& configs, const sshconfig::Origin& origin) {
  for (const LoadedFile& loaded : configs.files) {
    if (loaded.file.path != origin.file || origin.line == 0 || origin.line > loaded.file.lines.size()) continue;
    const sshconfig::ConfigLine& line = loaded.file.lines[origin.line - 1];
    return line.args.empty() ? "" : line.args.front().value;
  }
  return "";
}

std::vector<Finding> audit_client_hosts(const ClientAuditInput& input) {
  std::vector<Finding> findings;
  const std::vector<std::string> hosts = audited_hosts(input);
  HostsContext context{sshconfig::ConfigCache(input.algorithms.client), scopes_by_file(input.configs)};
  if (input.progress) input.progress(0, hosts.size());
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    audit_host(hosts[i], i < input.hosts.size(), input, context, findings);
    if (input.progress) input.progress(i + 1, hosts.size());
  }
  return findings;
}

std::vector<Finding> audit_client(const ClientAuditInput& input) {
  std::vector<Finding> findings = audit_client_lines(input);
  for (Finding& finding : audit_file_permissions(input.configs.files, getuid())) findings.push_back(std::move(finding));
  for (Finding& finding : audit_missing_includes(input.configs.missing_includes)) {
    findings.push_back(std::move(finding));
  }
  for (Finding& finding : audit_directory_includes(input.configs.directory_includes)) {
    findings.push_back(std::move(finding));
  }
  for (Finding& finding : audit_client_hosts(input)) findings.push_back(std::move(finding));
  if (auto finding = audit_rsync_rsh(input.rsync_rsh)) findings.push_back(std::move(*finding));
  sort_and_dedupe(findings);
  return findings;
}

}  // namespace sshtune::audit
