// How `host` spends its budget: the pure arithmetic of schedule.hpp.
#include "probes/core/openssh_runner.hpp"
#include "tuner/host/schedule.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

using std::chrono::milliseconds;

TEST(Schedule, TheDefaultBudgetSplitsSurveyConfirmationAndParallel) {
  const ProbeBudget budget = split_budget(milliseconds(5000), MeasureTiming{});
  EXPECT_EQ(budget.survey, milliseconds(1750));
  EXPECT_EQ(budget.confirm, milliseconds(2250));
  EXPECT_EQ(budget.parallel, milliseconds(1000));
}

TEST(Schedule, ConfirmationTrialsShareWhatTheOverlappedSetUpLeaves) {
  EXPECT_EQ(
      confirm_stream_time(milliseconds(1750), milliseconds(250), 3, MeasureTiming{}.shortest_stream, MeasureTiming{}),
      milliseconds(350));  // 150 ms each besides
  EXPECT_EQ(
      confirm_stream_time(milliseconds(10000), milliseconds(250), 2, MeasureTiming{}.shortest_stream, MeasureTiming{}),
      milliseconds(1000));  // at most 1 s
  EXPECT_EQ(
      confirm_stream_time(milliseconds(500), milliseconds(300), 4, MeasureTiming{}.shortest_stream, MeasureTiming{}),
      milliseconds(150));  // at least 150 ms
  EXPECT_EQ(
      confirm_stream_time(milliseconds(300), milliseconds(300), 2, MeasureTiming{}.shortest_stream, MeasureTiming{}),
      milliseconds(0));  // nothing fits
}

TEST(Schedule, RunsTimedAgainShareWhatIsLeftButNeverGoUnderTheShortestStream) {
  EXPECT_EQ(retime_stream_time(milliseconds(1000), milliseconds(200), 2, MeasureTiming{}), milliseconds(250));
  EXPECT_EQ(retime_stream_time(milliseconds(100), milliseconds(200), 2, MeasureTiming{}),
            milliseconds(150));  // under the set-up
  EXPECT_EQ(retime_stream_time(milliseconds(-400), milliseconds(200), 1, MeasureTiming{}), milliseconds(150));
}

TEST(Schedule, AConfirmationTrialIsSizedFromTheSurveysFigure) {
  const probes::TrialSpec fast = openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", false, nullptr, 800,
                                              milliseconds(400), {}, MeasureTiming{});
  EXPECT_EQ(fast.warm_up_bytes, 32u << 20);     // past a new session's slow start and TCP's ramp, however fast
  EXPECT_EQ(fast.time_cap, milliseconds(400));  // streams 400 ms, whatever ssh moves in them
  const probes::TrialSpec mid = openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 100,
                                             milliseconds(400), {}, MeasureTiming{});
  EXPECT_EQ(mid.warm_up_bytes, 32u << 20);  // past a new session's slow start, when that is at most 0.5 s of data
  const probes::TrialSpec lower =
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 25, milliseconds(400), {}, MeasureTiming{});
  EXPECT_EQ(lower.warm_up_bytes, 12'500'000u);  // else 0.5 s of data
  const probes::TrialSpec slow =
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", true, nullptr, 2.5, milliseconds(400), {}, MeasureTiming{});
  EXPECT_EQ(slow.warm_up_bytes, 1'250'000u);  // a slow link: 0.5 s of data, not 1.7 s
  EXPECT_TRUE(slow.compression);
}

TEST(Schedule, FastStreamsReadAMemoryFileAndSlowOnesAPipe) {
  // Fast: a pipe's feeder would cost ssh CPU; slow: ssh's early window would take long to cross.
  EXPECT_TRUE(openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", false, nullptr, 100, milliseconds(400),
                           {}, MeasureTiming{})
                  .openssh.file_input);
  EXPECT_FALSE(openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", false, nullptr, 99, milliseconds(400),
                            {}, MeasureTiming{})
                   .openssh.file_input);
  EXPECT_TRUE(
      parallel_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", 700, milliseconds(400), {}, MeasureTiming{})
          .openssh.file_input);
  EXPECT_FALSE(
      parallel_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", 47, milliseconds(400), {}, MeasureTiming{})
          .openssh.file_input);
  // Compressed data flows faster than its link: the pipe's remote side would pause in it. Unless it
  // compresses poorly on a slow link, where the held read-ahead would take seconds to cross.
  EXPECT_TRUE(openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", true, nullptr, 26, milliseconds(400),
                           {}, MeasureTiming{})
                  .openssh.file_input);
  EXPECT_FALSE(openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", true, nullptr, 2.4, milliseconds(400),
                            {}, MeasureTiming{})
                   .openssh.file_input);
}

