// A long path whose round trip alone settled the ciphers (ciphers_cannot_differ before any trial): the
// survey timed none, the shortlist gives the user's ssh the strongest allowed cipher, and the verdict is
// judged by that ssh's figures; where OpenSSH's channel window binds, compression cannot pay.
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

// 200 ms, OpenSSH 9.2's defaults on both ends, every cipher left untimed.
HostFacts untimed_path() {
  HostFacts facts;
  facts.host = "far";
  facts.offer.client_ciphers = k_ciphers;
  facts.offer.server_ciphers = k_ciphers;
  facts.offer.current_ciphers = k_ciphers;
  facts.path.rtt_seconds = 0.2;
  facts.survey.untimed_ciphers = {"aes128-gcm@openssh.com",
                                  "chacha20-poly1305@openssh.com",
                                  "aes256-gcm@openssh.com",
                                  "aes128-ctr",
                                  "aes256-ctr",
                                  "aes192-ctr"};
  facts.survey.untimed_reason = "the window holds them all";
  facts.local.cipher_speeds = {
      {"aes128-gcm@openssh.com", 2269}, {"aes256-gcm@openssh.com", 2226}, {"chacha20-poly1305@openssh.com", 1400}};
  return facts;
}

TEST(UntimedSurvey, TheShortlistLeadsWithTheStrongestAllowedCipherSizedByTheWindow) {
  const Shortlist list = shortlist(untimed_path(), catalog(), Policy{});
  // The strongest (chacha20 ties with aes256-gcm and comes first in the survey's order), which is also
  // the setting in effect now (OpenSSH's default order).
  EXPECT_EQ(list.ciphers, (std::vector<std::string>{"chacha20-poly1305@openssh.com"}));
  HostFacts ctr_first = untimed_path();
  ctr_first.offer.current_ciphers = {"aes128-ctr"};
  EXPECT_EQ(shortlist(ctr_first, catalog(), Policy{}).ciphers,
            (std::vector<std::string>{"chacha20-poly1305@openssh.com", "aes128-ctr"}));
  EXPECT_NEAR(list.leader_mb_per_s, 10.49, 0.01);  // 2 MiB / 200 ms
  EXPECT_TRUE(list.window_suspect);
  EXPECT_FALSE(list.cpu_bound);
}

TEST(UntimedSurvey, NothingAllowedOrNoRoundTripGivesNothingToTime) {
  HostFacts weak = untimed_path();
  weak.survey.untimed_ciphers = {"3des-cbc"};
  weak.offer.server_ciphers.push_back("3des-cbc");
  EXPECT_TRUE(shortlist(weak, catalog(), Policy{}).ciphers.empty());
  HostFacts unknown_rtt = untimed_path();
  unknown_rtt.path.rtt_seconds.reset();
  EXPECT_TRUE(shortlist(unknown_rtt, catalog(), Policy{}).ciphers.empty());
}

TEST(UntimedSurvey, TheVerdictIsJudgedByYourSshsFiguresAndTheParallelSessions) {
  HostFacts facts = untimed_path();
  facts.openssh.trials = {{"chacha20-poly1305@openssh.com", false, 9.6}};
  facts.openssh.parallel_trials = {{8, 65.0}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  const Decision& d = decision.value();
  EXPECT_EQ(d.ciphers.front(), "chacha20-poly1305@openssh.com");
  EXPECT_EQ(d.ciphers.size(), k_ciphers.size());  // the rest listed after it, strongest first
  EXPECT_EQ(d.expected_source, FigureSource::openssh);
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 9.6);
  EXPECT_EQ(d.link_class, LinkClass::link_bound);
  EXPECT_EQ(d.bottleneck, Bottleneck::window);
  ASSERT_TRUE(d.parallel);
  EXPECT_TRUE(has_reason(d,
                         "the best trial is under 5% of the 1400 MB/s this CPU encrypts: the link, not the CPU, "
                         "sets the pace (link-bound)"))
      << all_reasons(d);
}

// OpenSSH's channel window counts data before compression: once one session moves more than window/RTT
// over the margin, a compressed session cannot pay, and its trial need not stream.
TEST(WindowStopsCompression, OnlyWhereTheChannelWindowBindsAndOneSessionNearlyReachesIt) {
  const HostFacts facts = untimed_path();
  const auto why = window_stops_compression(facts, 9.9, Policy{});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "OpenSSH's 2 MiB channel window counts data before compression: a compressed session moves at most "
            "10 MB/s at 200 ms, and one session moved 9.9 MB/s without, so compression cannot pay (1.25x)");
  EXPECT_FALSE(window_stops_compression(facts, 8.0, Policy{}));  // 1.25 x 8.0 < 10.5: it may
  HostFacts tcp_bound = facts;  // a TCP send buffer of 1 MiB here counts wire bytes, compressed
  tcp_bound.path.local_tcp.send_max = 1 << 20;
  EXPECT_FALSE(window_stops_compression(tcp_bound, 9.9, Policy{}));
  HostFacts hpn = facts;
  hpn.offer.server_is_hpn = true;
  EXPECT_FALSE(window_stops_compression(hpn, 9.9, Policy{}));
  HostFacts no_rtt = facts;
  no_rtt.path.rtt_seconds.reset();
  EXPECT_FALSE(window_stops_compression(no_rtt, 9.9, Policy{}));
}

// Once your ssh's compressed trial was stopped so, no other compressed figure (the survey's sample, at a
// point when slow start still held its uncompressed trial back) can switch compression on.
TEST(WindowStopsCompression, AStoppedCompressedTrialDecidesCompressionNo) {
  HostFacts facts = untimed_path();
  facts.offer.server_offers_compression = true;
  facts.survey.trials = {{"chacha20-poly1305@openssh.com", 6.3}};
  facts.survey.compressed_sample_mb_per_s = 9.4;  // 1.5x the survey's uncompressed figure
  facts.openssh.trials = {{"chacha20-poly1305@openssh.com", false, 9.9}};
  facts.openssh.compression_stopped = "the window stops it";
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  EXPECT_FALSE(decision.value().compression);
  EXPECT_TRUE(has_reason(decision.value(), "Compression no: the window stops it")) << all_reasons(decision.value());
  facts.openssh.compression_stopped.clear();
  EXPECT_TRUE(decide(facts, catalog(), Policy{}).value().compression) << "the survey's figure decides without it";
}

TEST(UntimedSurvey, WhenYourSshFailedTooTheErrorSaysBoth) {
  HostFacts facts = untimed_path();
  facts.openssh.missing = "far: connection timed out";
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_FALSE(decision);
  EXPECT_EQ(decision.error().message,
            "far: no cipher was timed: the survey left them to your ssh (the window holds them all), which failed: "
            "far: connection timed out");
}

}  // namespace
}  // namespace sshtune::rules
