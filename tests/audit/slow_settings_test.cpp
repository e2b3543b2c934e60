// The slow settings people have: compression-all-hosts, compression-lan with its
// figures, slow-first-cipher (this CPU's figures, or a measured host's trials) and
// weak-first-cipher, over real files with fake speeds and facts.

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/audit/compression_rule.hpp"
#include "tuner/audit/first_cipher_rule.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

probes::CipherSpeed speed(const char* name, double mb) {
  probes::CipherSpeed s;
  s.name = name;
  s.available = true;
  s.mb_per_s = mb;
  return s;
}

// This CPU, as a fake benchmark: AES-GCM far ahead, CTR (with its MAC) well behind.
std::vector<probes::CipherSpeed> cpu_speeds() {
  return {speed("aes128-gcm@openssh.com", 4000),
          speed("aes256-gcm@openssh.com", 3600),
          speed("chacha20-poly1305@openssh.com", 1800),
          speed("aes128-ctr", 700),
          speed("aes256-ctr", 600),
          speed("3des-cbc", 30),
          speed("blowfish-cbc", 9000)};  // a removed cipher is never "the fastest"
}

// A loopback-like host measured CPU-bound (the figures of OpenSSH 9.2 on an AES-NI LAN).
MeasuredHost lan_host() {
  MeasuredHost facts{true, 0.2, std::nullopt, std::string()};
  facts.cipher_trials = {{"aes128-gcm@openssh.com", 330}, {"aes256-ctr", 180}, {"chacha20-poly1305@openssh.com", 240}};
  facts.zlib_trial_mb_per_s = 38;
  facts.compression_pays = false;
  return facts;
}

// A 20 Mbit/s WAN host where compression of text paid.
MeasuredHost wan_host() {
  MeasuredHost facts{false, 40.0, std::nullopt, std::string("zstd")};
  facts.cipher_trials = {{"aes128-gcm@openssh.com", 2.4}, {"aes256-ctr", 2.4}};
  facts.zlib_trial_mb_per_s = 10.9;
  facts.compression_pays = true;
  facts.window_bound = false;
  return facts;
}

class SlowSettings : public ::testing::Test {
 protected:
  std::vector<Finding> audit(const std::string& text, const MeasuredHostLookup& facts,
                             const std::vector<probes::CipherSpeed>& speeds, std::optional<double> zlib) {
    m_config = m_dir.write("cfg", text);
    ClientSources sources;
    sources.config_file = m_config;
    const auto configs = load_client_configs(sources);
    EXPECT_TRUE(configs);
    const ClientAuditInput input{configs.value(), sources, {},           testing::snapshot_context(),
                                 speeds,          facts,   std::nullopt, zlib};
    return audit_client(input);
  }
  std::vector<std::string> briefs_of(const std::vector<Finding>& findings) { return testing::briefs(findings); }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  std::filesystem::path m_config;
};

constexpr const char* k_host_star = "Host *\n  Compression yes\nHost *\n  Ciphers aes256-ctr\n";

TEST_F(SlowSettings, HostStarCompressionAndSlowFirstCipherWarnWithThisCpusFigures) {
  const auto findings = audit(k_host_star, NoMeasuredHosts{}, cpu_speeds(), 36.0);
  EXPECT_EQ(briefs_of(findings),
            (std::vector<std::string>{
                "warn compression-all-hosts 2: Compression yes here applies to every host, LAN ones too: ssh's zlib "
                "(always level 6) compresses 36 MB/s on this CPU against 4000 MB/s for aes128-gcm@openssh.com, so "
                "every faster link is held near zlib's speed",
                "warn slow-first-cipher 4: Ciphers puts aes256-ctr first: 600 MB/s on this CPU, 0.15\u00D7 "
                "aes128-gcm@openssh.com (4000 MB/s), the fastest this ssh supports"}));
  EXPECT_EQ(findings[0].host, "*");
  EXPECT_EQ(findings[0].fix,
            "drop it, or set it only in the Host blocks of slow links (ssh-tune host HOST measures whether it pays)");
}

