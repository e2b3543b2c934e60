#include "base/paths.hpp"
#include "tests/support/temp_dir.hpp"
#include "templates/escape.hpp"
#include "tuner/host/host_target.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <cstdlib>

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

class HostTarget : public ::testing::Test {
 protected:
  Result<probes::RemoteTarget> resolve(const std::string& config, const std::string& host = "h",
                                       TargetOverrides overrides = {}) {
    overrides.config_file = m_dir.write("config", config).string();
    auto evaluation =
        sshconfig::evaluate(eval_request(host, overrides), sshtune::testing::openssh_9_2_debian_snapshot());
    if (!evaluation) return evaluation.error();
    return resolve_target(evaluation.value(), overrides);
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", "/home/tester"};
};

TEST_F(HostTarget, TokensAndTildeExpandInIdentityPathsUnderHome) {
  const auto target = resolve(
      "Host h\n HostName 10.1.2.3\n Port 2200\n User ann\n"
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
  EXPECT_NE(target.value().proxy_command.find(" -J a@j1 "), std::string::npos) << target.value().proxy_command;
  EXPECT_NE(target.value().proxy_command.find(" -W '[inner]:22' -- ssh://b@j2:2022"), std::string::npos)
      << target.value().proxy_command;
  EXPECT_NE(target.value().proxy_command.find("BatchMode=yes"), std::string::npos);
}

// The ProxyJump command runs under sh -c: a hostile -F path, HostName or hop stays one
// argument each (a fake ssh on PATH records its argv), and nothing else runs. ssh 9.2
// reads ProxyJump's raw rest of line and its first word is the hop, quote included
// (`ssh -G` prints `proxyjump "-oProxyCommand=touch`).
TEST_F(HostTarget, ProxyJumpQuotesEveryValueForTheShell) {
  const auto marker = m_dir.path() / "MARKER";
  const auto config =
      m_dir.write("it's; $(touch " + marker.string() + ") `x`/config",
                  "Host h\n HostName \"in'ner;x\"\n ProxyJump \"-oProxyCommand=touch " + marker.string() + "\"\n");
  TargetOverrides overrides;
  overrides.config_file = config.string();
  auto evaluation = sshconfig::evaluate(eval_request("h", overrides), sshtune::testing::openssh_9_2_debian_snapshot());
  ASSERT_TRUE(evaluation) << evaluation.error().message;
  const auto target = resolve_target(evaluation.value(), overrides);
  ASSERT_TRUE(target) << target.error().message;
  const auto argv = m_dir.path() / "argv.txt";
  const auto fake = m_dir.write("bin/ssh", "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + argv.string() + "\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  const std::string command = "PATH=" + (m_dir.path() / "bin").string() + " /bin/sh -c " +
                              templates::shell_word("exec " + target.value().proxy_command);
  ASSERT_EQ(std::system(command.c_str()), 0) << target.value().proxy_command;
  EXPECT_EQ(testing::read_file(argv),
            "-o\nBatchMode=yes\n-F\n" + config.string() + "\n-W\n[in'ner;x]:22\n--\n\"-oProxyCommand=touch\n");
  EXPECT_FALSE(std::filesystem::exists(marker));
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
}  // namespace sshtune::host
