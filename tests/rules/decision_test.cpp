// The decision model on recorded measurement sets (figures from this machine's
// loopback and a 20 Mbit/s tbf link; see bench/ and doc/benchmarks.md).
#include "rules/decision.hpp"
#include "tests/rules/rules_fixtures.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

using namespace sshtune;
using namespace sshtune::rules;

namespace {

using sshtune::rules::testing::all_reasons;
using sshtune::rules::testing::catalog;
using sshtune::rules::testing::has_reason;

const std::vector<std::string> k_client = {"3des-cbc",
                                           "aes128-cbc",
                                           "aes192-cbc",
                                           "aes256-cbc",
                                           "aes128-ctr",
                                           "aes192-ctr",
                                           "aes256-ctr",
                                           "aes128-gcm@openssh.com",
                                           "aes256-gcm@openssh.com",
                                           "chacha20-poly1305@openssh.com"};
const std::vector<std::string> k_server = {
    "chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com"};
const std::vector<std::string> k_openssh_default = k_server;

HostFacts base_facts(std::vector<CipherTrial> trials) {
  HostFacts facts;
  facts.host = "h";
  facts.survey.trials = std::move(trials);
  facts.offer.client_ciphers = k_client;
  facts.offer.server_ciphers = k_server;
  facts.offer.server_offers_compression = true;
  facts.offer.current_ciphers = k_openssh_default;
  return facts;
}

HostFacts aesni_lan() {
  HostFacts facts = base_facts({{"aes128-gcm@openssh.com", 412},
                                {"aes256-gcm@openssh.com", 371},
                                {"chacha20-poly1305@openssh.com", 251},
                                {"aes128-ctr", 288},
                                {"aes256-ctr", 262}});
  facts.survey.compressed_sample_mb_per_s = 41;
  facts.survey.compressed_random_mb_per_s = 27;
  facts.local.sample_ratio = 0.52;
  facts.local.zlib_mb_per_s = 60;
  facts.path.rtt_seconds = 0.0002;
  return facts;
}

HostFacts shaped_link(double compressed_mb_per_s, double ratio) {
  HostFacts facts = base_facts({{"aes128-gcm@openssh.com", 2.41},
                                {"aes256-gcm@openssh.com", 2.40},
                                {"chacha20-poly1305@openssh.com", 2.39},
                                {"aes128-ctr", 2.38}});
  facts.survey.compressed_sample_mb_per_s = compressed_mb_per_s;
  facts.survey.compressed_random_mb_per_s = 2.3;
  facts.local.sample_ratio = ratio;
  facts.local.zlib_mb_per_s = 58;
  facts.path.rtt_seconds = 0.002;
  facts.offer.rsync_zstd_local = true;
  facts.offer.rsync_zstd_remote = true;
  return facts;
}

}  // namespace

TEST(Decision, CpuBoundAesNiLanPicksGcmWithoutCompression) {
  auto decision = decide(aesni_lan(), catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  const Decision& d = decision.value();
  EXPECT_EQ(d.ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_FALSE(d.compression);
  EXPECT_EQ(d.rsync_compress, "");
  EXPECT_EQ(d.link_class, LinkClass::cpu_bound);
  EXPECT_EQ(d.bottleneck, Bottleneck::cpu);
  EXPECT_FALSE(d.break_even_ratio);
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 412);
  EXPECT_EQ(d.current_cipher, "chacha20-poly1305@openssh.com");
  EXPECT_DOUBLE_EQ(*d.current_mb_per_s, 251);
  EXPECT_EQ(d.expected_source, FigureSource::libssh);
  EXPECT_EQ(d.current_source, FigureSource::libssh);
  EXPECT_TRUE(
      has_reason(d, "aes128-gcm@openssh.com moved 412 MB/s (libssh survey), the best within the security floor"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d, "the ciphers' trials differ by 39%: the CPU sets the pace (cpu-bound)")) << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "with compression your data moved (libssh survey) 41 MB/s against 412 MB/s without: "
                         "Compression no"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "zlib compresses at 60 MB/s here, slower than the 412 MB/s already reached: compression "
                         "cannot pay for any data"))
      << all_reasons(d);
}

