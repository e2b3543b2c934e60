// The decision once the user's OpenSSH client has timed the survey's leaders, and
// the parallel-session advice, on recorded trial sets (loopback on this 2-core box,
// a server with AES masked, a 40 ms delayed path, a 20 Mbit/s shaped link).
#include "rules/compression_model.hpp"
#include "rules/decision.hpp"
#include "rules/shortlist.hpp"
#include "tests/rules/rules_fixtures.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sshtune::rules {
namespace {

using testing::all_reasons;
using testing::catalog;
using testing::has_reason;
using testing::k_ciphers;

HostFacts facts_with(std::vector<CipherTrial> survey) {
  HostFacts facts;
  facts.host = "h";
  facts.survey.trials = std::move(survey);
  facts.offer.client_ciphers = k_ciphers;
  facts.offer.server_ciphers = k_ciphers;
  facts.offer.server_offers_compression = true;
  facts.offer.current_ciphers = k_ciphers;  // OpenSSH 9.x's default order: chacha20 first
  facts.path.rtt_seconds = 0.0001;
  facts.local.zlib_mb_per_s = 60;
  facts.survey.compressed_sample_mb_per_s = 40;
  return facts;
}

// Loopback, AES-NI: libssh's AES-GCM is cheaper than ssh's and its ChaCha20 much dearer.
HostFacts loopback() {
  HostFacts facts = facts_with({{"aes128-gcm@openssh.com", 966},
                                {"aes256-gcm@openssh.com", 850},
                                {"chacha20-poly1305@openssh.com", 287},
                                {"aes128-ctr", 610}});
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 809},
                          {"aes256-gcm@openssh.com", false, 830},
                          {"chacha20-poly1305@openssh.com", false, 477}};
  return facts;
}

TEST(ClientFigures, ExpectedAndCurrentAreTheOpensshClientsFigures) {
  const auto decision = decide(loopback(), catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  const Decision& d = decision.value();
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 830);
  EXPECT_EQ(d.expected_source, FigureSource::openssh);
  EXPECT_EQ(d.current_cipher, "chacha20-poly1305@openssh.com");
  EXPECT_DOUBLE_EQ(*d.current_mb_per_s, 477);
  EXPECT_EQ(d.current_source, FigureSource::openssh);
  EXPECT_EQ(d.link_class, LinkClass::cpu_bound);  // the survey's spread
}

TEST(ClientFigures, ASessionThatMovedMoreThanTheLoadedRttAllowsIsNotCutToIt) {
  // Loopback on 2 busy cores: the pings waited for a core (2.54 ms, so 2 MiB/RTT = 826 MB/s), yet one
  // session of the user's ssh moved 830 MB/s; what it moved is expected, and libssh's 850 is held to it.
  HostFacts facts = loopback();
  facts.path.loaded_rtt_seconds = 0.00254;
  facts.survey.trials.push_back({"aes192-ctr", 850});
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  const Decision& d = decision.value();
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 830);
  EXPECT_EQ(d.ciphers[0], "aes256-gcm@openssh.com");
  EXPECT_TRUE(has_reason(d, "aes256-gcm@openssh.com moved 830 MB/s (your ssh), the best within the security floor"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "a session of your ssh moved 830 MB/s, more than OpenSSH's 2 MiB channel window allows at "
                         "the RTT measured while streaming (826 MB/s at 2.54 ms): those pings waited longer than "
                         "the session's own round trips (a busy CPU delays them)"))
      << all_reasons(d);
}

TEST(ClientFigures, ACompressedSessionDoesNotRaiseTheWindowCap) {
  // The compressed trial is always an upload, whatever the direction timed (an hpn-ssh server's windows
  // differ by direction); only uncompressed sessions vouch for the window.
  HostFacts facts = loopback();
  facts.path.loaded_rtt_seconds = 0.00254;
  facts.openssh.trials.push_back({"aes256-gcm@openssh.com", true, 900});
  facts.survey.trials.push_back({"aes192-ctr", 880});  // the survey's alone: held to the cap
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  EXPECT_DOUBLE_EQ(decision.value().expected_mb_per_s, 830);
}

TEST(ClientFigures, ATieInTheSurveyIsDecidedByTheOpensshFigures) {
  // libssh put aes128-gcm 14% ahead; the user's ssh moves aes256-gcm faster, so it leads.
  const auto d = decide(loopback(), catalog(), Policy{}).value();
  EXPECT_EQ(d.ciphers[0], "aes256-gcm@openssh.com");
  EXPECT_EQ(d.ciphers[1], "aes128-gcm@openssh.com");
  EXPECT_EQ(d.ciphers[2], "chacha20-poly1305@openssh.com");
  EXPECT_EQ(d.ciphers[3], "aes128-ctr");  // not timed with ssh: after the timed ones, in the survey's order
  EXPECT_TRUE(has_reason(d, "aes256-gcm@openssh.com moved 830 MB/s (your ssh), the best within the security floor"))
      << all_reasons(d);
}

