#include "probes/core/host_trials.hpp"
#include "probes/libssh/libssh_runner.hpp"
#include "tests/integration/probe_fixture.hpp"

#include "tests/support/shell.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdio>
#include <memory>

namespace sshtune::testing {
namespace {

// "SHA256:..." of a public key file, as ssh-keygen prints it.
std::string fingerprint_of(const std::filesystem::path& public_key) {
  const std::string line = capture("ssh-keygen -l -E sha256 -f " + public_key.string());
  const auto start = line.find("SHA256:");
  return line.substr(start, line.find(' ', start) - start);
}

class HostKeyIntegration : public SshdProbeTest {
 protected:
  void SetUp() override {
    SshdProbeTest::SetUp();
    if (!IsSkipped()) {
      ASSERT_NE(start_sshd(), nullptr);
    }
  }
  // No trial may run when access is refused: the server must not even see a login.
  bool logged_in() const { return m_sshd->log().find("Accepted publickey") != std::string::npos; }
  std::string bracketed() const { return "[127.0.0.1]:" + std::to_string(m_sshd->port()); }
};

TEST_F(HostKeyIntegration, KnownKeyIsAccepted) {
  auto access = probes::make_libssh_runner(target_for(*m_sshd), system_clock())->check_access();
  ASSERT_TRUE(access) << access.error().message;
  EXPECT_EQ(access.value().host_key_fingerprint, fingerprint_of(m_sshd->host_public_key()));
  EXPECT_FALSE(access.value().host_key_added);
}

TEST_F(HostKeyIntegration, HashedKnownHostsEntriesWork) {
  ASSERT_EQ(std::system(("ssh-keygen -q -H -f " + m_sshd->known_hosts().string() + " >/dev/null 2>&1").c_str()), 0);
  ASSERT_EQ(read_file(m_sshd->known_hosts()).substr(0, 3), "|1|");
  auto access = probes::make_libssh_runner(target_for(*m_sshd), system_clock())->check_access();
  EXPECT_TRUE(access) << access.error().message;
}

TEST_F(HostKeyIntegration, UnknownKeyIsRefusedBeforeAnyTrial) {
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {m_home.write("empty_known_hosts", "")};
  auto runner = probes::make_libssh_runner(target, system_clock());
  probes::HostTrialPlan plan;
  plan.ciphers = {"aes128-ctr"};
  auto report = probes::run_host_trials(*runner, plan, describe(target), system_clock());
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message, describe(target) + ": host key ssh-ed25519 " +
                                        fingerprint_of(m_sshd->host_public_key()) + " for " + bracketed() +
                                        " is not in known_hosts; verify it, then connect once with ssh or rerun with "
                                        "--accept-new");
  EXPECT_FALSE(logged_in());
  EXPECT_EQ(read_file(target.known_hosts_files.front()), "");
}

TEST_F(HostKeyIntegration, MissingKnownHostsFileCountsAsUnknown) {
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {m_home.path() / "does-not-exist"};
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_NE(access.error().message.find("is not in known_hosts"), std::string::npos) << access.error().message;
}

TEST_F(HostKeyIntegration, AcceptNewAddsTheKeyOnce) {
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {m_home.write("kh", "")};
  target.accept_new = true;
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto access = runner->check_access();
  ASSERT_TRUE(access) << access.error().message;
  EXPECT_TRUE(access.value().host_key_added);
  EXPECT_NE(read_file(target.known_hosts_files.front()).find(bracketed()), std::string::npos);
  target.accept_new = false;
  auto again = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_FALSE(again.value().host_key_added);
}

TEST_F(HostKeyIntegration, ChangedKeyIsAlwaysRefusedWithBothFingerprints) {
  TempDir other;
  ASSERT_EQ(std::system(("ssh-keygen -q -t ed25519 -N '' -f " + (other.path() / "k").string()).c_str()), 0);
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {m_home.write("kh", bracketed() + " " + read_file(other.path() / "k.pub"))};
  target.accept_new = true;  // must not matter for a changed key
  auto runner = probes::make_libssh_runner(target, system_clock());
  probes::HostTrialPlan plan;
  plan.ciphers = {"aes128-ctr"};
  auto report = probes::run_host_trials(*runner, plan, describe(target), system_clock());
  ASSERT_FALSE(report);
  const std::string& message = report.error().message;
  EXPECT_TRUE(message.starts_with(describe(target) + ": HOST KEY CHANGED: ")) << message;
  EXPECT_NE(message.find(fingerprint_of(other.path() / "k.pub")), std::string::npos) << message;
  EXPECT_NE(message.find(fingerprint_of(m_sshd->host_public_key())), std::string::npos) << message;
  EXPECT_FALSE(logged_in());
}

// A revoked host key as ssh refuses it: with and without a plain line for the same key,
// and --accept-new must not add it; the server never sees a login.
TEST_F(HostKeyIntegration, RevokedKeyIsRefusedWithItsFingerprint) {
  const std::string key = read_file(m_sshd->host_public_key());
  const std::string plain = read_file(m_sshd->known_hosts());
  for (const std::string& listed : {plain, std::string()}) {
    auto target = target_for(*m_sshd);
    const std::string text = listed + "@revoked * " + key;
    target.known_hosts_files = {m_home.write("kh", text)};
    target.accept_new = true;
    auto runner = probes::make_libssh_runner(target, system_clock());
    probes::HostTrialPlan plan;
    plan.ciphers = {"aes128-ctr"};
    auto report = probes::run_host_trials(*runner, plan, describe(target), system_clock());
    ASSERT_FALSE(report) << (listed.empty() ? "revoked only" : "revoked and plain");
    const std::size_t line = listed.empty() ? 1 : 2;
    EXPECT_EQ(report.error().message, describe(target) + ": REVOKED HOST KEY: ssh-ed25519 " +
                                          fingerprint_of(m_sshd->host_public_key()) + " is marked @revoked for " +
                                          bracketed() + " at " + target.known_hosts_files.front().string() + ":" +
                                          std::to_string(line) + "; refusing");
    EXPECT_EQ(read_file(target.known_hosts_files.front()), text);  // --accept-new added nothing
    EXPECT_FALSE(logged_in());
  }
}

TEST_F(HostKeyIntegration, RevokingAnotherKeyChangesNothing) {
  TempDir other;
  ASSERT_EQ(std::system(("ssh-keygen -q -t ed25519 -N '' -f " + (other.path() / "k").string()).c_str()), 0);
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {
      m_home.write("kh", read_file(m_sshd->known_hosts()) + "@revoked * " + read_file(other.path() / "k.pub"))};
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  EXPECT_TRUE(access) << access.error().message;
}

TEST_F(HostKeyIntegration, CertAuthorityIsSaidToBeUnsupported) {
  TempDir ca;
  ASSERT_EQ(std::system(("ssh-keygen -q -t ed25519 -N '' -f " + (ca.path() / "ca").string()).c_str()), 0);
  auto target = target_for(*m_sshd);
  const std::string text = "@cert-authority [127.0.0.1]:* " + read_file(ca.path() / "ca.pub");
  target.known_hosts_files = {m_home.write("kh", text)};
  target.accept_new = true;  // must not add a plain key behind the CA's back
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_EQ(access.error().message,
            describe(target) + ": host keys for " + bracketed() + " are vouched for by @cert-authority at " +
                target.known_hosts_files.front().string() +
                ":1, which ssh-tune cannot check (libssh 0.10 has no host certificates); add the host's own key to "
                "known_hosts (ssh-keyscan, then verify it) to measure it");
  EXPECT_EQ(read_file(target.known_hosts_files.front()), text);
  EXPECT_FALSE(logged_in());
}

TEST_F(HostKeyIntegration, AnUnreadableKnownHostsFileIsAnErrorNotUnknown) {
  auto target = target_for(*m_sshd);
  const auto directory = m_home.path() / "kh.d";
  std::filesystem::create_directories(directory);
  target.known_hosts_files = {directory, m_sshd->known_hosts()};
  target.accept_new = true;
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_EQ(access.error().message, directory.string() + ": Is a directory");
  EXPECT_FALSE(logged_in());
}

TEST_F(HostKeyIntegration, ABrokenEntryForTheHostIsAnErrorNotUnknown) {
  auto target = target_for(*m_sshd);
  target.known_hosts_files = {m_home.write("kh", bracketed() + " ssh-ed25519 AAAAnot-base64!!\n")};
  target.accept_new = true;
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_TRUE(access.error().message.starts_with(describe(target) + ": cannot use known_hosts file " +
                                                 target.known_hosts_files.front().string() + ": "))
      << access.error().message;
  EXPECT_EQ(read_file(target.known_hosts_files.front()), bracketed() + " ssh-ed25519 AAAAnot-base64!!\n");
}

TEST_F(HostKeyIntegration, WrongClientKeyFailsWithoutPrompting) {
  TempDir other;
  ASSERT_EQ(std::system(("ssh-keygen -q -t ed25519 -N secret -f " + (other.path() / "k").string()).c_str()), 0);
  auto target = target_for(*m_sshd);
  target.identity_files = {other.path() / "k"};  // passphrase-protected: must be skipped, never prompted for
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_EQ(access.error().message, describe(target) + ": public key authentication failed (tried " +
                                        (other.path() / "k").string() +
                                        "); ssh-tune never prompts, so load passphrase-protected keys into ssh-agent");
}

TEST_F(HostKeyIntegration, KeyFileWithoutPubIsUsedAndNoPubIsWritten) {
  TempDir keys;
  std::filesystem::copy_file(m_sshd->client_key(), keys.path() / "id");
  std::filesystem::permissions(keys.path() / "id", std::filesystem::perms::owner_read);
  auto target = target_for(*m_sshd);
  target.identity_files = {keys.path() / "missing", keys.path() / "id"};
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_TRUE(access) << access.error().message;
  EXPECT_EQ(access.value().auth_method, (keys.path() / "id").string());
  EXPECT_FALSE(std::filesystem::exists(keys.path() / "id.pub"));
  EXPECT_FALSE(std::filesystem::exists(m_home.path() / ".ssh"));
}

TEST_F(HostKeyIntegration, AgentKeysAreTriedFirst) {
  TempDir agent_dir;
  const auto socket = agent_dir.path() / "agent.sock";
  const std::string started = capture("ssh-agent -a " + socket.string() + " 2>/dev/null");
  const auto pid_at = started.find("SSH_AGENT_PID=");
  ASSERT_NE(pid_at, std::string::npos) << started;
  const pid_t agent_pid = std::stoi(started.substr(pid_at + 14));
  ScopedEnv agent_env("SSH_AUTH_SOCK", socket.string());
  const int added = std::system(("ssh-add -q " + m_sshd->client_key().string() + " 2>/dev/null").c_str());
  auto target = target_for(*m_sshd);
  target.identity_files.clear();
  target.use_agent = true;
  auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  kill(agent_pid, SIGTERM);
  ASSERT_EQ(added, 0);
  ASSERT_TRUE(access) << access.error().message;
  EXPECT_EQ(access.value().auth_method, "agent");
}

}  // namespace
}  // namespace sshtune::testing
