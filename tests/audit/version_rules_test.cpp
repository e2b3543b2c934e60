#include "tuner/audit/version_rules.hpp"

#include "base/openssh_version.hpp"
#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

// The 9.2 snapshot's facts under another version string; 10.x also knows ML-KEM.
sshconfig::FixedClientCapabilities release(const std::string& version) {
  const sshconfig::ClientCapabilities& base = sshtune::testing::openssh_9_2_debian_snapshot();
  std::vector<std::vector<std::string>> supported;
  for (AlgorithmKind kind :
       {AlgorithmKind::cipher, AlgorithmKind::mac, AlgorithmKind::kex, AlgorithmKind::key_sig, AlgorithmKind::sig}) {
    supported.push_back(base.supported(kind));
  }
  if (parse_openssh_version(version)->since(10, 0)) {
    supported[static_cast<std::size_t>(AlgorithmKind::kex)].insert(
        supported[static_cast<std::size_t>(AlgorithmKind::kex)].begin(), "mlkem768x25519-sha256");
  }
  return sshconfig::FixedClientCapabilities(std::move(supported), base.defaults(), version);
}

// The finding for the one line of `text`, judged by `client`.
std::optional<audit::Finding> judge(const std::string& text, const sshconfig::ClientCapabilities& client) {
  const sshconfig::ConfigFile file = sshconfig::parse(text, "/cfg");
  const audit::AlgorithmContext context{shipped_catalog(), client, default_policy()};
  const std::string scope = "*";
  return audit::audit_version_line(file.lines.front(), {file.path, scope}, context);
}

TEST(VersionRules, IpqosLowdelayIsIgnoredFrom10_1AndSaidAsComingBefore) {
  const auto now = judge("IPQoS lowdelay throughput\n", release("OpenSSH_10.1p1"));
  ASSERT_TRUE(now.has_value());
  EXPECT_EQ(brief(*now),
            "warn ipqos-ignored 1: IPQoS lowdelay is ignored by OpenSSH 10.1p1 (the system's default "
            "marking is used instead)");
  EXPECT_EQ(now->fix,
            "use DSCP names, which every release reads: IPQoS ef cs1 (interactive, bulk), or remove the "
            "line for OpenSSH's defaults");
  const auto before = judge("IPQoS af21 Throughput\n", release("OpenSSH_9.2p1 Debian-2+deb12u10"));
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(brief(*before),
            "info ipqos-ignored 1: IPQoS Throughput is ignored from OpenSSH 10.1 on (the system's "
            "default marking is used instead)");
  EXPECT_FALSE(judge("IPQoS ef cs1\n", release("OpenSSH_10.1p1")).has_value());
}

TEST(VersionRules, ADsaIdentityFileFailsOn10AndWarnsBefore) {
  const TempDir dir;
  dir.write("id_dsa", "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n");
  dir.write("id_dsa.pub", "ssh-dss AAAAB3NzaC1kc3MAAACBAP== me@host\n");
  dir.write("id_ed25519.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI me@host\n");
  const std::string dsa = (dir.path() / "id_dsa").string();
  const auto now = judge("IdentityFile " + dsa + "\n", release("OpenSSH_10.0p2 Debian-7~bpo12+1"));
  ASSERT_TRUE(now.has_value());
  EXPECT_EQ(brief(*now), "fail dsa-key 1: IdentityFile " + dsa +
                             " is a DSA key, which OpenSSH 10.0p2 cannot use (DSA was removed in 10.0)");
  const auto before = judge("IdentityFile " + dsa + "\n", release("OpenSSH_9.2p1"));
  ASSERT_TRUE(before.has_value());
  EXPECT_EQ(before->severity, audit::Severity::warn);
  EXPECT_FALSE(judge("IdentityFile " + (dir.path() / "id_ed25519").string() + "\n", release("OpenSSH_10.0p2")));
  EXPECT_FALSE(judge("IdentityFile ~/.ssh/id_%h\n", release("OpenSSH_10.0p2")));
}

TEST(VersionRules, APemDsaKeyWithoutItsPublicHalfIsFound) {
  const TempDir dir;
  dir.write("legacy", "-----BEGIN DSA PRIVATE KEY-----\nMIIBuw==\n-----END DSA PRIVATE KEY-----\n");
  EXPECT_TRUE(judge("IdentityFile " + (dir.path() / "legacy").string() + "\n", release("OpenSSH_10.0p2")));
}

TEST(VersionRules, AKexListWithoutPostQuantumWarnsWhereSshHasOne) {
  const auto finding = judge("KexAlgorithms curve25519-sha256,ecdh-sha2-nistp256\n", release("OpenSSH_10.0p2"));
  ASSERT_TRUE(finding.has_value());
  EXPECT_EQ(brief(*finding),
            "warn kex-no-post-quantum 1: KexAlgorithms leaves out post-quantum key exchange, which OpenSSH 10.0p2 "
            "supports (mlkem768x25519-sha256): sessions recorded today could be decrypted by a future quantum "
            "computer, and OpenSSH 10.1 warns on every connection");
  EXPECT_EQ(finding->fix, "put mlkem768x25519-sha256 first in the list, or remove the line for OpenSSH's default");
  EXPECT_TRUE(judge("KexAlgorithms -sntrup761x25519-sha512*\n", release("OpenSSH_9.2p1")));
  EXPECT_FALSE(judge("KexAlgorithms +diffie-hellman-group14-sha1\n", release("OpenSSH_10.0p2")));
  EXPECT_FALSE(judge("KexAlgorithms ^curve25519-sha256\n", release("OpenSSH_9.2p1")));
}

TEST(VersionRules, AServerWithOnlyPreauthZlibCompressesNothingFor9_9) {
  probes::ServerAlgorithms server;
  server.compression_c2s = {"none", "zlib"};
  const auto ten = release("OpenSSH_10.0p2");
  const audit::AlgorithmContext context{shipped_catalog(), ten, default_policy()};
  const auto finding = audit::audit_preauth_compression(server, "server h:22", context);
  ASSERT_TRUE(finding.has_value());
  EXPECT_EQ(finding->message,
            "the server compresses only with pre-authentication zlib, and OpenSSH 10.0p2 no "
            "longer offers it: Compression yes compresses nothing with this server");
  EXPECT_EQ(finding->severity, audit::Severity::warn);
  server.compression_c2s = {"none", "zlib@openssh.com", "zlib"};
  EXPECT_FALSE(audit::audit_preauth_compression(server, "server h:22", context).has_value());
}

}  // namespace
}  // namespace sshtune::testing