TEST(ClientFigures, NearTiesAmongOpensshFiguresStillGoToTheStrongerCipher) {
  HostFacts facts = loopback();
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 831}, {"aes256-gcm@openssh.com", false, 812}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.ciphers[0], "aes256-gcm@openssh.com");
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 812);
}

TEST(ClientFigures, AServerWithoutAesPicksChachaByTheClientsFigures) {
  HostFacts facts = facts_with({{"chacha20-poly1305@openssh.com", 262},
                                {"aes128-gcm@openssh.com", 231},
                                {"aes256-gcm@openssh.com", 198},
                                {"aes128-ctr", 120}});
  facts.openssh.trials = {{"chacha20-poly1305@openssh.com", false, 241}, {"aes128-gcm@openssh.com", false, 152}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.ciphers.front(), "chacha20-poly1305@openssh.com");
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 241);
  EXPECT_DOUBLE_EQ(*d.current_mb_per_s, 241);
}

TEST(ClientFigures, WithoutTheClientTheSurveyFiguresAreLabelledAndSaidWhy) {
  HostFacts facts = loopback();
  facts.openssh.trials.clear();
  facts.openssh.missing = "ssh: Connection refused";
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.expected_source, FigureSource::libssh);
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 966);
  EXPECT_TRUE(has_reason(d, "not timed with your ssh: ssh: Connection refused")) << all_reasons(d);
}

TEST(ClientFigures, CompressionIsDecidedByTheClientsCompressedTransfer) {
  // 20 Mbit/s, text: the survey's compressed figure is libssh's level-7 zlib; ssh's own decides.
  HostFacts facts = facts_with(
      {{"aes128-gcm@openssh.com", 2.41}, {"aes256-gcm@openssh.com", 2.40}, {"chacha20-poly1305@openssh.com", 2.39}});
  facts.path.rtt_seconds = 0.002;
  facts.survey.compressed_sample_mb_per_s = 12.5;
  facts.openssh.trials = {{"aes256-gcm@openssh.com", false, 2.38}, {"aes256-gcm@openssh.com", true, 10.9}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_TRUE(d.compression);
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 10.9);
  EXPECT_EQ(d.expected_source, FigureSource::openssh);
  EXPECT_TRUE(has_reason(d,
                         "with compression your data moved (your ssh) 11 MB/s against 2.4 MB/s without: "
                         "Compression yes"))
      << all_reasons(d);
}

// RTT 40 ms through a delay relay: every cipher at ~2 MiB/RTT, compression no help.
HostFacts delayed() {
  HostFacts facts = facts_with({{"aes128-gcm@openssh.com", 45.1},
                                {"aes256-gcm@openssh.com", 44.6},
                                {"chacha20-poly1305@openssh.com", 45.6},
                                {"aes128-ctr", 44.0}});
  facts.path.rtt_seconds = 0.040;
  facts.path.loaded_rtt_seconds = 0.042;  // 2 MiB / 42 ms = 49.9 MB/s
  facts.survey.compressed_sample_mb_per_s = 19.3;
  facts.openssh.trials = {{"aes256-gcm@openssh.com", false, 45.2},
                          {"chacha20-poly1305@openssh.com", false, 45.0},
                          {"aes256-gcm@openssh.com", true, 19.3}};
  facts.openssh.parallel_trials = {{2, 90.2}, {4, 151.1}, {8, 202.2}};
  return facts;
}

TEST(ParallelAdvice, AWindowBoundPathGetsTheSmallestKNearTheBest) {
  const auto d = decide(delayed(), catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window);
  EXPECT_FALSE(d.compression);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);  // 4 sessions reach 75% of 8's aggregate: below the 90% asked for
  EXPECT_DOUBLE_EQ(d.parallel->single_mb_per_s, 45.2);
  Policy loose;
  loose.parallel_near = 0.7;
  EXPECT_EQ(decide(delayed(), catalog(), loose).value().parallel->streams, 4);
}

TEST(ParallelAdvice, WhetherOneSessionReachesTheWindowIsReadFromTheFastestNotTheStrongerTiedCipher) {
  HostFacts facts = delayed();
  // A tie within 5%: chacha20 goes first as the stronger, but only aes128's session reaches 85% of 49.9.
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 43.0}, {"chacha20-poly1305@openssh.com", false, 41.5}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.ciphers.front(), "chacha20-poly1305@openssh.com");
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
}

