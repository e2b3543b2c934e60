#pragma once
// Shared pieces of the audit tests: the shipped catalog, the OpenSSH 9.2 client
// snapshot, and a client audit run over a -F file with no benchmark or facts.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "rules/catalog.hpp"
#include "tuner/audit/client_audit.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace sshtune::testing {

// The repository's rules/catalog.toml, loaded once.
inline const rules::Catalog& shipped_catalog() {
  static const rules::Catalog catalog =
      rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value();
  return catalog;
}

// The default policy (rules::Policy's defaults equal the shipped policy.toml).
inline const rules::Policy& default_policy() {
  static const rules::Policy policy;
  return policy;
}

// Catalog + the fixed OpenSSH 9.2 Debian client facts + the default policy.
inline const audit::AlgorithmContext& snapshot_context() {
  static const audit::AlgorithmContext context{shipped_catalog(), sshtune::testing::openssh_9_2_debian_snapshot(),
                                               default_policy()};
  return context;
}

// The files of a client audit and its findings.
struct AuditedFiles {
  audit::ClientConfigSet configs;
  std::vector<audit::Finding> findings;
};

// The whole client audit of the files `sources` names, with no benchmark unless `speeds`.
inline AuditedFiles audit_sources(const audit::ClientSources& sources, const std::vector<std::string>& hosts = {},
                                  const audit::MeasuredHostLookup& facts = audit::NoMeasuredHosts{},
                                  const std::vector<probes::CipherSpeed>& speeds = {}) {
  auto configs = audit::load_client_configs(sources);
  EXPECT_TRUE(configs) << (configs ? "" : configs.error().message);
  const audit::ClientAuditInput input{configs.value(), sources, hosts, snapshot_context(), speeds, facts, std::nullopt};
  std::vector<audit::Finding> findings = audit::audit_client(input);
  return AuditedFiles{std::move(configs).value(), std::move(findings)};
}

// The whole client audit of `config` as `ssh -F config` reads it.
inline std::vector<audit::Finding> audit_file(const std::filesystem::path& config,
                                              const std::vector<std::string>& hosts = {},
                                              const audit::MeasuredHostLookup& facts = audit::NoMeasuredHosts{},
                                              const std::vector<probes::CipherSpeed>& speeds = {}) {
  audit::ClientSources sources;
  sources.config_file = config;
  return audit_sources(sources, hosts, facts, speeds).findings;
}

// "SEVERITY RULE LINE: MESSAGE" for compact exact comparisons.
inline std::string brief(const audit::Finding& finding) {
  return std::string(audit::to_string(finding.severity)) + " " + std::string(audit::to_string(finding.rule)) + " " +
         std::to_string(finding.line) + ": " + finding.message;
}

inline std::vector<std::string> briefs(const std::vector<audit::Finding>& findings) {
  std::vector<std::string> out;
  for (const auto& finding : findings) out.push_back(brief(finding));
  return out;
}

}  // namespace sshtune::testing