// This CPU's EVP figures (ssh-tune cpu): the two GCM ciphers cost the same, the others do not.
const std::map<std::string, double> k_aesni_speeds = {{"aes128-gcm@openssh.com", 2269},
                                                      {"aes256-gcm@openssh.com", 2226},
                                                      {"chacha20-poly1305@openssh.com", 1683},
                                                      {"aes128-ctr", 1050},
                                                      {"aes256-ctr", 990}};

TEST(Decision, EquallyCostlyCiphersWithinTrialNoiseTieAndTheStrongerGoesFirst) {
  HostFacts facts = aesni_lan();  // aes128-gcm 412, aes256-gcm 371: 10% apart
  facts.local.cipher_speeds = k_aesni_speeds;
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  const Decision& d = decision.value();
  EXPECT_EQ(d.ciphers, (std::vector<std::string>{"aes256-gcm@openssh.com", "aes128-gcm@openssh.com", "aes128-ctr",
                                                 "chacha20-poly1305@openssh.com", "aes256-ctr"}));
  EXPECT_TRUE(has_reason(d,
                         "aes256-gcm@openssh.com ties with aes128-gcm@openssh.com: this CPU runs both at the same "
                         "speed and their trials differ by less than 15%, so the stronger cipher goes first"))
      << all_reasons(d);
}

TEST(Decision, CostlierCiphersOrTrialsBeyondNoiseKeepTheirOrder) {
  HostFacts facts = aesni_lan();
  facts.local.cipher_speeds = k_aesni_speeds;
  facts.survey.trials[1].mb_per_s = 340;  // aes256-gcm 17% behind: a real difference
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  // chacha20 (251) is within 15% of aes128-ctr (288) and stronger, but costs this CPU differently.
  EXPECT_EQ(decision.value().ciphers,
            (std::vector<std::string>{"aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr",
                                      "chacha20-poly1305@openssh.com", "aes256-ctr"}));
}

TEST(Decision, ServerWithoutAesAccelerationPicksChacha) {
  HostFacts facts = base_facts({{"aes128-gcm@openssh.com", 71},
                                {"aes256-gcm@openssh.com", 62},
                                {"chacha20-poly1305@openssh.com", 183},
                                {"aes128-ctr", 88}});
  facts.survey.compressed_sample_mb_per_s = 30;
  facts.local.zlib_mb_per_s = 45;
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().ciphers.front(), "chacha20-poly1305@openssh.com");
  EXPECT_EQ(decision.value().ciphers.at(1), "aes128-ctr");
  EXPECT_FALSE(decision.value().compression);
  EXPECT_EQ(decision.value().link_class, LinkClass::cpu_bound);
}

TEST(Decision, SlowLinkWithTextTurnsCompressionOn) {
  auto decision = decide(shaped_link(10.9, 0.21), catalog(), Policy{});
  ASSERT_TRUE(decision);
  const Decision& d = decision.value();
  EXPECT_TRUE(d.compression);
  EXPECT_EQ(d.rsync_compress, "zstd");
  EXPECT_EQ(d.link_class, LinkClass::link_bound);
  EXPECT_EQ(d.bottleneck, Bottleneck::link);
  ASSERT_TRUE(d.break_even_ratio);
  EXPECT_DOUBLE_EQ(*d.break_even_ratio, 0.8);
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 10.9);
  // The trials tie, so the stronger (256-bit AEAD) cipher leads.
  EXPECT_EQ(d.ciphers.front(), "aes256-gcm@openssh.com");
  EXPECT_TRUE(has_reason(d, "compression pays when your data compresses below 0.80 (compressed/original)"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "with compression your data moved (libssh survey) 11 MB/s against 2.4 MB/s without: "
                         "Compression yes"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "aes256-gcm@openssh.com ties with aes128-gcm@openssh.com (within 5%): the stronger cipher "
                         "goes first"))
      << all_reasons(d);
}

