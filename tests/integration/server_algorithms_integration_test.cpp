#include "probes/core/remote_kexinit.hpp"
#include "probes/core/server_algorithms.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

using Names = std::vector<std::string>;

class ServerAlgorithmsIntegration : public SshdProbeTest {};

TEST_F(ServerAlgorithmsIntegration, KexinitMatchesTheSshdConfig) {
  auto* sshd = start_sshd({"Ciphers aes128-ctr,aes256-gcm@openssh.com", "MACs hmac-sha2-256-etm@openssh.com",
                           "KexAlgorithms curve25519-sha256"});
  ASSERT_NE(sshd, nullptr);
  auto algorithms = probes::fetch_server_algorithms(target_for(*sshd), system_clock());
  ASSERT_TRUE(algorithms) << algorithms.error().message;
  EXPECT_TRUE(algorithms.value().banner.starts_with("SSH-2.0-OpenSSH_")) << algorithms.value().banner;
  EXPECT_EQ(algorithms.value().ciphers_c2s, (Names{"aes128-ctr", "aes256-gcm@openssh.com"}));
  EXPECT_EQ(algorithms.value().ciphers_s2c, (Names{"aes128-ctr", "aes256-gcm@openssh.com"}));
  EXPECT_EQ(algorithms.value().macs_c2s, (Names{"hmac-sha2-256-etm@openssh.com"}));
  EXPECT_EQ(algorithms.value().host_keys, (Names{"ssh-ed25519"}));
  EXPECT_EQ(algorithms.value().kex.front(), "curve25519-sha256");
  EXPECT_EQ(algorithms.value().compression_c2s, (Names{"none", "zlib@openssh.com"}));
  // Debian's 9.2p1 carries the Terrapin fix and advertises strict kex.
  EXPECT_TRUE(algorithms.value().strict_kex);
}

TEST_F(ServerAlgorithmsIntegration, CompressionNoLeavesOnlyNone) {
  auto* sshd = start_sshd({"Compression no"});
  ASSERT_NE(sshd, nullptr);
  auto algorithms = probes::fetch_server_algorithms(target_for(*sshd), system_clock());
  ASSERT_TRUE(algorithms) << algorithms.error().message;
  EXPECT_EQ(algorithms.value().compression_c2s, (Names{"none"}));
  EXPECT_EQ(algorithms.value().compression_s2c, (Names{"none"}));
}

TEST_F(ServerAlgorithmsIntegration, ClosedPortIsAClearError) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto target = target_for(*sshd);
  sshd->stop();
  auto algorithms = probes::fetch_server_algorithms(target, system_clock());
  ASSERT_FALSE(algorithms);
  EXPECT_EQ(algorithms.error().message,
            "127.0.0.1:" + std::to_string(target.port) + ": cannot connect: Connection refused");
}

TEST_F(ServerAlgorithmsIntegration, KexinitThroughAProxyCommand) {
  auto* sshd = start_sshd({"Ciphers aes256-ctr"});
  ASSERT_NE(sshd, nullptr);
  auto target = target_for(*sshd);
  // ssh -W through the same server, the way ProxyJump works; BatchMode keeps it from prompting.
  target.proxy_command = "ssh -F " + sshd->ssh_config().string() + " -W 127.0.0.1:" + std::to_string(sshd->port()) +
                         " " + SshdFixture::host_alias();
  auto algorithms = probes::fetch_server_algorithms(target, system_clock());
  ASSERT_TRUE(algorithms) << algorithms.error().message;
  EXPECT_EQ(algorithms.value().ciphers_c2s, (Names{"aes256-ctr"}));
}

TEST_F(ServerAlgorithmsIntegration, FailingProxyCommandIsAClearError) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto target = target_for(*sshd);
  target.proxy_command = "exit 3";
  auto algorithms = probes::fetch_server_algorithms(target, system_clock());
  ASSERT_FALSE(algorithms);
  // Either "server closed the connection before its KEXINIT" or a reset, depending on timing.
  EXPECT_TRUE(algorithms.error().message.starts_with(describe(target) + ": ")) << algorithms.error().message;
}

}  // namespace
}  // namespace sshtune::testing
