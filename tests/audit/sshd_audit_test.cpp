#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/audit/server_audit.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

using testing::TempDir;

TEST(SshdAudit, EveryRuleOnOneFile) {
  TempDir dir;
  const auto path = dir.write("sshd_config",
                              "# legacy box\n"
                              "Ciphers aes128-ctr,3des-cbc\n"
                              "MACs hmac-sha1,hmac-sha2-256-etm@openssh.com\n"
                              "KexAlgorithms diffie-hellman-group14-sha1\n"
                              "HostKeyAlgorithms ssh-rsa\n"
                              "Compression true\n"
                              "Include /no/such/dir/*.conf\n"
                              "Match User legacy\n"
                              "  Ciphers +aes128-cbc\n"
                              "  Compression delayed\n");
  const auto findings = audit_sshd_config(path, testing::snapshot_context());
  ASSERT_TRUE(findings) << findings.error().message;
  EXPECT_EQ(testing::briefs(findings.value()),
            (std::vector<std::string>{
                "fail algo-deprecated 2: Ciphers enables 3des-cbc, a deprecated algorithm (64-bit block (Sweet32) and "
                "very slow; still compiled in, opt-in only; CVE-2016-2183; CVE-2008-5161)",
                "fail algo-deprecated 3: MACs enables hmac-sha1, a deprecated algorithm (SHA-1, encrypt-and-MAC)",
                "fail algo-deprecated 4: KexAlgorithms enables diffie-hellman-group14-sha1, a deprecated algorithm "
                "(SHA-1)",
                "fail algo-deprecated 5: HostKeyAlgorithms enables ssh-rsa, a deprecated algorithm (RSA with SHA-1 "
                "signatures; re-enable only with PubkeyAcceptedAlgorithms +ssh-rsa)",
                "fail config-error 6: sshd rejects Compression 'true' (expected yes, delayed or no) and refuses to "
                "start",
                "warn include-missing 7: Include /no/such/dir/*.conf matches no file; ssh skips it without a word",
                "fail algo-reenabled-legacy 9: Ciphers +aes128-cbc re-enables a legacy (dropped from sshd's defaults "
                "in 6.7) algorithm that OpenSSH left out of its defaults (CBC plaintext recovery; Terrapin-affected "
                "with any -etm MAC; CVE-2008-5161; CVE-2023-48795)",
            }));
  EXPECT_EQ(findings.value().back().host, "Match User legacy");
  EXPECT_EQ(findings.value().front().host, "*");
  EXPECT_EQ(findings.value().front().file, path.string());
}

TEST(SshdAudit, UnreadableFileIsAnOperationalError) {
  const auto findings = audit_sshd_config("/no/such/sshd_config", testing::snapshot_context());
  ASSERT_FALSE(findings);
  EXPECT_EQ(findings.error().message, "/no/such/sshd_config: No such file or directory");
}

TEST(SshdAudit, LiveServerCombinesTiersAndTerrapin) {
  probes::ServerAlgorithms server;
  server.kex = {"curve25519-sha256", "ecdh-sha2-nistp256", "kex-strict-s-v00@openssh.com"};
  server.host_keys = {"ssh-ed25519"};
  server.ciphers_c2s = {"chacha20-poly1305@openssh.com"};
  server.ciphers_s2c = {"chacha20-poly1305@openssh.com", "aes128-cbc"};
  server.macs_c2s = {"hmac-sha2-256-etm@openssh.com"};
  server.macs_s2c = {"hmac-sha2-256-etm@openssh.com"};
  server.strict_kex = true;
  const auto findings = audit_live_server(server, "server h:22", testing::snapshot_context());
  EXPECT_EQ(testing::briefs(findings),
            (std::vector<std::string>{
                "fail algo-deprecated 0: server offers KexAlgorithms ecdh-sha2-nistp256, a deprecated algorithm (NIST "
                "P-curves; ssh-audit fails them as possibly backdoored)",
                "fail algo-server-legacy 0: server offers Ciphers aes128-cbc, dropped from sshd's defaults in 6.7 (CBC "
                "plaintext recovery; Terrapin-affected with any -etm MAC; CVE-2008-5161; CVE-2023-48795)",
                "info terrapin 0: server offers chacha20-poly1305@openssh.com with strict key exchange; clients older "
                "than OpenSSH 9.6 (no kex-strict-c) remain exposed to Terrapin prefix truncation (CVE-2023-48795)",
                "info terrapin 0: server offers CBC ciphers (aes128-cbc) together with EtM MACs "
                "(hmac-sha2-256-etm@openssh.com) with strict key exchange; clients older than OpenSSH 9.6 (no "
                "kex-strict-c) remain exposed to Terrapin prefix truncation (CVE-2023-48795)",
            }));
}

}  // namespace
}  // namespace sshtune::audit
