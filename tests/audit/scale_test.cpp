// A config of 10,000 Host blocks (and one of 1,000 Match blocks) is audited whole: every host evaluated, every finding
// there (no timing is asserted; bench/audit_scale prints the figures); the
// progress callback hears of each host.

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

// `Host h*` sets Ciphers first, so each host's own Ciphers line is shadowed for it.
std::string many_hosts(const std::string& header, std::size_t hosts) {
  std::string config = "Host h*\n  Ciphers aes256-gcm@openssh.com\n";
  for (std::size_t k = 0; k < hosts; ++k) {
    config += header + " h" + std::to_string(k) + "\n  Ciphers aes128-gcm@openssh.com\n  HostName 10.0." +
              std::to_string(k / 256) + "." + std::to_string(k % 256) + "\n";
  }
  return config;
}

void expect_one_shadowed_setting_per_host(const std::vector<Finding>& findings, const std::string& path,
                                          std::size_t hosts) {
  ASSERT_EQ(findings.size(), hosts);
  for (const Finding& finding : findings) EXPECT_EQ(finding.rule, RuleId::shadowed_setting);
  EXPECT_EQ(findings.back().line, 3 * hosts + 1);
  EXPECT_EQ(findings.back().message, "Ciphers here never takes effect for h" + std::to_string(hosts - 1) + ": " + path +
                                         ":2 set it first, and ssh uses the first value it finds");
}

TEST(Scale, TenThousandHostBlocksAreEachAudited) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("config", many_hosts("Host", 10000));
  expect_one_shadowed_setting_per_host(testing::audit_file(config), config.string(), 10000);
}

// Fewer than the Host blocks: the unit tests also run under ASan, where a host costs milliseconds.
TEST(Scale, AThousandMatchBlocksAreEachAudited) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("config", many_hosts("Match host", 1000));
  expect_one_shadowed_setting_per_host(testing::audit_file(config), config.string(), 1000);
}

TEST(Scale, ProgressIsToldOfEveryHost) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  ClientSources sources;
  sources.config_file = dir.write("config", "Host a b\n  User u\nMatch host c\n  Port 2\n");
  const Result<ClientConfigSet> configs = load_client_configs(sources);
  ASSERT_TRUE(configs);
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  const NoMeasuredHosts facts;
  const std::vector<probes::CipherSpeed> speeds;
  ClientAuditInput input{configs.value(), sources, {"d"}, testing::snapshot_context(), speeds, facts, std::nullopt};
  input.progress = [&calls](std::size_t done, std::size_t total) { calls.emplace_back(done, total); };
  audit_client(input);
  const std::vector<std::pair<std::size_t, std::size_t>> expected{{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4}};
  EXPECT_EQ(calls, expected);
}

}  // namespace
}  // namespace sshtune::audit
