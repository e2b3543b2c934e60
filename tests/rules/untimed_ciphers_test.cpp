// When the survey may stop timing ciphers, and where the untimed ones go in the recommendation.
#include "rules/untimed_ciphers.hpp"
#include "tests/rules/rules_fixtures.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::rules;

namespace {

using sshtune::rules::testing::catalog;

// A path of `rtt` s on a CPU that encrypts every cipher at 3500 MB/s.
PaceEvidence path(std::optional<double> rtt, std::vector<CipherTrial> timed) {
  PaceEvidence evidence;
  evidence.timed = std::move(timed);
  evidence.rtt_seconds = rtt;
  for (const char* name : {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com"}) {
    evidence.local_speeds[name] = 3500;
  }
  return evidence;
}

TEST(CiphersCannotDiffer, OneSessionAtItsWindowOnALongPathSettlesThemAll) {
  // 2 MiB / 200 ms = 10.5 MB/s.
  const auto why = ciphers_cannot_differ(path(0.2, {{"aes128-gcm@openssh.com", 9.9}}), Policy{});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "aes128-gcm@openssh.com moved 9.9 MB/s, what OpenSSH's 2 MiB channel window allows at 200 ms "
            "(10 MB/s): every cipher moves the same");
}

// The idle RTT is noisy: a trial measured a little above window/RTT (the RTT read long) is still held by
// the window; one well under it (the RTT read short, or the trial still ramping) is not, and the next
// cipher is timed.
TEST(CiphersCannotDiffer, TheWindowRuleHoldsAtNoisyRoundTrips) {
  EXPECT_TRUE(ciphers_cannot_differ(path(0.24, {{"aes128-gcm@openssh.com", 9.9}}), Policy{}));   // cap 8.7
  EXPECT_TRUE(ciphers_cannot_differ(path(0.22, {{"aes128-gcm@openssh.com", 9.9}}), Policy{}));   // cap 9.5
  EXPECT_FALSE(ciphers_cannot_differ(path(0.15, {{"aes128-gcm@openssh.com", 9.9}}), Policy{}));  // cap 14
  EXPECT_FALSE(ciphers_cannot_differ(path(std::nullopt, {{"aes128-gcm@openssh.com", 9.9}}), Policy{}));
}

// On a LAN a CPU-bound cipher can move what window/RTT allows by coincidence: only a figure far below
// this CPU's speed is the window's.
TEST(CiphersCannotDiffer, ACipherNearThisCpusSpeedIsNeverTheWindows) {
  EXPECT_FALSE(ciphers_cannot_differ(path(0.002, {{"aes128-gcm@openssh.com", 950}}), Policy{}));
  PaceEvidence unknown_cpu = path(0.2, {{"aes128-gcm@openssh.com", 9.9}});
  unknown_cpu.local_speeds.clear();
  EXPECT_FALSE(ciphers_cannot_differ(unknown_cpu, Policy{}));
}

TEST(CiphersCannotDiffer, AnHpnServersWindowIsNotTheCap) {
  PaceEvidence hpn = path(0.2, {{"aes128-gcm@openssh.com", 9.9}});
  hpn.server_is_hpn = true;
  EXPECT_FALSE(ciphers_cannot_differ(hpn, Policy{}));
}

TEST(CiphersCannotDiffer, TwoCiphersThatTieFarBelowThisCpuSettleTheRest) {
  const auto why = ciphers_cannot_differ(
      path(0.001, {{"aes128-gcm@openssh.com", 11.6}, {"chacha20-poly1305@openssh.com", 11.2}}), Policy{});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "chacha20-poly1305@openssh.com and aes128-gcm@openssh.com moved within 10% of each other, under 5% "
            "of the 3500 MB/s this CPU encrypts: the link sets the pace and every cipher moves the same");
  // Apart (a CPU-bound server without AES instructions), or only one: the next cipher is timed.
  EXPECT_FALSE(ciphers_cannot_differ(
      path(0.001, {{"aes128-gcm@openssh.com", 60}, {"chacha20-poly1305@openssh.com", 150}}), Policy{}));
  EXPECT_FALSE(ciphers_cannot_differ(path(0.001, {{"aes128-gcm@openssh.com", 11.6}}), Policy{}));
}

