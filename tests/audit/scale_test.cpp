// A config of 10,000 hosts is audited whole: every host evaluated, every finding
// there (no timing is asserted; bench/audit_scale prints the figures).

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

constexpr std::size_t k_hosts = 10000;

// `Host h*` sets Ciphers first, so each host's own Ciphers line is shadowed for it.
std::string many_hosts(const std::string& header) {
  std::string config = "Host h*\n  Ciphers aes256-gcm@openssh.com\n";
  for (std::size_t k = 0; k < k_hosts; ++k) {
    config += header + " h" + std::to_string(k) + "\n  Ciphers aes128-gcm@openssh.com\n  HostName 10.0." +
              std::to_string(k / 256) + "." + std::to_string(k % 256) + "\n";
  }
  return config;
}

void expect_one_shadowed_setting_per_host(const std::vector<Finding>& findings, const std::string& path) {
  ASSERT_EQ(findings.size(), k_hosts);
  for (const Finding& finding : findings) EXPECT_EQ(finding.rule, RuleId::shadowed_setting);
  EXPECT_EQ(findings.back().line, 3 * k_hosts + 1);
  EXPECT_EQ(findings.back().message, "Ciphers here never takes effect for h9999: " + path +
                                         ":2 set it first, and ssh uses the first value it finds");
}

TEST(Scale, TenThousandHostBlocksAreEachAudited) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("config", many_hosts("Host"));
  expect_one_shadowed_setting_per_host(testing::audit_file(config), config.string());
}

TEST(Scale, TenThousandMatchBlocksAreEachAudited) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("config", many_hosts("Match host"));
  expect_one_shadowed_setting_per_host(testing::audit_file(config), config.string());
}

}  // namespace
}  // namespace sshtune::audit