// Two ciphers within the policy's speed_noise are named together, and the advice lists
// both stronger first: whichever the noise put ahead, the advice reads the same.
TEST_F(SlowSettings, CiphersWithinTheNoiseAreNamedTogetherAndTheAdviceDoesNotFlip) {
  std::vector<probes::CipherSpeed> speeds = cpu_speeds();
  speeds[1].mb_per_s = 3900;
  const auto findings = audit("Host *\n  Ciphers aes256-ctr\n", NoMeasuredHosts{}, speeds, {});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(testing::brief(findings[0]),
            "warn slow-first-cipher 2: Ciphers puts aes256-ctr first: 600 MB/s on this CPU, 0.15\u00D7 "
            "aes128-gcm@openssh.com (4000 MB/s), the fastest this ssh supports; aes256-gcm@openssh.com (3900 MB/s) "
            "is within the figures' 10% noise of it");
  const std::string advice =
      "put aes256-gcm@openssh.com or aes128-gcm@openssh.com first (Ciphers "
      "^aes256-gcm@openssh.com keeps ssh's defaults after it), or measure the host: ssh-tune "
      "host HOST";
  EXPECT_EQ(findings[0].fix, advice);
  speeds[1].mb_per_s = 4100;  // another run: aes256-gcm a hair ahead
  const auto again = audit("Host *\n  Ciphers aes256-ctr\n", NoMeasuredHosts{}, speeds, {});
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0].fix, advice);
}

TEST_F(SlowSettings, AMeasuredLanHostGetsItsTrialFiguresAndTheyJudgeTheCipherLine) {
  MeasuredHostMap facts;
  facts.set("lan1", lan_host());
  facts.set("wan1", wan_host());
  const auto findings = audit(k_host_star, facts, cpu_speeds(), 36.0);
  EXPECT_EQ(briefs_of(findings),
            (std::vector<std::string>{
                "warn compression-all-hosts 2: Compression yes here applies to every host, LAN ones too: ssh's zlib "
                "(always level 6) compresses 36 MB/s on this CPU against 4000 MB/s for aes128-gcm@openssh.com, so "
                "every faster link is held near zlib's speed",
                "warn compression-lan 2: Compression yes is in effect for lan1, but the last measurement found the "
                "link CPU-bound; its trials moved 330 MB/s with aes128-gcm@openssh.com and 38 MB/s with Compression "
                "yes",
                "warn slow-first-cipher 4: Ciphers puts aes256-ctr first for lan1: its trial moved 180 MB/s, "
                "0.55\u00D7 aes128-gcm@openssh.com (330 MB/s), the fastest of its trials"}));
  EXPECT_EQ(findings[0].targets, std::vector<std::string>{"wan1"});
  EXPECT_EQ(findings[0].fix,
            "move it into the Host blocks of the measured slow links (wan1); ssh-tune audit --fix does");
  EXPECT_EQ(findings[2].host, "lan1");
}

TEST_F(SlowSettings, CompressionOnlyInAMeasuredWanHostsBlockIsFine) {
  MeasuredHostMap facts;
  facts.set("wan1", wan_host());
  EXPECT_TRUE(audit("Host wan1\n  Compression yes\n  Ciphers aes256-ctr\n", facts, cpu_speeds(), 36.0).empty());
}

TEST_F(SlowSettings, WithoutBenchmarkTheMessagesSayWhatIsKnown) {
  const auto findings = audit(k_host_star, NoMeasuredHosts{}, {}, std::nullopt);
  EXPECT_EQ(briefs_of(findings),
            (std::vector<std::string>{"warn compression-all-hosts 2: Compression yes here applies to every host, LAN "
                                      "ones too: ssh's zlib (always level 6) cuts a fast link's throughput 5-10x"}));
}

TEST_F(SlowSettings, WindowBoundHostsGainNothingFromCompression) {
  MeasuredHost facts{false, 150.0, std::nullopt, std::string()};
  facts.window_bound = true;
  MeasuredHostMap known;
  known.set("far", facts);
  const auto findings = audit("Host far\n  Compression yes\n", known, {}, std::nullopt);
  EXPECT_EQ(briefs_of(findings),
            (std::vector<std::string>{
                "warn compression-lan 2: Compression yes is in effect for far, but the last measurement found it "
                "window-bound (OpenSSH's channel window over the RTT sets the pace, and compression cannot lift "
                "that: the window counts data before compression); it only costs CPU time"}));
}

TEST_F(SlowSettings, EveryHostScopes) {
  EXPECT_TRUE(applies_to_every_host("*"));
  EXPECT_TRUE(applies_to_every_host("* !lan"));
  EXPECT_TRUE(applies_to_every_host("Match all"));
  EXPECT_FALSE(applies_to_every_host("*.example"));
  EXPECT_FALSE(applies_to_every_host("Match host * exec true"));
  EXPECT_FALSE(applies_to_every_host("nas"));
  // Lines before the first block count too.
  EXPECT_EQ(audit("Compression yes\nHost a\n", NoMeasuredHosts{}, {}, std::nullopt).size(), 1u);
}

