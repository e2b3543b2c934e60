// slow-cipher, compression-lan, terrapin and shadowed-setting, with fake speeds and facts.

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/audit/match_criteria.hpp"
#include "tuner/audit/rsync_rule.hpp"
#include "tuner/audit/slow_cipher_rule.hpp"
#include "tuner/audit/terrapin_rule.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

std::vector<probes::CipherSpeed> fake_speeds() {
  const auto speed = [](const char* name, double mb) {
    probes::CipherSpeed s;
    s.name = name;
    s.available = true;
    s.mb_per_s = mb;
    return s;
  };
  return {speed("aes128-gcm@openssh.com", 4000), speed("chacha20-poly1305@openssh.com", 1800), speed("aes128-ctr", 900),
          speed("3des-cbc", 30)};
}

AlgorithmLine cipher_line(const std::string& value) {
  return AlgorithmLine{"Ciphers", AlgorithmKind::cipher, "ciphers", value, "cfg", 4, "slow"};
}

TEST(SlowCipher, PreferredSlowCipherWarnsWithMeasuredNumbers) {
  const auto findings =
      audit_slow_ciphers(cipher_line("3des-cbc,aes128-ctr,3des-cbc"), fake_speeds(), testing::snapshot_context());
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::slow_cipher, "cfg", 4, "slow",
                                  "Ciphers prefers 3des-cbc, which runs at 30 MB/s on this CPU, 1% of "
                                  "aes128-gcm@openssh.com (4000 MB/s)",
                                  "put a fast cipher such as aes128-gcm@openssh.com first, or drop 3des-cbc"}));
}

TEST(SlowCipher, FallbackSlowCipherAndAppendedListsAreSilent) {
  EXPECT_TRUE(
      audit_slow_ciphers(cipher_line("aes128-ctr,3des-cbc"), fake_speeds(), testing::snapshot_context()).empty());
  EXPECT_TRUE(audit_slow_ciphers(cipher_line("+3des-cbc"), fake_speeds(), testing::snapshot_context()).empty());
  EXPECT_TRUE(
      audit_slow_ciphers(cipher_line("3des-cbc"), {}, testing::snapshot_context()).empty());  // no benchmark, no claim
  EXPECT_EQ(audit_slow_ciphers(cipher_line("^3des-cbc"), fake_speeds(), testing::snapshot_context()).size(), 1u);
}

MeasuredHost lan_facts() { return MeasuredHost{false, 0.3, std::nullopt, std::nullopt}; }

TEST(CompressionLan, CompressionOnALanHostWarnsAtTheSettingLine) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Host nas\n  HostName 10.0.0.2\n  Compression yes\n");
  MeasuredHostMap facts;
  facts.set("nas", lan_facts());
  const auto findings = testing::audit_file(config, {"nas"}, facts);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::compression_lan, config.string(), 3, "nas",
                                  "Compression yes is in effect for nas, but it is on a LAN (RTT 0.3 ms); ssh's zlib "
                                  "(always level 6) then slows transfers several times",
                                  "set Compression no for nas"}));
}

TEST(CompressionLan, CpuBoundHostWarnsAndUnknownHostsStaySilent) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Compression yes\n");
  MeasuredHostMap facts;
  facts.set("box", MeasuredHost{true, 40.0, std::nullopt, std::nullopt});
  facts.set("wan", MeasuredHost{false, 80.0, std::nullopt, std::nullopt});
  const auto all = testing::audit_file(config, {"box", "wan", "unknown"}, facts);
  std::vector<Finding> findings;
  for (const Finding& finding : all) {
    if (finding.rule == RuleId::compression_lan)
      findings.push_back(finding);
    else
      EXPECT_EQ(finding.rule, RuleId::compression_all_hosts) << testing::brief(finding);  // a top-level line
  }
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].message,
            "Compression yes is in effect for box, but the last measurement found the link CPU-bound; ssh's zlib "
            "(always level 6) then slows transfers several times");
  EXPECT_EQ(testing::audit_file(config, {"box"}, NoMeasuredHosts{}).size(), 1u);  // compression-all-hosts alone
}

probes::ServerAlgorithms server_offering(std::vector<std::string> ciphers, std::vector<std::string> macs, bool strict) {
  probes::ServerAlgorithms server;
  server.ciphers_c2s = ciphers;
  server.ciphers_s2c = ciphers;
  server.macs_c2s = macs;
  server.macs_s2c = macs;
  server.strict_kex = strict;
  return server;
}

