#include "base/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/host/host_target.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

class HostTarget : public ::testing::Test {
 protected:
  Result<RemoteTarget> resolve(const std::string& config, const std::string& host = "h",
                               TargetOverrides overrides = {}) {
    overrides.config_file = m_dir.write("config", config).string();
    auto evaluation = config::evaluate(eval_request(host, overrides), openssh_9_2_debian_snapshot());
    if (!evaluation) return evaluation.error();
    return resolve_target(evaluation.value(), overrides);
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", "/home/tester"};
};

TEST_F(HostTarget, TokensAndTildeExpandInIdentityPathsUnderHome) {
  const auto target = resolve("Host h\n HostName 10.1.2.3\n Port 2200\n User ann\n"
                              " IdentityFile ~/.ssh/id_%h_%r_%p\n UserKnownHostsFile ~/kh\n");
  ASSERT_TRUE(target) << target.error().message;
  ASSERT_EQ(target.value().identity_files.size(), 1u);
  EXPECT_EQ(target.value().identity_files[0], "/home/tester/.ssh/id_10.1.2.3_ann_2200");
  // UserKnownHostsFile arrives expanded as `ssh -G` prints it: ssh takes ~ and %d from the passwd entry.
  ASSERT_GE(target.value().known_hosts_files.size(), 1u);
  EXPECT_EQ(target.value().known_hosts_files[0], passwd_home() + "/kh");
}

TEST_F(HostTarget, OverridesWinOverTheConfig) {
  TargetOverrides overrides;
  overrides.port = "2022";
  overrides.user = "root";
  overrides.accept_new = true;
  const auto target = resolve("Host h\n Port 2200\n User ann\n", "h", overrides);
  ASSERT_TRUE(target);
  EXPECT_EQ(target.value().port, 2022);
  EXPECT_EQ(target.value().user, "root");
  EXPECT_TRUE(target.value().accept_new);
}

TEST_F(HostTarget, ProxyJumpBecomesSshDashWThroughTheLastHop) {
  const auto target = resolve("Host h\n HostName inner\n ProxyJump a@j1,b@j2:2022\n");
  ASSERT_TRUE(target);
  EXPECT_NE(target.value().proxy_command.find("-J 'a@j1'"), std::string::npos) << target.value().proxy_command;
  EXPECT_NE(target.value().proxy_command.find("-W '[inner]:22' 'ssh://b@j2:2022'"), std::string::npos)
      << target.value().proxy_command;
  EXPECT_NE(target.value().proxy_command.find("BatchMode=yes"), std::string::npos);
}

TEST_F(HostTarget, ProxyCommandGetsHostAndPort) {
  const auto target = resolve("Host h\n HostName inner\n Port 2201\n ProxyCommand nc %h %p\n");
  ASSERT_TRUE(target);
  EXPECT_EQ(target.value().proxy_command, "nc inner 2201");
}

TEST_F(HostTarget, ConnectTimeoutBecomesTheStepTimeout) {
  const auto target = resolve("Host h\n ConnectTimeout 3\n");
  ASSERT_TRUE(target);
  EXPECT_EQ(target.value().timeout, std::chrono::seconds(3));
}

TEST_F(HostTarget, ABadPortIsAUsageErrorNamingTheHost) {
  TargetOverrides overrides;
  overrides.port = "70000";
  const auto target = resolve("Host h\n", "h", overrides);
  ASSERT_FALSE(target);
}

}  // namespace
}  // namespace sshtune
