#include "tuner/audit/algorithm_rules.hpp"

#include "tuner/sshconfig/algorithms.hpp"

#include <algorithm>
#include <optional>

namespace sshtune::audit {
namespace {

// The rule a catalog entry triggers for a reader, with its severity and reason.
struct Verdict {
  RuleId rule = RuleId::algo_weak;
  Severity severity = Severity::warn;
  std::string reason;     // e.g. "removed from OpenSSH in 7.6"
  std::string adjective;  // for '+' lines: "deprecated", "weak", "legacy (...)"
};

std::optional<Verdict> classify(const rules::Algorithm& entry, ListReader reader) {
  using rules::Tier;
  if (entry.tier == Tier::removed) {
    return Verdict{RuleId::algo_removed, Severity::fail,
                   entry.removed.empty() ? "removed from OpenSSH" : "removed from OpenSSH in " + entry.removed, ""};
  }
  if (entry.tier == Tier::deprecated) {
    return Verdict{RuleId::algo_deprecated, Severity::fail, "a deprecated algorithm", "deprecated"};
  }
  // ssh-audit fails what sshd itself stopped offering; a server still offering it fails here too.
  if (reader != ListReader::ssh && !entry.dropped_server.empty()) {
    const std::string reason = "dropped from sshd's defaults in " + entry.dropped_server;
    return Verdict{RuleId::algo_server_legacy, Severity::fail, reason, "legacy (" + reason + ")"};
  }
  if (entry.tier == Tier::weak) return Verdict{RuleId::algo_weak, Severity::warn, "a weak algorithm", "weak"};
  return std::nullopt;
}

// "(notes; CVE-...)" from the catalog entry, or "" when it has neither.
std::string details(const rules::Algorithm& entry) {
  std::string text = entry.notes;
  while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
  for (const std::string& cve : entry.cves) text += (text.empty() ? "" : "; ") + cve;
  return text.empty() ? "" : " (" + text + ")";
}

bool has_wildcard(const std::string& name) { return name.find_first_of("*?") != std::string::npos; }

Finding located(const AlgorithmLine& line, const std::string& name, Severity severity, RuleId rule, std::string message,
                std::string fix) {
  return Finding{severity, rule, line.file, line.line, line.scope, std::move(message), std::move(fix), name};
}

std::optional<Finding> unknown_name(const AlgorithmLine& line, const std::string& name, ListReader reader,
                                    const AlgorithmContext& context) {
  if (!sshconfig::check_algorithm_argument(line.kind, name, context.client)) return std::nullopt;
  const rules::Algorithm* entry = context.catalog.find(catalog_kind(line.kind), name);
  const std::string who = reader == ListReader::ssh ? "ssh rejects the whole file" : "sshd refuses to start";
  if (entry != nullptr && entry->tier == rules::Tier::removed) {
    return located(line, name, Severity::fail, RuleId::algo_removed,
                   line.keyword + " names " + name + ", removed from OpenSSH" +
                       (entry->removed.empty() ? "" : " in " + entry->removed) + details(*entry) +
                       "; this OpenSSH does not know it and " + who,
                   "remove " + name + " from " + line.keyword);
  }
  return located(
      line, name, Severity::fail, RuleId::algo_unknown,
      line.keyword + " names " + name + ", which this OpenSSH does not support; " + who,
      "remove " + name + " or correct its spelling (see `ssh -Q " + std::string(ssh_query_name(line.kind)) + "`)");
}

std::optional<Finding> judge_name(const AlgorithmLine& line, const std::string& name, bool appended, ListReader reader,
                                  const AlgorithmContext& context) {
  if (auto unknown = unknown_name(line, name, reader, context)) return unknown;
  const rules::Algorithm* entry = context.catalog.find(catalog_kind(line.kind), name);
  if (entry == nullptr) return std::nullopt;
  const std::optional<Verdict> verdict = classify(*entry, reader);
  if (!verdict) return std::nullopt;
  if (appended && verdict->rule != RuleId::algo_removed) {
    return located(line, name, verdict->severity, RuleId::algo_reenabled_legacy,
                   line.keyword + " +" + name + " re-enables a " + verdict->adjective +
                       " algorithm that OpenSSH left out of its defaults" + details(*entry),
                   "drop " + name + " from the + list, or keep it only in a block for the one host that needs it");
  }
  return located(line, name, verdict->severity, verdict->rule,
                 line.keyword + " enables " + name + ", " + verdict->reason + details(*entry),
                 "remove " + name + " from " + line.keyword);
}

bool in_defaults(const AlgorithmLine& line, const std::string& name, const AlgorithmContext& context) {
  const std::vector<std::string> defaults = split_commas(context.client.default_value(line.defaults_slot));
  return std::find(defaults.begin(), defaults.end(), name) != defaults.end();
}

bool is_pseudo(const std::string& name) { return name.starts_with("ext-info-") || name.starts_with("kex-strict-"); }

}  // namespace

AlgorithmKind catalog_kind(AlgorithmKind kind) { return kind == AlgorithmKind::sig ? AlgorithmKind::key_sig : kind; }

std::vector<Finding> audit_algorithm_line(const AlgorithmLine& line, ListReader reader,
                                          const AlgorithmContext& context) {
  std::vector<Finding> findings;
  if (line.value.empty() || line.value[0] == '-') return findings;
  const bool appended = line.value[0] == '+';
  const std::string list = line.value[0] == '+' || line.value[0] == '^' ? line.value.substr(1) : line.value;
  for (const std::string& name : split_commas(list)) {
    if (name.empty()) break;  // ssh stops validating at the first empty element
    if (has_wildcard(name) || (appended && in_defaults(line, name, context))) continue;
    if (auto finding = judge_name(line, name, appended, reader, context)) findings.push_back(std::move(*finding));
  }
  return findings;
}

std::vector<Finding> audit_offered_algorithms(AlgorithmKind kind, const std::vector<std::string>& names,
                                              const std::string& server, const AlgorithmContext& context) {
  static const char* const k_keywords[] = {"Ciphers", "MACs", "KexAlgorithms", "HostKeyAlgorithms"};
  const std::string keyword = k_keywords[static_cast<int>(kind)];
  std::vector<Finding> findings;
  for (const std::string& name : names) {
    if (is_pseudo(name)) continue;
    const rules::Algorithm* entry = context.catalog.find(kind, name);
    std::string fix = "remove " + name;
    fix.append(" from ").append(keyword).append(" in the server's sshd_config");
    if (entry == nullptr) {
      std::string message = "server offers " + keyword;
      message.append(" ").append(name).append(", which ssh-tune's catalog does not know");
      findings.push_back(Finding{Severity::info, RuleId::algo_unknown, "", 0, server, std::move(message),
                                 "check " + name + " against current guidance", name});
      continue;
    }
    const std::optional<Verdict> verdict = classify(*entry, ListReader::live_server);
    if (!verdict) continue;
    std::string message = "server offers " + keyword;
    message.append(" ").append(name).append(", ").append(verdict->reason).append(details(*entry));
    findings.push_back(Finding{verdict->severity, verdict->rule, "", 0, server, std::move(message), fix, name});
  }
  return findings;
}

}  // namespace sshtune::audit