// Before any trial, the round trip alone: on a long path window/RTT is far below what this CPU encrypts
// with any cipher both ends have, so no trial could tell them apart.
PaceEvidence untimed(double rtt, double slowest_cost) {
  PaceEvidence evidence = path(rtt, {});
  evidence.candidates = {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com"};
  evidence.local_speeds["chacha20-poly1305@openssh.com"] = slowest_cost;
  return evidence;
}

TEST(CiphersCannotDiffer, ALongPathsWindowFarBelowEveryCiphersCostSettlesThemBeforeAnyTrial) {
  const auto why = ciphers_cannot_differ(untimed(0.2, 1400), Policy{});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "OpenSSH's 2 MiB channel window allows at most 10 MB/s at 200 ms, under 5% of the 1400 MB/s this CPU "
            "encrypts with chacha20-poly1305@openssh.com, the slowest cipher both ends have: every cipher moves "
            "the same, and your ssh's trial gives the figure");
  EXPECT_TRUE(ciphers_cannot_differ(untimed(0.08, 1400), Policy{}));  // [window] long_rtt_ms: cap 26 MB/s
}

// Short of [window] long_rtt_ms, with a slow cipher within reach of the window, an hpn-ssh server or a
// cipher this CPU did not time, the survey times ciphers as before.
TEST(CiphersCannotDiffer, WithoutATrialOnlyALongPathFarBelowEveryCiphersCostSettles) {
  EXPECT_FALSE(ciphers_cannot_differ(untimed(0.045, 1400), Policy{}));
  EXPECT_FALSE(ciphers_cannot_differ(untimed(0.2, 150), Policy{}));  // 5% of it: 7.5 MB/s < 10
  PaceEvidence hpn = untimed(0.2, 1400);
  hpn.server_is_hpn = true;
  EXPECT_FALSE(ciphers_cannot_differ(hpn, Policy{}));
  PaceEvidence unbenchmarked = untimed(0.2, 1400);
  unbenchmarked.candidates.push_back("aes128-ctr");
  EXPECT_FALSE(ciphers_cannot_differ(unbenchmarked, Policy{}));
  EXPECT_FALSE(ciphers_cannot_differ(path(0.2, {}), Policy{}));  // no candidates
}

TEST(AllowedUntimed, BothEndsAndTheFloorDecideStrongestFirst) {
  HostFacts facts;
  facts.offer.client_ciphers = {"aes128-ctr", "aes256-gcm@openssh.com", "chacha20-poly1305@openssh.com", "3des-cbc"};
  facts.offer.server_ciphers = {"aes128-ctr", "aes256-gcm@openssh.com", "3des-cbc"};
  const auto allowed =
      allowed_untimed(facts, {"chacha20-poly1305@openssh.com", "aes128-ctr", "3des-cbc", "aes256-gcm@openssh.com"},
                      catalog(), Policy{});
  EXPECT_EQ(allowed, (std::vector<std::string>{"aes256-gcm@openssh.com", "aes128-ctr"}));
}

TEST(AllowedUntimed, TheDecisionListsThemAfterTheTimedOnesAndSaysWhy) {
  HostFacts facts;
  facts.host = "far";
  facts.survey.trials = {{"aes128-gcm@openssh.com", 9.9}};
  facts.path.rtt_seconds = 0.2;
  facts.survey.untimed_ciphers = {"chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com"};
  facts.survey.untimed_reason = "every cipher moves the same";
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_EQ(decision.value().ciphers.size(), 3u);
  const auto& reasons = decision.value().reasons;
  EXPECT_NE(std::find_if(reasons.begin(), reasons.end(),
                         [](const std::string& r) {
                           return r.find("not timed (every cipher moves the same)") != std::string::npos;
                         }),
            reasons.end());
}

}  // namespace
