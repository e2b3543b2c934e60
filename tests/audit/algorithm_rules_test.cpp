#include "tests/audit/audit_fixtures.hpp"
#include "tuner/audit/algorithm_rules.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

using testing::snapshot_context;

std::vector<Finding> judge(const std::string& keyword, AlgorithmKind kind, const std::string& slot,
                           const std::string& value, ListReader reader = ListReader::ssh) {
  return audit_algorithm_line(AlgorithmLine{keyword, kind, slot, value, "cfg", 7, "web"}, reader, snapshot_context());
}

std::vector<Finding> ciphers(const std::string& value, ListReader reader = ListReader::ssh) {
  return judge("Ciphers", AlgorithmKind::cipher, "ciphers", value, reader);
}

TEST(AlgorithmRules, RemovedCipherUnknownToThisSshFailsWithTheWholeFile) {
  const auto findings = ciphers("arcfour,aes128-ctr");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::fail, RuleId::algo_removed, "cfg", 7, "web",
                                  "Ciphers names arcfour, removed from OpenSSH in 7.6 (RC4: biased keystream, no "
                                  "longer in OpenSSH); this OpenSSH does not know it and ssh rejects the whole file",
                                  "remove arcfour from Ciphers", "arcfour"}));
}

TEST(AlgorithmRules, DeprecatedCipherFails) {
  const auto findings = ciphers("aes128-gcm@openssh.com,3des-cbc");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::fail);
  EXPECT_EQ(findings[0].rule, RuleId::algo_deprecated);
  EXPECT_EQ(findings[0].message,
            "Ciphers enables 3des-cbc, a deprecated algorithm (64-bit block (Sweet32) and very slow; still compiled "
            "in, opt-in only; CVE-2016-2183; CVE-2008-5161)");
  EXPECT_EQ(findings[0].fix, "remove 3des-cbc from Ciphers");
}

TEST(AlgorithmRules, WeakCbcCipherWarnsOnTheClient) {
  const auto findings = ciphers("^aes128-cbc");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::warn);
  EXPECT_EQ(findings[0].rule, RuleId::algo_weak);
  EXPECT_EQ(findings[0].message,
            "Ciphers enables aes128-cbc, a weak algorithm (CBC plaintext recovery; Terrapin-affected with any -etm "
            "MAC; CVE-2008-5161; CVE-2023-48795)");
}

TEST(AlgorithmRules, CbcCipherInSshdConfigFailsBecauseSshdDroppedIt) {
  const auto findings = ciphers("aes128-cbc", ListReader::sshd);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::fail);
  EXPECT_EQ(findings[0].rule, RuleId::algo_server_legacy);
  EXPECT_EQ(findings[0].message,
            "Ciphers enables aes128-cbc, dropped from sshd's defaults in 6.7 (CBC plaintext recovery; "
            "Terrapin-affected with any -etm MAC; CVE-2008-5161; CVE-2023-48795)");
}

TEST(AlgorithmRules, PlusReEnablingLegacyNamesIsReportedOnce) {
  const auto findings =
      judge("PubkeyAcceptedAlgorithms", AlgorithmKind::key_sig, "pubkeyacceptedalgorithms", "+ssh-rsa");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::fail);
  EXPECT_EQ(findings[0].rule, RuleId::algo_reenabled_legacy);
  EXPECT_EQ(findings[0].message,
            "PubkeyAcceptedAlgorithms +ssh-rsa re-enables a deprecated algorithm that OpenSSH left out of its "
            "defaults (RSA with SHA-1 signatures; re-enable only with PubkeyAcceptedAlgorithms +ssh-rsa)");
  EXPECT_EQ(findings[0].fix, "drop ssh-rsa from the + list, or keep it only in a block for the one host that needs it");
}

TEST(AlgorithmRules, PlusOfWeakCipherWarns) {
  const auto findings = ciphers("+aes256-cbc");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].severity, Severity::warn);
  EXPECT_EQ(findings[0].rule, RuleId::algo_reenabled_legacy);
}