TEST(Terrapin, ServerWithoutStrictKexWarnsForChachaAndCbcWithEtm) {
  const auto findings =
      audit_terrapin_server(server_offering({"chacha20-poly1305@openssh.com", "aes128-ctr", "aes128-cbc"},
                                            {"hmac-sha2-256-etm@openssh.com", "hmac-sha2-256"}, false),
                            "server h:22");
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::terrapin, "", 0, "server h:22",
                                  "server offers chacha20-poly1305@openssh.com without strict key exchange "
                                  "(kex-strict-s-v00@openssh.com): Terrapin prefix truncation (CVE-2023-48795)",
                                  "upgrade the server to OpenSSH 9.6 or later (strict kex), or remove "
                                  "chacha20-poly1305@openssh.com from Ciphers"}));
  EXPECT_EQ(findings[1].message,
            "server offers CBC ciphers (aes128-cbc) together with EtM MACs (hmac-sha2-256-etm@openssh.com) without "
            "strict key exchange (kex-strict-s-v00@openssh.com): Terrapin prefix truncation (CVE-2023-48795)");
}

TEST(Terrapin, StrictKexTurnsWarningsIntoNotesAndCbcWithoutEtmIsFine) {
  const auto strict = audit_terrapin_server(server_offering({"chacha20-poly1305@openssh.com"}, {}, true), "s");
  ASSERT_EQ(strict.size(), 1u);
  EXPECT_EQ(strict[0].severity, Severity::info);
  EXPECT_EQ(strict[0].message,
            "server offers chacha20-poly1305@openssh.com with strict key exchange; clients older than OpenSSH 9.6 "
            "(no kex-strict-c) remain exposed to Terrapin prefix truncation (CVE-2023-48795)");
  EXPECT_TRUE(audit_terrapin_server(server_offering({"aes128-cbc"}, {"hmac-sha2-256"}, false), "s").empty());
}

TEST(Terrapin, ClientNegotiatingChachaWithAnUnpatchedServerWarns) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Host old\n  HostName 192.0.2.1\nHost gcm\n  Ciphers aes128-gcm@openssh.com\n");
  MeasuredHostMap facts;
  const probes::ServerAlgorithms server =
      server_offering({"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"}, {"hmac-sha2-256"}, false);
  facts.set("old", MeasuredHost{std::nullopt, std::nullopt, server, std::nullopt});
  facts.set("gcm", MeasuredHost{std::nullopt, std::nullopt, server, std::nullopt});
  const auto findings = testing::audit_file(config, {"old", "gcm"}, facts);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::terrapin, "", 0, "old",
                                  "ssh to old negotiates chacha20-poly1305@openssh.com and the server lacks strict "
                                  "key exchange: Terrapin prefix truncation (CVE-2023-48795)",
                                  "put aes128-gcm@openssh.com (not affected) first in Ciphers for old, or upgrade "
                                  "the server to OpenSSH 9.6 or later"}));
}

TEST(RsyncStacking, RsyncRshForcingSshCompressionWarns) {
  const auto finding = audit_rsync_rsh(std::string("ssh -C -p 2222"));
  ASSERT_TRUE(finding);
  EXPECT_EQ(*finding, (Finding{Severity::warn, RuleId::compression_rsync_stacked, "", 0, "environment RSYNC_RSH",
                               "RSYNC_RSH='ssh -C -p 2222' turns on ssh compression for every rsync; with rsync -z "
                               "the data is compressed twice, which is slower and never smaller",
                               "drop -C / Compression=yes from RSYNC_RSH and let rsync compress (-z, "
                               "--compress-choice=zstd)"}));
  EXPECT_TRUE(audit_rsync_rsh(std::string("ssh -o Compression=yes")));
  EXPECT_TRUE(audit_rsync_rsh(std::string("ssh -4C")));
  EXPECT_FALSE(audit_rsync_rsh(std::string("ssh -c aes128-gcm@openssh.com -oCompression=no")));
  EXPECT_FALSE(audit_rsync_rsh(std::nullopt));
}

TEST(RsyncStacking, CompressionForAHostWhereRsyncCompressesWarns) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Host backup\n  Compression yes\n");
  MeasuredHostMap facts;
  facts.set("backup", MeasuredHost{std::nullopt, 30.0, std::nullopt, std::string("zstd")});
  const auto findings = testing::audit_file(config, {"backup"}, facts);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::compression_rsync_stacked, config.string(), 2, "backup",
                                  "Compression yes is in effect for backup, whose measured recommendation is rsync's "
                                  "own compression (zstd); under rsync -z the data is compressed twice",
                                  "set Compression no for backup and use rsync --compress-choice=zstd"}));
}