TEST_F(SlowSettings, FirstCipherOfEachListForm) {
  const sshconfig::ClientCapabilities& client = sshtune::testing::openssh_9_2_debian_snapshot();
  EXPECT_EQ(first_cipher("aes256-ctr,aes128-gcm@openssh.com", client), "aes256-ctr");
  EXPECT_EQ(first_cipher("^aes256-ctr", client), "aes256-ctr");
  EXPECT_EQ(first_cipher("-chacha20-poly1305@openssh.com", client), "aes128-ctr");  // 9.2's next default
  EXPECT_EQ(first_cipher("+aes128-cbc", client), std::nullopt);
  EXPECT_EQ(first_cipher("^", client), std::nullopt);
}

TEST_F(SlowSettings, MinusListsThatLeaveASlowCipherFirstWarnAndPlusListsNever) {
  auto findings = audit("Host a\n  Ciphers -chacha20-poly1305@openssh.com\n", NoMeasuredHosts{}, cpu_speeds(), {});
  ASSERT_EQ(findings.size(), 1u) << ::testing::PrintToString(testing::briefs(findings));
  EXPECT_EQ(testing::brief(findings[0]),
            "warn slow-first-cipher 2: Ciphers puts aes128-ctr first: 700 MB/s on this CPU, 0.17\u00D7 "
            "aes128-gcm@openssh.com (4000 MB/s), the fastest this ssh supports");
  EXPECT_TRUE(audit("Host a\n  Ciphers +aes256-ctr\n", NoMeasuredHosts{}, cpu_speeds(), {}).empty());
  // Fast enough: chacha20 at 0.45x is slow; aes256-gcm at 0.9x is not.
  EXPECT_TRUE(audit("Host a\n  Ciphers ^aes256-gcm@openssh.com\n", NoMeasuredHosts{}, cpu_speeds(), {}).empty());
}

TEST_F(SlowSettings, VerySlowFirstCiphersAreLeftToSlowCipher) {
  const auto findings =
      audit("Host a\n  Ciphers 3des-cbc,aes128-gcm@openssh.com\n", NoMeasuredHosts{}, cpu_speeds(), {});
  for (const Finding& finding : findings) EXPECT_NE(finding.rule, RuleId::slow_first_cipher) << testing::brief(finding);
}

TEST_F(SlowSettings, CaretListsPreferringAWeakCipherWarn) {
  const auto findings = audit("Host old\n  Ciphers ^aes128-cbc\n", NoMeasuredHosts{}, {}, std::nullopt);
  std::vector<std::string> rules;
  for (const Finding& finding : findings) rules.emplace_back(to_string(finding.rule));
  EXPECT_EQ(rules, (std::vector<std::string>{"algo-weak", "weak-first-cipher"}));
  EXPECT_EQ(findings[1].message,
            "Ciphers ^aes128-cbc puts aes128-cbc, a weak cipher, ahead of every default: ssh negotiates it with every "
            "server that offers it");
  EXPECT_EQ(findings[1].fix,
            "use + instead of ^ (Ciphers +aes128-cbc): it stays available for the servers that need it, after the "
            "defaults");
  EXPECT_TRUE(audit("Host old\n  Ciphers +aes128-cbc\n", NoMeasuredHosts{}, {}, std::nullopt).size() == 1u);
}

TEST_F(SlowSettings, TrialsWinOverThisCpuAndJudgeOnlyWhatTheyTimed) {
  MeasuredHost fast_ctr = lan_host();
  fast_ctr.cipher_trials["aes256-ctr"] = 300;  // 0.91x of the best trial: fine for this host
  MeasuredHostMap facts;
  facts.set("box", fast_ctr);
  EXPECT_TRUE(audit("Host box\n  Ciphers aes256-ctr\n", facts, cpu_speeds(), {}).empty());
  MeasuredHost untimed = lan_host();
  untimed.cipher_trials.erase("aes256-ctr");  // no trial of the first cipher: this CPU's figures decide
  facts.set("box", untimed);
  const auto findings = audit("Host box\n  Ciphers aes256-ctr\n", facts, cpu_speeds(), {});
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_NE(findings[0].message.find("on this CPU"), std::string::npos) << findings[0].message;
}

}  // namespace
}  // namespace sshtune::audit
