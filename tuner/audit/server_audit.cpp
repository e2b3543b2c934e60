#include "tuner/audit/server_audit.hpp"

#include "tuner/audit/file_rules.hpp"
#include "tuner/audit/terrapin_rule.hpp"
#include "tuner/audit/version_rules.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <algorithm>

#include <map>
#include <optional>

namespace sshtune::audit {
namespace {

struct SshdList {
  AlgorithmKind kind;
  const char* defaults_slot;  // the client slot with the closest default list
};

// sshd_config(5) algorithm keywords (lower case) and how their names are judged.
const std::map<std::string, SshdList> k_sshd_lists{
    {"ciphers", {AlgorithmKind::cipher, "ciphers"}},
    {"macs", {AlgorithmKind::mac, "macs"}},
    {"kexalgorithms", {AlgorithmKind::kex, "kexalgorithms"}},
    {"hostkeyalgorithms", {AlgorithmKind::key_sig, "hostkeyalgorithms"}},
    {"pubkeyacceptedalgorithms", {AlgorithmKind::key_sig, "pubkeyacceptedalgorithms"}},
    {"pubkeyacceptedkeytypes", {AlgorithmKind::key_sig, "pubkeyacceptedalgorithms"}},
    {"hostbasedacceptedalgorithms", {AlgorithmKind::key_sig, "hostbasedacceptedalgorithms"}},
    {"hostbasedacceptedkeytypes", {AlgorithmKind::key_sig, "hostbasedacceptedalgorithms"}},
    {"casignaturealgorithms", {AlgorithmKind::sig, "casignaturealgorithms"}},
};

// sshd's Compression accepts yes, delayed (an alias of yes) and no, in any case.
std::optional<Finding> compression_check(const sshconfig::ConfigLine& line, const std::string& path,
                                         const std::string& scope) {
  const std::string value = line.args.empty() ? "" : sshconfig::ascii_lower(line.args[0].value);
  if (value == "yes" || value == "delayed" || value == "no") return std::nullopt;
  return Finding{Severity::fail,
                 RuleId::config_error,
                 path,
                 line.number,
                 scope,
                 "sshd rejects Compression '" + (line.args.empty() ? "" : line.args[0].value) +
                     "' (expected yes, delayed or no) and refuses to start",
                 "write Compression no (or yes)"};
}

void audit_line(const sshconfig::ConfigLine& line, const std::string& path, const std::string& scope,
                const AlgorithmContext& context, std::vector<Finding>& out) {
  if (line.kind != sshconfig::LineKind::directive) return;
  if (line.keyword_lower == "compression") {
    if (auto finding = compression_check(line, path, scope)) out.push_back(std::move(*finding));
    return;
  }
  const auto list = k_sshd_lists.find(line.keyword_lower);
  if (list == k_sshd_lists.end() || line.args.empty()) return;
  const AlgorithmLine algorithms{
      line.keyword, list->second.kind, list->second.defaults_slot, line.args[0].value, path, line.number, scope};
  for (Finding& finding : audit_algorithm_line(algorithms, ListReader::sshd, context)) {
    out.push_back(std::move(finding));
  }
}

std::vector<std::string> both_directions(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  std::vector<std::string> out = a;
  for (const std::string& name : b) {
    if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
  }
  return out;
}

}  // namespace

std::vector<Finding> audit_sshd_files(const ClientConfigSet& files, const AlgorithmContext& context) {
  std::vector<Finding> findings = audit_missing_includes(files.missing_includes);
  for (Finding& finding : audit_directory_includes(files.directory_includes)) findings.push_back(std::move(finding));
  for (const LoadedFile& loaded : files.files) {
    const std::vector<std::string> scopes = line_scopes(loaded);
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      audit_line(line, loaded.file.path, scopes[line.number - 1], context, findings);
    }
  }
  sort_and_dedupe(findings);
  return findings;
}

Result<std::vector<Finding>> audit_sshd_config(const std::filesystem::path& path, const AlgorithmContext& context) {
  SSHTUNE_TRY(files, load_config_tree(path, false, false));
  return audit_sshd_files(files, context);
}

std::vector<Finding> audit_live_server(const probes::ServerAlgorithms& server, const std::string& label,
                                       const AlgorithmContext& context) {
  std::vector<Finding> findings;
  const auto add = [&](std::vector<Finding> more) {
    for (Finding& finding : more) findings.push_back(std::move(finding));
  };
  add(audit_offered_algorithms(AlgorithmKind::kex, server.kex, label, context));
  add(audit_offered_algorithms(AlgorithmKind::key_sig, server.host_keys, label, context));
  add(audit_offered_algorithms(AlgorithmKind::cipher, both_directions(server.ciphers_c2s, server.ciphers_s2c), label,
                               context));
  add(audit_offered_algorithms(AlgorithmKind::mac, both_directions(server.macs_c2s, server.macs_s2c), label, context));
  add(audit_terrapin_server(server, label));
  if (auto compression = audit_preauth_compression(server, label, context)) findings.push_back(std::move(*compression));
  return findings;
}

}  // namespace sshtune::audit
