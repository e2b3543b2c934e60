// A path that loses packets (rules/path_loss.hpp): when the uploads saw TCP send segments again,
// parallel sessions decide, the bottleneck is named loss, and a long copy's figures come from what a
// loss-based congestion control sustains at that loss, not from a fresh connection's first seconds.
#include "rules/decision.hpp"
#include "rules/path_loss.hpp"
#include "rules/shortlist.hpp"
#include "tests/rules/rules_fixtures.hpp"

#include <gtest/gtest.h>

namespace sshtune::rules {
namespace {

using testing::catalog;
using testing::has_reason;

// bench/lossy_path's path: 60 ms, 0.2% loss each way, 9000-byte MTU, cubic here; flat 11 MB/s trials.
HostFacts lossy_cubic() {
  const std::vector<std::string> both = {"aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
                                         "chacha20-poly1305@openssh.com"};
  HostFacts facts;
  facts.host = "h";
  facts.survey.trials = {{both[0], 11.0}, {both[1], 10.8}, {both[2], 10.9}};
  facts.offer.client_ciphers = both;
  facts.offer.server_ciphers = both;
  facts.offer.current_ciphers = both;
  facts.path.rtt_seconds = 0.06;
  facts.path.loss = PathLoss{3000, 6, 8948, "cubic"};
  return facts;
}

TEST(PathLoss, CountsOnlyEnoughSegmentsOffTheLan) {
  HostFacts facts = lossy_cubic();
  EXPECT_DOUBLE_EQ(*loss_fraction(facts, Policy{}), 0.002);
  EXPECT_TRUE(loss_suspected(facts, Policy{}));
  facts.path.loss->segments = 200;
  EXPECT_FALSE(loss_fraction(facts, Policy{}));
  facts = lossy_cubic();
  facts.path.rtt_seconds = 0.001;
  EXPECT_FALSE(loss_suspected(facts, Policy{}));
  facts = lossy_cubic();
  facts.path.loss->retransmitted = 1;
  EXPECT_FALSE(loss_suspected(facts, Policy{}));
}

TEST(PathLoss, CubicHoldsOneSessionAtMssOverRttTimesMathis) {
  // 8948 B / 0.06 s x 1.22 / sqrt(0.002) = 4.07 MB/s (bench/lossy_path measured 3.8 with cubic).
  EXPECT_NEAR(*loss_held_mb_per_s(lossy_cubic(), Policy{}), 4.07, 0.01);
  HostFacts bbr = lossy_cubic();
  bbr.path.loss->congestion = "bbr";
  EXPECT_FALSE(loss_held_mb_per_s(bbr, Policy{}));
}

// Under [window] long_rtt_ms, only the loss brings the ladder.
TEST(PathLoss, ALossyPathGetsTheLadder) {
  HostFacts lossy = lossy_cubic();
  lossy.path.rtt_seconds = 0.04;
  EXPECT_TRUE(shortlist(lossy, catalog(), Policy{}).window_suspect);
  HostFacts clean = lossy;
  clean.path.loss->retransmitted = 0;
  EXPECT_FALSE(shortlist(clean, catalog(), Policy{}).window_suspect);
}

TEST(PathLoss, ParallelGainOnALossyPathNamesLossAndItsFigures) {
  HostFacts facts = lossy_cubic();
  facts.openssh.parallel_trials = {{8, 60.0}, {4, 38.0}, {2, 21.0}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  const Decision& d = decision.value();
  EXPECT_EQ(d.bottleneck, Bottleneck::loss);
  EXPECT_NEAR(d.expected_mb_per_s, 4.07, 0.01);
  EXPECT_EQ(d.expected_source, FigureSource::loss_model);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);
  EXPECT_NEAR(d.parallel->mb_per_s, 8 * 4.07, 0.1);
  EXPECT_TRUE(has_reason(d,
                         "8 sessions at once moved 60 MB/s: each session is held by its congestion control's "
                         "answer to loss, not the link"));
  EXPECT_TRUE(
      has_reason(d,
                 "loss: TCP sent 0.20% of the 3000 segments the trials uploaded again; at that loss cubic holds one "
                 "session near 4.1 MB/s in a long copy (8948-byte segments, RTT 60 ms)"));
  EXPECT_TRUE(
      has_reason(d,
                 "a long copy lives with that loss: one session is expected near 4.1 MB/s, not the 11 "
                 "MB/s of a trial's fresh connection; k sessions, each recovering from its own losses, about k times "
                 "that, up to what the path carried"));
  EXPECT_TRUE(has_reason(d,
                         "bbr holds a lossy path far better than cubic where the kernel has it: sysctl -w "
                         "net.ipv4.tcp_congestion_control=bbr on the sending side (this machine for uploads, the "
                         "server for downloads)"));
}

TEST(PathLoss, AFreshConnectionRunningAheadOfItsLossesStillReadsAsLoss) {
  // One ssh trial read 36 MB/s (near the 35 MB/s window) before its first losses; 8 sessions 154.
  HostFacts facts = lossy_cubic();
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 36.0}};
  facts.openssh.parallel_trials = {{8, 154.0}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::loss);
  EXPECT_NEAR(decision.value().expected_mb_per_s, 4.07, 0.01);
  ASSERT_TRUE(decision.value().parallel);
  EXPECT_EQ(decision.value().parallel->streams, 8);
}

