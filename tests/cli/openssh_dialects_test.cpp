// `ssh-tune config` and `audit` read ~/.ssh/config in the dialect of the ssh that
// SSHTUNE_SSH names: a file using every keyword, Match criterion and token 10.0
// added works with 10.0's ssh, and 9.2 refuses it at the same FILE:LINE with the
// same message as 9.2's ssh. Runs the built binary (the client facts are probed
// once per process) with a temp HOME.

#include "tests/support/openssh_release.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/temp_home.hpp"

#include <gtest/gtest.h>

#include <string>

namespace sshtune::cli {
namespace {

using testing::OpensshRelease;

// Lines 2-9 are 10.0's additions (9.4 Tag and tagged/localnetwork, 9.5, 9.6's
// ChannelTimeout and %j, 10.0's VersionAddendum, version/sessiontype/command and
// ${VAR} in SetEnv and User).
const char* const k_config =
    "Host *\n"
    "  Tag prod\n"
    "  ObscureKeystrokeTiming interval:40\n"
    "  ChannelTimeout session=30m global=1h\n"
    "  VersionAddendum tune-%h\n"
    "  SetEnv WHERE=%h-${SSHTUNE_DIALECT_VAR}\n"
    "  User u-${SSHTUNE_DIALECT_VAR}\n"
    "Match tagged prod localnetwork 127.0.0.0/8 version OpenSSH_* sessiontype shell command \"\"\n"
    "  ControlPath /tmp/cp-%j-%h\n";

class OpensshDialects : public ::testing::Test {
 protected:
  OpensshDialects() { m_config = m_home.dir.write(".ssh/config", k_config).string(); }

  // Runs COMMAND (ssh-tune's or ssh's) with the test's environment; output with stderr merged and
  // without the '\r' ssh ends its log lines with.
  int run(const std::string& command, std::string& output) const {
    const std::string env = "HOME='" + m_home.dir.path().string() + "' SSHTUNE_DIALECT_VAR=v ";
    const int status = testing::run_shell(env + command + " </dev/null", output);
    std::erase(output, '\r');
    return status;
  }
  int ssh_tune(const OpensshRelease& release, const std::string& args, std::string& output) const {
    return run("SSHTUNE_SSH='" + release.ssh.string() + "' " + SSHTUNE_BINARY + " " + args, output);
  }

  testing::TempHome m_home;
  std::string m_config;
};

TEST_F(OpensshDialects, TenReadsWhatTenAdded) {
  const auto ten = testing::openssh_10();
  if (!ten) GTEST_SKIP() << testing::openssh_10_unavailable_reason();
  std::string out;
  ASSERT_EQ(ssh_tune(*ten, "config web", out), 0) << out;
  for (const char* line : {"tag prod   # ~/.ssh/config:2", "obscurekeystroketiming 40   # ~/.ssh/config:3",
                           "channeltimeout session=30m global=1h   # ~/.ssh/config:4",
                           "versionaddendum tune-web   # ~/.ssh/config:5", "setenv WHERE=web-v   # ~/.ssh/config:6",
                           "user u-v   # ~/.ssh/config:7", "controlpath /tmp/cp--web   # ~/.ssh/config:9"}) {
    EXPECT_NE(out.find(std::string("\n") + line + "\n"), std::string::npos) << line << "\n" << out;
  }
  // The same values as 10.0's own ssh -G prints.
  std::string ssh;
  ASSERT_EQ(run("'" + ten->ssh.string() + "' -G -F '" + m_config + "' web", ssh), 0) << ssh;
  for (const char* line : {"tag prod", "obscurekeystroketiming 40", "versionaddendum tune-web", "user u-v"}) {
    EXPECT_NE(ssh.find(std::string("\n") + line + "\n"), std::string::npos) << line << "\n" << ssh;
  }
  const int audit = ssh_tune(*ten, "audit --no-bench", out);
  EXPECT_TRUE(audit == 0 || audit == 2 || audit == 3) << audit << "\n" << out;
  EXPECT_EQ(out.find("Bad configuration option"), std::string::npos) << out;
}

TEST_F(OpensshDialects, NineTwoRefusesAtTheLineSshNames) {
  const OpensshRelease nine = testing::system_openssh();
  std::string ssh;
  ASSERT_NE(run("'" + nine.ssh.string() + "' -G -F '" + m_config + "' web", ssh), 0) << ssh;
  const std::string ssh_line = m_config + ": line 2: Bad configuration option: tag";
  ASSERT_NE(ssh.find(ssh_line + "\n"), std::string::npos) << ssh;
  // ssh counts 5 bad lines (four keywords and the Match line); ssh-tune names the first and counts the rest.
  const std::string expected = m_config + ":2: Bad configuration option: tag (+4 more)";
  for (const char* args : {"config web", "audit --no-bench"}) {
    std::string out;
    EXPECT_EQ(ssh_tune(nine, args, out), 1) << args << "\n" << out;
    EXPECT_NE(out.find(expected), std::string::npos) << args << "\n" << out;
  }
}

}  // namespace
}  // namespace sshtune::cli
