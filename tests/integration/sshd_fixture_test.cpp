#include "tests/support/sshd_fixture.hpp"

#include "tests/support/shell.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

namespace sshtune::testing {
namespace {

TEST(SshdFixture, OpenSshClientLogsInWithTheGeneratedConfig) {
  if (auto reason = SshdFixture::unavailable_reason()) {
    GTEST_SKIP() << *reason;
  }
  TempDir home;
  ScopedEnv home_env("HOME", home.path().string());
  auto sshd = SshdFixture::start({"Ciphers aes128-ctr"});
  ASSERT_TRUE(sshd) << sshd.error().message;
  const auto& server = *sshd.value();
  EXPECT_EQ(capture("ssh -F " + server.ssh_config().string() + " " + SshdFixture::host_alias() +
                    " 'printf R; exec cat >/dev/null' </dev/null 2>&1"),
            "R");
  EXPECT_EQ(capture("ssh -F " + server.ssh_config().string() + " -c aes256-ctr " + SshdFixture::host_alias() +
                    " true </dev/null >/dev/null 2>&1; echo $?"),
            "255\n");
  EXPECT_FALSE(std::filesystem::exists(home.path() / ".ssh/known_hosts"));
}

TEST(SshdFixture, StopTerminatesTheServer) {
  if (auto reason = SshdFixture::unavailable_reason()) {
    GTEST_SKIP() << *reason;
  }
  auto sshd = SshdFixture::start();
  ASSERT_TRUE(sshd) << sshd.error().message;
  const auto config = sshd.value()->ssh_config();
  sshd.value()->stop();
  EXPECT_EQ(capture("ssh -F " + config.string() + " " + SshdFixture::host_alias() +
                    " true </dev/null >/dev/null 2>&1; echo $?"),
            "255\n");
}

}  // namespace
}  // namespace sshtune::testing