TEST(PathLoss, AWindowReachedBeforeTheLossesIsSaidOfATrialsFreshSession) {
  HostFacts facts = lossy_cubic();
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 33.0}};  // 0.94 of the 35 MB/s window
  facts.openssh.parallel_trials = {{8, 154.0}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision) << decision.error().message;
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::loss);
  // Not "one session reaches it": in a long copy, loss holds one session far below the window.
  EXPECT_NE(testing::all_reasons(decision.value()).find(", and a trial's fresh session reaches it before its losses\n"),
            std::string::npos)
      << testing::all_reasons(decision.value());
}

TEST(PathLoss, WithBbrAndNoParallelGainTheLinkStaysTheLimit) {
  HostFacts facts = lossy_cubic();
  facts.path.loss->congestion = "bbr";
  facts.openssh.parallel_trials = {{8, 11.5}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::link);
  EXPECT_DOUBLE_EQ(decision.value().expected_mb_per_s, 10.9);  // chacha20 ties with aes128-gcm and goes first
}

TEST(PathLoss, CubicBelowALinkItCannotFillStillGainsFromSessions) {
  // 8 sessions fill an 11.5 MB/s link that one cubic session, at 0.2% loss, holds near 4.07 in a long copy.
  HostFacts facts = lossy_cubic();
  facts.openssh.parallel_trials = {{8, 11.5}};
  const auto decision = decide(facts, catalog(), Policy{});
  ASSERT_TRUE(decision);
  EXPECT_EQ(decision.value().bottleneck, Bottleneck::loss);
  ASSERT_TRUE(decision.value().parallel);
  EXPECT_DOUBLE_EQ(decision.value().parallel->mb_per_s, 11.5);
}

// A ladder's brief steps read under what k sessions sustain (their fresh sessions meet few losses in
// them): k sessions are k times one held by loss, up to the best any trial of your ssh moved.
TEST(PathLoss, KSessionsSustainKTimesOneUpToWhatThePathCarried) {
  HostFacts facts = lossy_cubic();
  facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 11.0}};
  facts.openssh.parallel_trials = {{8, 18.0}, {4, 12.0}, {2, 8.0}};
  const Decision wide = decide(facts, catalog(), Policy{}).value();
  ASSERT_TRUE(wide.parallel);
  // 8 x 4.07 = 32.6, but the path carried 18 at most, and 4 x 4.07 = 16.3 is as near that as 8 are.
  EXPECT_EQ(wide.parallel->streams, 4);
  EXPECT_NEAR(wide.parallel->mb_per_s, 16.28, 0.01);
  facts.openssh.parallel_trials = {{8, 40.0}, {4, 20.0}, {2, 10.0}};
  const Decision carried = decide(facts, catalog(), Policy{}).value();
  ASSERT_TRUE(carried.parallel);
  EXPECT_EQ(carried.parallel->streams, 8);
  EXPECT_NEAR(carried.parallel->mb_per_s, 8 * 4.07, 0.1) << "the path carried 40: k times one held";
}

}  // namespace
}  // namespace sshtune::rules