TEST(Shadowing, HostStarFirstShadowsPerHostCiphersAndCompression) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg",
                                "Host *\n    Ciphers aes256-ctr\n    Compression no\n"
                                "Host foo\n    Ciphers aes128-gcm@openssh.com\n    Compression yes\n    User me\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0],
            (Finding{Severity::warn, RuleId::shadowed_setting, config.string(), 5, "foo",
                     "Ciphers here never takes effect for foo: " + config.string() +
                         ":2 set it first, and ssh uses the first value it finds",
                     "move this block above the one containing " + config.string() + ":2, or change the value there"}));
  EXPECT_EQ(findings[1].line, 6u);
  EXPECT_EQ(findings[1].message, "Compression here never takes effect for foo: " + config.string() +
                                     ":3 set it first, and ssh uses the first value it finds");
}

TEST(Shadowing, HostsNamedOnlyInMatchBlocksAreChecked) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg",
                                "Host *\n    Ciphers aes256-ctr\n"
                                "Match host foo\n    Ciphers aes128-gcm@openssh.com\n"
                                "Match originalhost=bar,baz,!qux,*.example user root\n    Compression yes\n"
                                "Match all\n    Compression no\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 1u) << ::testing::PrintToString(testing::briefs(findings));
  EXPECT_EQ(findings[0],
            (Finding{Severity::warn, RuleId::shadowed_setting, config.string(), 4, "foo",
                     "Ciphers here never takes effect for foo: " + config.string() +
                         ":2 set it first, and ssh uses the first value it finds",
                     "move this block above the one containing " + config.string() + ":2, or change the value there"}));
}

TEST(Shadowing, OriginalhostAndHostListsNameEveryLiteralEntry) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg",
                                "Host *\n    Compression no\n"
                                "Match originalhost bar,baz,!qux,*.example\n    Compression yes\n");
  std::vector<std::string> hosts;
  for (const Finding& finding : testing::audit_file(config)) hosts.push_back(finding.host);
  EXPECT_EQ(hosts, (std::vector<std::string>{"bar", "baz"}));
}

TEST(Shadowing, MatchExecMakesItUnknowableSoNothingIsSaid) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  // exec is never run by an audit: a block behind it may or may not apply.
  const auto behind_exec = dir.write("a",
                                     "Host *\n    Ciphers aes256-ctr\nMatch host foo exec \"true\"\n"
                                     "    Ciphers aes128-gcm@openssh.com\n");
  EXPECT_TRUE(testing::audit_file(behind_exec, {"foo"}).empty());
  // ssh-tune counts `!exec` as matching; whether its line wins is unknowable too.
  const auto winner_behind_exec = dir.write("b",
                                            "Match !exec \"false\"\n    Ciphers aes256-ctr\n"
                                            "Host foo\n    Ciphers aes128-gcm@openssh.com\n");
  EXPECT_TRUE(testing::audit_file(winner_behind_exec, {"foo"}).empty());
}

TEST(MatchCriteria, SplitAsSshDoes) {
  const std::vector<MatchCriterion> criteria = match_criteria("Host=foo,bar !exec \"x y\" final # rest");
  ASSERT_EQ(criteria.size(), 3u);
  EXPECT_EQ(criteria[0].attribute, "host");
  EXPECT_EQ(criteria[0].argument, "foo,bar");
  EXPECT_TRUE(criteria[1].negated);
  EXPECT_EQ(criteria[1].attribute, "exec");
  EXPECT_EQ(criteria[1].argument, "x y");
  EXPECT_EQ(criteria[2].attribute, "final");
  EXPECT_TRUE(needs_exec(criteria));
  EXPECT_TRUE(scope_needs_exec("Match host foo exec true"));
  EXPECT_FALSE(scope_needs_exec("Match host exec"));  // "exec" is host's argument here
  EXPECT_FALSE(scope_needs_exec("exec"));             // a Host label, not a Match one
}

TEST(Shadowing, PerHostBlockFirstIsClean) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Host foo\n    Compression yes\nHost *\n    Compression no\n");
  EXPECT_TRUE(testing::audit_file(config, {"foo"}).empty());
}

}  // namespace
}  // namespace sshtune::audit
