#include "probes/core/host_trials.hpp"
#include "probes/core/remote_kexinit.hpp"
#include "probes/libssh/libssh_runner.hpp"
#include "probes/core/server_algorithms.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

using Names = std::vector<std::string>;

class TrialFailureIntegration : public SshdProbeTest {
 protected:
  Result<probes::HostTrialReport> full_run(const probes::RemoteTarget& target, probes::RemoteRunner& runner) {
    auto server = probes::fetch_server_algorithms(target, system_clock());
    EXPECT_TRUE(server) << server.error().message;
    auto plan = probes::make_trial_plan(server.value(), nullptr);
    plan.budget = std::chrono::seconds(30);
    plan.max_trial_time = std::chrono::milliseconds(200);
    return probes::run_host_trials(runner, plan, describe(target), system_clock());
  }
};

TEST_F(TrialFailureIntegration, ServerWithOneCipherGetsOneUploadTrial) {
  auto* sshd = start_sshd({"Ciphers aes128-ctr", "MACs hmac-sha2-256-etm@openssh.com"});
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = full_run(target, *runner);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report.value().failures.empty());
  ASSERT_FALSE(report.value().trials.empty());
  EXPECT_EQ(report.value().trials[0].cipher, "aes128-ctr");
  EXPECT_EQ(report.value().trials[0].mac, "hmac-sha2-256-etm@openssh.com");
  for (const auto& trial : report.value().trials) {
    EXPECT_EQ(trial.cipher, "aes128-ctr");
  }
  probes::TrialSpec other;
  other.cipher = "chacha20-poly1305@openssh.com";
  auto refused = runner->run(other);
  ASSERT_FALSE(refused);
  EXPECT_TRUE(refused.error().message.starts_with(describe(target) + ": cannot connect: ")) << refused.error().message;
}

TEST_F(TrialFailureIntegration, CompressionNoIsNotedAndAForcedTrialFailsCleanly) {
  auto* sshd = start_sshd({"Compression no", "Ciphers aes128-gcm@openssh.com"});
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = full_run(target, *runner);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_NE(std::find(report.value().notes.begin(), report.value().notes.end(),
                      "server does not offer zlib@openssh.com (Compression no): compressed throughput not measured"),
            report.value().notes.end());
  probes::TrialSpec forced;
  forced.compression = true;
  auto refused = runner->run(forced);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("compression"), std::string::npos) << refused.error().message;
}

TEST_F(TrialFailureIntegration, KilledServerKeepsEarlierResultsAndNamesTheHost) {
  auto* sshd = start_sshd({"Ciphers aes128-gcm@openssh.com,aes256-gcm@openssh.com,aes128-ctr,aes256-ctr"});
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);

  // Kills every sshd process as soon as the second upload trial has moved data.
  class KillingRunner final : public probes::RemoteRunner {
   public:
    KillingRunner(std::unique_ptr<probes::RemoteRunner> inner, SshdFixture& sshd)
        : m_inner(std::move(inner)), m_sshd(sshd) {}
    Result<probes::AccessCheck> check_access() override { return m_inner->check_access(); }
    Result<probes::TrialResult> run(const probes::TrialSpec& spec) override {
      probes::TrialSpec copy = spec;
      if (spec.kind == probes::TrialKind::upload && ++m_uploads == 2) {
        copy.on_progress = [this](std::uint64_t) { m_sshd.kill_all(); };
      }
      return m_inner->run(copy);
    }

   private:
    std::unique_ptr<probes::RemoteRunner> m_inner;
    SshdFixture& m_sshd;
    int m_uploads = 0;
  };
  KillingRunner runner(probes::make_libssh_runner(target, system_clock()), *sshd);
  auto report = full_run(target, runner);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(report.value().trials.size(), 1u);
  EXPECT_EQ(report.value().trials[0].cipher, "aes128-gcm@openssh.com");
  ASSERT_EQ(report.value().failures.size(), 2u);
  EXPECT_EQ(report.value().failures[0].trial, "upload aes256-gcm@openssh.com");
  // Which call notices the kill first (a write, a read, the exit status) depends on timing;
  // the message names the host either way.
  EXPECT_TRUE(report.value().failures[0].message.starts_with(describe(target) + ": "))
      << report.value().failures[0].message;
  EXPECT_TRUE(report.value().failures[1].message.starts_with(describe(target) + ": cannot connect"))
      << report.value().failures[1].message;
  EXPECT_EQ(report.value().notes.back(),
            "stopped after two consecutive failed trials; " + describe(target) + " may be down");
}

TEST_F(TrialFailureIntegration, ForceCommandAccountDegradesGracefully) {
  auto* sshd = start_sshd({"ForceCommand /bin/false"});
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = full_run(target, *runner);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report.value().trials.empty());
  ASSERT_EQ(report.value().failures.size(), 1u);
  EXPECT_EQ(report.value().failures[0].message,
            describe(target) + ": remote command ended at once (ForceCommand, sftp-only account or restricted shell?)");
  EXPECT_EQ(report.value().notes.back(),
            "remote commands could not run, so throughput, compression and remote tools were not measured");
}

TEST_F(TrialFailureIntegration, SftpOnlyAccountDegradesWithANote) {
  auto* sshd = start_sshd({"ForceCommand internal-sftp"});
  ASSERT_NE(sshd, nullptr);
  auto target = target_for(*sshd);
  target.timeout = std::chrono::seconds(1);
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = full_run(target, *runner);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_TRUE(report.value().trials.empty());
  ASSERT_EQ(report.value().failures.size(), 1u);
  EXPECT_TRUE(report.value().failures[0].message.starts_with(describe(target) + ": remote command "))
      << report.value().failures[0].message;
  EXPECT_NE(report.value().failures[0].message.find("sftp-only account"), std::string::npos)
      << report.value().failures[0].message;
}

}  // namespace
}  // namespace sshtune::testing