TEST(Schedule, APipeUploadGetsARealCopysFirstWindowBeforeItsTurnWhereItCrossesInATenthOfASecond) {
  EXPECT_EQ(
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 47, milliseconds(400), {}, MeasureTiming{})
          .openssh.early_bytes,
      2u << 20);
  EXPECT_EQ(
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 20, milliseconds(400), {}, MeasureTiming{})
          .openssh.early_bytes,
      0u);
  EXPECT_EQ(
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 2.5, milliseconds(400), {}, MeasureTiming{})
          .openssh.early_bytes,
      0u);
  EXPECT_EQ(
      openssh_spec(probes::TrialKind::upload, "aes128-ctr", false, nullptr, 700, milliseconds(400), {}, MeasureTiming{})
          .openssh.early_bytes,
      0u);
  EXPECT_EQ(openssh_spec(probes::TrialKind::download, "aes128-ctr", false, nullptr, 47, milliseconds(400), {},
                         MeasureTiming{})
                .openssh.early_bytes,
            0u);
}

TEST(Schedule, ASurveyThatRanLongShortensTheConfirmationNotTheParallelShare) {
  const ProbeBudget budget = split_budget(milliseconds(5000), MeasureTiming{});               // 1750 / 2250 / 1000
  EXPECT_EQ(confirm_share(budget, milliseconds(3250), budget.parallel), milliseconds(2250));  // on time
  EXPECT_EQ(confirm_share(budget, milliseconds(2750), budget.parallel), milliseconds(1750));  // 500 ms late
  EXPECT_EQ(confirm_share(budget, milliseconds(1000), budget.parallel), milliseconds(0));     // nothing left for it
  // A ladder step that costs more than the parallel share keeps that much.
  EXPECT_EQ(confirm_share(budget, milliseconds(3250), milliseconds(1070)), milliseconds(2180));
}

TEST(Schedule, TheParallelLadderDoublesWhileItGainsAndTheBudgetHolds) {
  const rules::Policy policy;
  const milliseconds step{500};
  EXPECT_EQ(next_parallel_step(0, false, 0, milliseconds(2000), step, policy), 2);
  EXPECT_EQ(next_parallel_step(2, false, 1.5, milliseconds(2000), step, policy), 4);
  EXPECT_EQ(next_parallel_step(2, false, 1.9, milliseconds(2000), step, policy), 8);  // linear: each its own window
  EXPECT_EQ(next_parallel_step(4, false, 1.5, milliseconds(2000), step, policy), 8);
  EXPECT_EQ(next_parallel_step(4, false, 1.9, milliseconds(2000), step, policy), 8);
  EXPECT_EQ(next_parallel_step(8, false, 1.5, milliseconds(2000), step, policy), 0);   // never more than 8 at once
  EXPECT_EQ(next_parallel_step(2, false, 1.05, milliseconds(2000), step, policy), 0);  // no gain: stop
  EXPECT_EQ(next_parallel_step(2, true, 1.9, milliseconds(2000), step, policy), 0);    // a refused connection: stop
  EXPECT_EQ(next_parallel_step(0, false, 0, milliseconds(400), step, policy), 0);      // no time left
}

TEST(Schedule, ALadderStepCostsItsSetUpStreamAndOverheadAndTheConfirmationKeepsItsRoom) {
  EXPECT_EQ(setup_estimate(milliseconds(40), MeasureTiming{}), milliseconds(230));  // two connects and a shell's start
  EXPECT_EQ(ladder_step_cost(milliseconds(230), milliseconds(1000), MeasureTiming{}.shortest_stream, MeasureTiming{}),
            milliseconds(230 + 250 + 150));
  EXPECT_EQ(ladder_reserve(milliseconds(230), milliseconds(1000), MeasureTiming{}),
            milliseconds(1000));  // the share holds a step
  EXPECT_EQ(ladder_reserve(milliseconds(600), milliseconds(1000), MeasureTiming{}),
            milliseconds(1100));  // a step and 100 ms
}

