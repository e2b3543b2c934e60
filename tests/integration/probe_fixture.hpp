#pragma once
// Shared set-up for probe integration tests: a HOME and agent-free environment,
// and a RemoteTarget pointing at an SshdFixture.

#include "probes/core/openssh_runner.hpp"
#include "probes/core/remote_target.hpp"
#include "tests/support/sshd_fixture.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <optional>

namespace sshtune::testing {

// Base fixture: skips without sshd, isolates HOME and the agent, starts servers on demand.
class SshdProbeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = SshdFixture::unavailable_reason()) {
      GTEST_SKIP() << *reason;
    }
  }

  // Starts a server with `extra_config`; fails the test (and returns nullptr) if it cannot.
  SshdFixture* start_sshd(const std::vector<std::string>& extra_config = {}) {
    auto started = SshdFixture::start(extra_config);
    EXPECT_TRUE(started) << started.error().message;
    if (!started) {
      return nullptr;
    }
    m_sshd = std::move(started).value();
    return m_sshd.get();
  }

  // A target for the fixture: its client key only, its known_hosts only, no agent, short timeout.
  static probes::RemoteTarget target_for(const SshdFixture& sshd) {
    probes::RemoteTarget target;
    target.hostname = sshd.host();
    target.port = sshd.port();
    target.user = sshd.user();
    target.identity_files = {sshd.client_key()};
    target.known_hosts_files = {sshd.known_hosts()};
    target.timeout = std::chrono::seconds(5);
    target.use_agent = false;
    return target;
  }

  // The user's ssh aimed at the fixture through its own ssh_config, as a plain batch session
  // (host/ adds the same session options), plus `extra` options.
  static probes::OpensshTarget openssh_target_for(const SshdFixture& sshd, const std::vector<std::string>& extra = {}) {
    probes::OpensshTarget target;
    target.options = {"-F", sshd.ssh_config().string()};
    target.options.insert(target.options.end(), extra.begin(), extra.end());
    target.session_options = {"-o", "BatchMode=yes", "-o", "ControlMaster=no", "-o", "ControlPath=none",
                              "-o", "LogLevel=INFO", "-T"};
    target.destination = SshdFixture::host_alias();
    target.timeout = std::chrono::seconds(10);
    target.label = "sshtune-test";
    return target;
  }

  TempDir m_home;
  ScopedEnv m_home_env{"HOME", m_home.path().string()};
  ScopedEnv m_agent_env{"SSH_AUTH_SOCK", ""};
  std::unique_ptr<SshdFixture> m_sshd;
};

}  // namespace sshtune::testing