// The CPU's speed is that of the best figure's cipher: 60 MB/s is far below the 2269 this CPU encrypts
// with aes128-gcm, though not below 5% of chacha20's 500, and the spread alone would say cpu-bound.
TEST(Decision, TheBestFiguresOwnCipherSpeedDecidesTheLink) {
  HostFacts facts = shaped_link(3.4, 0.21);
  facts.survey.trials = {{"aes128-gcm@openssh.com", 60}, {"chacha20-poly1305@openssh.com", 20}};
  facts.local.cipher_speeds = {{"aes128-gcm@openssh.com", 2269}, {"chacha20-poly1305@openssh.com", 500}};
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().link_class, LinkClass::link_bound);
  EXPECT_TRUE(has_reason(decision.value(),
                         "the best trial is under 5% of the 2269 MB/s this CPU encrypts: the link, "
                         "not the CPU, sets the pace (link-bound)"))
      << all_reasons(decision.value());
}

TEST(Decision, TrialsFarBelowTheCpuMeanTheLinkDecidesEvenWhenNoisy) {
  HostFacts facts = shaped_link(3.4, 0.21);
  facts.survey.trials = {{"aes128-gcm@openssh.com", 1.5}, {"chacha20-poly1305@openssh.com", 0.9}, {"aes128-ctr", 0.54}};
  facts.local.cipher_speeds = {{"aes128-gcm@openssh.com", 2269}};
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().link_class, LinkClass::link_bound);
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::link);
  EXPECT_TRUE(decision.value().compression);
  EXPECT_TRUE(has_reason(decision.value(),
                         "the best trial is under 5% of the 2269 MB/s this CPU encrypts: the link, "
                         "not the CPU, sets the pace (link-bound)"))
      << all_reasons(decision.value());
}

TEST(Decision, SlowLinkWithRandomDataKeepsCompressionOff) {
  auto decision = decide(shaped_link(2.2, 1.0), catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_FALSE(decision.value().compression);
  EXPECT_EQ(decision.value().rsync_compress, "");
  EXPECT_EQ(decision.value().link_class, LinkClass::link_bound);
}

TEST(Decision, RsyncFallsBackToZlibWithoutZstdOnBothEnds) {
  HostFacts facts = shaped_link(10.9, 0.21);
  facts.offer.rsync_zstd_remote = false;
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().rsync_compress, "zlib");
}

// Flat single sessions at 2 MiB / 100 ms ≈ 21 MB/s.
HostFacts high_rtt() {
  HostFacts facts = base_facts(
      {{"aes128-gcm@openssh.com", 20.1}, {"aes256-gcm@openssh.com", 20.0}, {"chacha20-poly1305@openssh.com", 19.8}});
  facts.path.rtt_seconds = 0.1;
  facts.survey.compressed_random_mb_per_s = 19;
  facts.survey.compressed_sample_mb_per_s = 19.5;
  facts.local.zlib_mb_per_s = 60;
  return facts;
}

TEST(Decision, HighRttLinkConfirmedByParallelSessionsIsWindowBound) {
  HostFacts facts = high_rtt();
  facts.openssh.parallel_trials = {{2, 40.2}, {4, 79.5}, {8, 150.1}};
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  const Decision& d = decision.value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window);
  EXPECT_FALSE(d.compression);
  EXPECT_TRUE(has_reason(d,
                         "OpenSSH's 2 MiB channel window allows 21 MB/s per session at an RTT of 100 ms, and one "
                         "session reaches it"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d, "8 sessions at once moved 150 MB/s: each session is held by its window, not the link"))
      << all_reasons(d);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);
  EXPECT_DOUBLE_EQ(d.parallel->mb_per_s, 150.1);
  EXPECT_TRUE(has_reason(d,
                         "uploads are held by OpenSSH's 2 MiB channel window (neither end's TCP buffers could be "
                         "read): parallel sessions, or hpn-ssh on the server, get past it"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "downloads are held by OpenSSH's 2 MiB channel window (neither end's TCP buffers could be "
                         "read): parallel sessions, or hpn-ssh on this machine, get past it"))
      << all_reasons(d);
}