TEST(Schedule, AParallelStepStreamsAQuarterOfTheParallelShare) {
  EXPECT_EQ(parallel_planned_stream(milliseconds(1000), MeasureTiming{}.shortest_stream, MeasureTiming{}),
            milliseconds(250));
  EXPECT_EQ(parallel_planned_stream(milliseconds(400), MeasureTiming{}.shortest_stream, MeasureTiming{}),
            milliseconds(150));
  EXPECT_EQ(parallel_planned_stream(milliseconds(4000), MeasureTiming{}.shortest_stream, MeasureTiming{}),
            milliseconds(500));
}

TEST(Schedule, ATrialUnderAQuarterOfTheSurveysFigureCrawled) {
  const rules::Policy policy;
  EXPECT_TRUE(crawled(12, 430, policy));
  EXPECT_FALSE(crawled(200, 430, policy)) << "the clients' costs differ by up to 2x: not a crawl";
  EXPECT_FALSE(crawled(108, 430, policy));
  EXPECT_FALSE(crawled(2.4, 2.5, policy)) << "a link-bound host reads the link in both";
}

TEST(Schedule, ASurveyLeadOfOver15PercentContestsTheConfirmationsOrder) {
  const rules::Policy policy;
  EXPECT_TRUE(contested(141, 511, policy)) << "libssh's ChaCha20 against AES-GCM";
  EXPECT_FALSE(contested(448, 511, policy)) << "two AES ciphers within noise";
  EXPECT_FALSE(contested(511, 448, policy));
}

TEST(Schedule, TheConfirmationsAndTheLaddersThresholdsAreThePolicys) {
  rules::Policy policy;
  policy.crawl_fraction = 0.5;
  policy.contest_margin = 4;
  policy.ladder_step_gain = 1.6;
  policy.ladder_linear_gain = 3;
  EXPECT_TRUE(crawled(200, 430, policy));
  EXPECT_FALSE(contested(141, 511, policy));
  EXPECT_EQ(next_parallel_step(2, false, 1.5, milliseconds(2000), milliseconds(500), policy), 0);
  EXPECT_EQ(next_parallel_step(2, false, 1.9, milliseconds(2000), milliseconds(500), policy), 4);
}

}  // namespace
// A window-bound path: 8 at once whatever the budget says, then half as many while they stay within
// 10% of the best and the budget holds a step.
TEST(Schedule, TheLadderFromTheTopHalvesWhileItStaysNearTheBest) {
  const rules::Policy policy;
  const milliseconds left(5000), cost(1000);
  EXPECT_EQ(next_step_down(0, false, 0, 10, milliseconds(-1), cost, policy), 8);  // no budget left: still 8
  EXPECT_EQ(next_step_down(8, false, 72, 72, left, cost, policy), 4);
  EXPECT_EQ(next_step_down(4, false, 68, 72, left, cost, policy), 2);  // 94% of the best
  EXPECT_EQ(next_step_down(4, false, 38, 72, left, cost, policy), 0);  // fell short: 8 it is
  EXPECT_EQ(next_step_down(2, false, 70, 72, left, cost, policy), 0);  // nothing below 2
  EXPECT_EQ(next_step_down(8, true, 0, 10, left, cost, policy), 0);    // a refused session
  EXPECT_EQ(next_step_down(8, false, 72, 72, milliseconds(900), cost, policy), 0);
}

TEST(Schedule, StreamsSpanFiveRoundTripsOfALongPath) {
  EXPECT_EQ(shortest_stream(std::nullopt, MeasureTiming{}), MeasureTiming{}.shortest_stream);
  EXPECT_EQ(shortest_stream(0.001, MeasureTiming{}), MeasureTiming{}.shortest_stream);
  EXPECT_EQ(shortest_stream(0.2, MeasureTiming{}), milliseconds(1000));
  EXPECT_EQ(confirm_stream_time(milliseconds(2250), milliseconds(0), 3, milliseconds(1000), MeasureTiming{}),
            milliseconds(1000));
  EXPECT_EQ(parallel_planned_stream(milliseconds(1000), milliseconds(1500), MeasureTiming{}), milliseconds(1500));
}