TEST(AlgorithmRules, PlusOfANameAlreadyInTheDefaultsIsSilent) {
  EXPECT_TRUE(judge("KexAlgorithms", AlgorithmKind::kex, "kexalgorithms", "+ecdh-sha2-nistp256").empty());
}

TEST(AlgorithmRules, RemovalListsAndWildcardsAreSilent) {
  EXPECT_TRUE(judge("MACs", AlgorithmKind::mac, "macs", "-hmac-sha1,bogus").empty());
  EXPECT_TRUE(judge("HostKeyAlgorithms", AlgorithmKind::key_sig, "hostkeyalgorithms", "ssh-ed25519*").empty());
}

TEST(AlgorithmRules, UnknownNameFailsWithSshsQueryHint) {
  const auto findings = ciphers("aes128-ctr,bogus-cipher");
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0],
            (Finding{Severity::fail, RuleId::algo_unknown, "cfg", 7, "web",
                     "Ciphers names bogus-cipher, which this OpenSSH does not support; ssh rejects the "
                     "whole file",
                     "remove bogus-cipher or correct its spelling (see `ssh -Q cipher`)", "bogus-cipher"}));
  EXPECT_EQ(ciphers("bogus", ListReader::sshd)[0].message,
            "Ciphers names bogus, which this OpenSSH does not support; sshd refuses to start");
}

TEST(AlgorithmRules, DeprecatedKexAndMacFail) {
  const auto kex = judge("KexAlgorithms", AlgorithmKind::kex, "kexalgorithms", "diffie-hellman-group1-sha1");
  ASSERT_EQ(kex.size(), 1u);
  EXPECT_EQ(kex[0].message,
            "KexAlgorithms enables diffie-hellman-group1-sha1, a deprecated algorithm (1024-bit modulus and SHA-1 "
            "(Logjam); CVE-2015-4000)");
  const auto macs = judge("MACs", AlgorithmKind::mac, "macs", "hmac-sha1-96,umac-64@openssh.com");
  ASSERT_EQ(macs.size(), 2u);
  EXPECT_EQ(testing::brief(macs[0]),
            "fail algo-deprecated 7: MACs enables hmac-sha1-96, a deprecated algorithm (SHA-1 truncated to 96 bits)");
  EXPECT_EQ(testing::brief(macs[1]),
            "warn algo-weak 7: MACs enables umac-64@openssh.com, a weak algorithm (Encrypt-and-MAC with a 64-bit tag)");
}

TEST(AlgorithmRules, LiveServerOfferSkipsPseudoNamesAndNotesUnknownOnes) {
  const auto findings = audit_offered_algorithms(
      AlgorithmKind::kex, {"curve25519-sha256", "kex-strict-s-v00@openssh.com", "ext-info-s", "x-new@example"},
      "server h:22", snapshot_context());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::info, RuleId::algo_unknown, "", 0, "server h:22",
                                  "server offers KexAlgorithms x-new@example, which ssh-tune's catalog does not know",
                                  "check x-new@example against current guidance", "x-new@example"}));
}

TEST(AlgorithmRules, LiveServerTiers) {
  const auto findings = audit_offered_algorithms(AlgorithmKind::cipher, {"aes128-ctr", "3des-cbc", "aes256-cbc"},
                                                 "server h:22", snapshot_context());
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(testing::brief(findings[0]),
            "fail algo-deprecated 0: server offers Ciphers 3des-cbc, a deprecated algorithm (64-bit block (Sweet32) "
            "and very slow; still compiled in, opt-in only; CVE-2016-2183; CVE-2008-5161)");
  EXPECT_EQ(findings[1].rule, RuleId::algo_server_legacy);
  EXPECT_EQ(findings[1].fix, "remove aes256-cbc from Ciphers in the server's sshd_config");
}

}  // namespace
}  // namespace sshtune::audit