// A 20 ms path at 9000-byte MTU: libssh's ciphers differ (cpu-bound by the survey), yet your ssh's session
// moves 91 of the 105 MB/s its 2 MiB window allows, and eight sessions move 5.4 times as much.
TEST(Decision, ASessionNearItsWindowIsHeldByItWhateverTheSurveysSpread) {
  HostFacts facts = base_facts(
      {{"aes128-gcm@openssh.com", 91}, {"aes256-gcm@openssh.com", 80}, {"chacha20-poly1305@openssh.com", 60}});
  facts.path.rtt_seconds = 0.02;
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 91}, {"chacha20-poly1305@openssh.com", false, 88}};
  facts.openssh.parallel_trials = {{8, 490}, {4, 340}, {2, 171}};
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  const Decision& d = decision.value();
  EXPECT_EQ(d.link_class, LinkClass::cpu_bound) << all_reasons(d);
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 60}};  // 0.57 of the window: the CPU's
  EXPECT_EQ(decide(facts, catalog(), Policy{}).value().bottleneck, Bottleneck::cpu);
}

TEST(Decision, NearTheWindowWithoutAParallelTrialIsTheLink) {
  auto decision = decide(high_rtt(), catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::link);
  EXPECT_FALSE(decision.value().parallel);
  EXPECT_TRUE(has_reason(decision.value(), "no parallel trial could confirm it, so the link is taken for the limit"))
      << all_reasons(decision.value());
}

TEST(Decision, NeverRecommendsWhatAnEndLacksOrTheFloorForbids) {
  HostFacts facts = aesni_lan();
  facts.survey.trials.push_back({"aes128-cbc", 900});  // fast but weak
  facts.survey.trials.push_back({"arcfour", 950});     // removed; neither end has it
  facts.offer.server_ciphers.push_back("aes128-cbc");
  facts.offer.server_ciphers.erase(
      std::remove(facts.offer.server_ciphers.begin(), facts.offer.server_ciphers.end(), "aes128-gcm@openssh.com"),
      facts.offer.server_ciphers.end());
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  const auto& ciphers = decision.value().ciphers;
  EXPECT_EQ(ciphers.front(), "aes256-gcm@openssh.com");
  EXPECT_EQ(std::count(ciphers.begin(), ciphers.end(), "aes128-cbc"), 0);
  EXPECT_EQ(std::count(ciphers.begin(), ciphers.end(), "arcfour"), 0);
  EXPECT_EQ(std::count(ciphers.begin(), ciphers.end(), "aes128-gcm@openssh.com"), 0);
  EXPECT_TRUE(
      has_reason(decision.value(), "aes128-cbc skipped: weak, below the security floor (acceptable or better)"));
  EXPECT_TRUE(has_reason(decision.value(), "arcfour skipped: the local ssh does not support it"));
  EXPECT_TRUE(has_reason(decision.value(), "aes128-gcm@openssh.com skipped: the server does not offer it"));
}

TEST(Decision, ExplicitAllowAdmitsACipherBelowTheFloor) {
  HostFacts facts = aesni_lan();
  facts.survey.trials.push_back({"aes128-cbc", 900});
  facts.offer.server_ciphers.push_back("aes128-cbc");
  Policy policy;
  policy.allow = {"aes128-cbc"};
  auto decision = decide(facts, catalog(), policy);
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().ciphers.front(), "aes128-cbc");
}

TEST(Decision, ServerWithoutCompression) {
  HostFacts facts = shaped_link(10.9, 0.21);
  facts.offer.server_offers_compression = false;
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_FALSE(decision.value().compression);
  EXPECT_TRUE(has_reason(decision.value(), "the server does not offer compression: Compression no"));
}

TEST(Decision, NothingAllowedIsAnError) {
  HostFacts facts = base_facts({{"3des-cbc", 20}});
  auto decision = decide(facts, catalog(), Policy{});
  ASSERT_FALSE(decision);
  EXPECT_EQ(decision.error().message, "h: no measured cipher is allowed by the policy and supported by both ends");
}