TEST(ParallelAdvice, ASessionUnderTheWindowIsHeldByItWhenParallelSessionsMoveMore) {
  HostFacts facts = delayed();
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 38.0}};  // 76% of 2 MiB / 42 ms
  facts.openssh.parallel_trials = {{2, 86.5}, {4, 135.9}};
  auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "OpenSSH's 2 MiB channel window allows 50 MB/s per session at an RTT of 42 ms, and one "
                         "session moves 76% of it"))
      << all_reasons(d);
  facts.openssh.parallel_trials = {{2, 40.0}};  // no gain: the link
  EXPECT_EQ(decide(facts, catalog(), Policy{}).value().bottleneck, Bottleneck::link);
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 30.0}};  // 60%: not the window's doing
  facts.openssh.parallel_trials = {{2, 86.5}, {4, 135.9}};
  EXPECT_EQ(decide(facts, catalog(), Policy{}).value().bottleneck, Bottleneck::link);
}

TEST(ParallelAdvice, TheWindowCountsDataBeforeCompressionSoCompressionCannotLiftIt) {
  HostFacts facts = delayed();
  facts.openssh.trials.pop_back();
  facts.survey.compressed_sample_mb_per_s.reset();
  facts.local.sample_ratio = 0.25;  // the model alone: min(zlib, best/r, cap) = the cap, not cap/r
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_FALSE(d.compression);
  EXPECT_TRUE(has_reason(d, "with compression your data would move 50 MB/s against 46 MB/s without: Compression no"))
      << all_reasons(d);
}

TEST(ParallelAdvice, AnHpnServerLiftsTheChannelWindowOfUploadsToIt) {
  HostFacts facts = delayed();
  facts.offer.server_is_hpn = true;
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_TRUE(has_reason(d,
                         "the server runs hpn-ssh: its receive window follows its TCP buffer, so OpenSSH's channel "
                         "window does not bind uploads to it; downloads meet your ssh's (unless it is hpn-ssh too)"))
      << all_reasons(d);
  EXPECT_NE(d.bottleneck, Bottleneck::window) << "no window of uploads to it is known: " << all_reasons(d);
  EXPECT_FALSE(d.windows.upload);
  ASSERT_TRUE(d.windows.download);
  EXPECT_EQ(d.windows.download->limit, WindowLimit::channel);
}

TEST(ParallelAdvice, ASingleCoreCpuBoundBoxDoesNotGainFromParallelSessions) {
  HostFacts facts = loopback();
  facts.openssh.parallel_trials = {{2, 845}, {4, 790}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::cpu);
  EXPECT_FALSE(d.parallel);
  EXPECT_TRUE(has_reason(d,
                         "parallel sessions (your ssh): 1 session 830 MB/s, 2 sessions 845 MB/s, 4 sessions 790 "
                         "MB/s: one session is as good (1.02x at best)"))
      << all_reasons(d);
}

TEST(ParallelAdvice, AMultiCoreCpuBoundPairGainsAndIsTold) {
  HostFacts facts = loopback();
  facts.openssh.parallel_trials = {{2, 1580}, {4, 2950}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::cpu);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 4);
}

TEST(ParallelAdvice, ALinkBoundLinkDoesNotGain) {
  HostFacts facts = facts_with({{"aes128-gcm@openssh.com", 2.41}, {"aes256-gcm@openssh.com", 2.40}});
  facts.path.rtt_seconds = 0.002;
  facts.openssh.trials = {{"aes256-gcm@openssh.com", false, 2.38}};
  facts.openssh.parallel_trials = {{2, 2.39}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::link);
  EXPECT_FALSE(d.parallel);
}

TEST(Shortlist, TimesTheLeadersAndTheSettingInEffect) {
  HostFacts survey = loopback();
  survey.openssh.trials.clear();
  const Shortlist list = shortlist(survey, catalog(), Policy{});
  EXPECT_EQ(list.ciphers, (std::vector<std::string>{"aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
                                                    "chacha20-poly1305@openssh.com"}));
  EXPECT_EQ(list.current_cipher, "chacha20-poly1305@openssh.com");
  EXPECT_FALSE(list.compressed);  // 40 MB/s compressed cannot come near 966
  EXPECT_FALSE(list.window_suspect);
  EXPECT_DOUBLE_EQ(list.leader_mb_per_s, 966);
}