// A 40 ms path's handshakes fit half the confirmation's share; a 200 ms path's (3.2 s) do not and are
// charged outside the budget.
TEST(Schedule, OnALongPathTheWarmUpOutlastsTcpsSlowStart) {
  const rules::Policy policy;
  const WarmUpFloor long_path = slow_start_floor(0.3, policy);
  const probes::TrialSpec warmed = parallel_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", 6.7,
                                                 milliseconds(1500), long_path, MeasureTiming{});
  EXPECT_EQ(warmed.warm_up_bytes, 4u << 20);  // 0.5 s of 6.7 MB/s would end inside the ramp
  EXPECT_EQ(warmed.warm_up_time, milliseconds(3600));
  const WarmUpFloor short_path = slow_start_floor(0.04, policy);  // under [window] long_rtt_ms: no floor
  EXPECT_EQ(short_path.bytes, 0u);
  EXPECT_EQ(short_path.time, milliseconds(0));
  EXPECT_EQ(slow_start_floor(std::nullopt, policy).bytes, 0u);
  const WarmUpFloor lossy = slow_start_floor(0.2, policy, PathLossSeen::suspected);  // 30 round trips
  EXPECT_EQ(lossy.bytes, 4u << 20);
  EXPECT_EQ(lossy.time, milliseconds(6000));
  EXPECT_EQ(slow_start_floor(0.2, policy, PathLossSeen::unknown).time, milliseconds(6000)) << "maybe lossy";
  EXPECT_EQ(slow_start_floor(0.02, policy, PathLossSeen::unknown).bytes, 0u) << "a short path: no floor";
  EXPECT_EQ(slow_start_floor(0.02, policy, PathLossSeen::suspected).bytes, 4u << 20);
  const probes::TrialSpec fast = parallel_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", 500,
                                               milliseconds(1500), long_path, MeasureTiming{});
  EXPECT_EQ(fast.warm_up_bytes, 32u << 20);  // never lowered
}

// A step timed on the clock starts its stretch 12 round trips after its release: past TCP's slow start
// and a lossy path's first losses; on a short path no sooner than the shortest stream.
TEST(Schedule, AStepOnTheClockWaitsOutTwelveRoundTrips) {
  const MeasureTiming timing;
  EXPECT_EQ(clock_warm_up(0.2, timing), milliseconds(2400));
  EXPECT_EQ(clock_warm_up(0.02, timing), milliseconds(240));
  EXPECT_EQ(clock_warm_up(0.001, timing), timing.shortest_stream);
  EXPECT_EQ(clock_warm_up(std::nullopt, timing), timing.shortest_stream);
  MeasureTiming quicker;
  quicker.slow_start_round_trips = 6;
  EXPECT_EQ(clock_warm_up(0.2, quicker), milliseconds(1200)) << "the policy's count";
}

TEST(Schedule, SetUpLongerThanHalfTheShareLiesOutsideTheBudget) {
  EXPECT_EQ(setup_in_budget(milliseconds(750), milliseconds(2250)), milliseconds(750));
  EXPECT_EQ(setup_in_budget(milliseconds(3200), milliseconds(2250)), milliseconds(0));
}

TEST(Schedule, ThePolicysTimingValuesSetTheSharesAndTheStreams) {
  MeasureTiming timing;
  timing.survey_share = 0.3, timing.confirm_share = 0.5;
  timing.shortest_stream = milliseconds(300), timing.longest_parallel_stream = milliseconds(400);
  const ProbeBudget budget = split_budget(milliseconds(5000), timing);
  EXPECT_EQ(budget.survey, milliseconds(1500));
  EXPECT_EQ(budget.confirm, milliseconds(2500));
  EXPECT_EQ(budget.parallel, milliseconds(1000));
  EXPECT_EQ(split_budget(milliseconds(11000), MeasureTiming{}).survey, milliseconds(3850)) << "rounded down, not off";
  EXPECT_EQ(shortest_stream(std::nullopt, timing), milliseconds(300));
  EXPECT_EQ(parallel_planned_stream(milliseconds(4000), timing.shortest_stream, timing), milliseconds(400));
  EXPECT_EQ(parallel_planned_stream(milliseconds(400), timing.shortest_stream, timing), milliseconds(300));
}

}  // namespace sshtune::host