TEST(Shortlist, AWindowIsSuspectedNearItsCapOrOnAnyLongPath) {
  HostFacts survey = delayed();  // 45.6 MB/s at 40 ms: 91% of 2 MiB / 40 ms
  survey.openssh.trials.clear();
  survey.path.loaded_rtt_seconds.reset();
  EXPECT_TRUE(shortlist(survey, catalog(), Policy{}).window_suspect);
  survey.survey.trials = {{"aes128-gcm@openssh.com", 30.1}, {"chacha20-poly1305@openssh.com", 30.0}};  // 57%
  EXPECT_FALSE(shortlist(survey, catalog(), Policy{}).window_suspect);
  // Ciphers that differ (cpu-bound) with the leader at 80% of the cap: the window may hold it all the same.
  survey.survey.trials = {{"aes128-gcm@openssh.com", 42.0}, {"chacha20-poly1305@openssh.com", 30.0}};
  const Shortlist near_cap = shortlist(survey, catalog(), Policy{});
  EXPECT_TRUE(near_cap.cpu_bound);
  EXPECT_TRUE(near_cap.window_suspect);
  // 150 ms: a short survey trial read TCP's slow start, 0.9 MB/s of the 14 a window allows.
  survey.path.rtt_seconds = 0.15;
  survey.survey.trials = {{"aes128-gcm@openssh.com", 0.9}};
  EXPECT_TRUE(shortlist(survey, catalog(), Policy{}).window_suspect);
}

TEST(Shortlist, CompressionIsTimedWhenItIsACloseCallOrInEffect) {
  HostFacts slow = facts_with({{"aes128-gcm@openssh.com", 2.41}, {"aes256-gcm@openssh.com", 2.40}});
  slow.survey.compressed_sample_mb_per_s = 2.0;  // within the margin of winning
  EXPECT_EQ(shortlist(slow, catalog(), Policy{}).compressed, "aes256-gcm@openssh.com");
  HostFacts lan = loopback();
  lan.offer.current_compression = true;  // Compression yes in effect: its figure is "in effect now"
  EXPECT_EQ(shortlist(lan, catalog(), Policy{}).compressed, "chacha20-poly1305@openssh.com");
}

TEST(Shortlist, CompressionTheSurveyHadNoTimeForIsTimedWhenTheModelSaysItPays) {
  // 20 Mbit/s, text: the survey's budget went on the first ciphers, so only the zlib model speaks.
  HostFacts slow = facts_with({{"aes128-gcm@openssh.com", 2.4}, {"chacha20-poly1305@openssh.com", 2.4}});
  slow.survey.compressed_sample_mb_per_s.reset();
  slow.local.sample_ratio = 0.09;
  EXPECT_TRUE(shortlist(slow, catalog(), Policy{}).compressed);
  slow.local.zlib_mb_per_s = 1.0;  // a CPU whose zlib is slower than the link: nothing to time
  EXPECT_FALSE(shortlist(slow, catalog(), Policy{}).compressed);
  slow.local.zlib_mb_per_s = 2.2;  // the model's figure is zlib's ceiling: under the 2.4 reached, it cannot pay
  EXPECT_FALSE(shortlist(slow, catalog(), Policy{}).compressed);
  slow.local.zlib_mb_per_s = 2.5;  // past it: a trial may find the 3.0 that pays
  EXPECT_TRUE(shortlist(slow, catalog(), Policy{}).compressed);
}

TEST(CompressionModel, ZlibReachesTheBestFromItsOwnSpeedUp) {
  EXPECT_TRUE(zlib_can_reach(300, 300)) << "level with the best: a trial may find the margin";
  EXPECT_TRUE(zlib_can_reach(320, 300));
  EXPECT_FALSE(zlib_can_reach(299, 300)) << "under it: no compressed upload outruns zlib";
}

TEST(ClientFigures, AnUnmeasuredCompressedFigureIsLabelledAsTheModel) {
  HostFacts slow = facts_with({{"aes128-gcm@openssh.com", 2.4}, {"chacha20-poly1305@openssh.com", 2.4}});
  slow.survey.compressed_sample_mb_per_s.reset();
  slow.local.sample_ratio = 0.09;
  const auto d = decide(slow, catalog(), Policy{}).value();
  EXPECT_TRUE(d.compression);
  EXPECT_EQ(d.expected_source, FigureSource::model);
  EXPECT_EQ(to_string(d.expected_source), "model");
}

TEST(Shortlist, FlatNearTheWindowIsSuspectedForAParallelTrial) {
  EXPECT_TRUE(shortlist(delayed(), catalog(), Policy{}).window_suspect);
  HostFacts slow = facts_with({{"aes128-gcm@openssh.com", 2.41}, {"aes256-gcm@openssh.com", 2.40}});
  slow.path.rtt_seconds = 0.002;
  EXPECT_FALSE(shortlist(slow, catalog(), Policy{}).window_suspect);
}

TEST(Shortlist, NothingAllowedGivesNothingToTime) {
  HostFacts facts = facts_with({{"3des-cbc", 20}});
  facts.offer.server_ciphers.push_back("3des-cbc");
  EXPECT_TRUE(shortlist(facts, catalog(), Policy{}).ciphers.empty());
}

}  // namespace
}  // namespace sshtune::rules
