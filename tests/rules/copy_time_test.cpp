// The whole-copy model on figures of a 200 ms path (one session 11 MB/s, eight 68.4 MB/s) and a loopback.
#include "rules/copy_time.hpp"

#include <gtest/gtest.h>

namespace sshtune::rules {
namespace {

constexpr double k_4gb = 4e9;

TEST(CopySeconds, IsTheSetUpThenTheStartThenTheBytesAtTheSteadyRate) {
  EXPECT_DOUBLE_EQ(*copy_seconds(k_4gb, 2.1, 0.4, 11), 2.5 + k_4gb / 11e6);
  EXPECT_DOUBLE_EQ(*copy_seconds(1e9, 0, 0, 1000), 1.0) << "nothing lost: the bytes at the rate";
  EXPECT_DOUBLE_EQ(*copy_seconds(0, 0.3, 0.1, 1000), 0.4) << "an empty copy still logs in";
}

TEST(CopySeconds, NothingMeasuredPromisesNothing) {
  EXPECT_EQ(copy_seconds(k_4gb, 0.3, 0.1, 0), std::nullopt);
  EXPECT_EQ(copy_seconds(k_4gb, 0.3, 0.1, -5), std::nullopt);
  EXPECT_EQ(split_copy_seconds(k_4gb, 8, 0.3, 0.1, 0), std::nullopt);
  EXPECT_EQ(split_copy_seconds(k_4gb, 0, 0.3, 0.1, 68.4), std::nullopt) << "no session carries nothing";
}

TEST(SplitCopySeconds, EachSessionCarriesItsShareAtItsShareOfTheAggregate) {
  EXPECT_DOUBLE_EQ(*split_copy_seconds(k_4gb, 8, 2.1, 0.4, 68.4), 2.5 + (k_4gb / 8) / (68.4e6 / 8));
  EXPECT_DOUBLE_EQ(*split_copy_seconds(k_4gb, 1, 2.1, 0.4, 11), *copy_seconds(k_4gb, 2.1, 0.4, 11));
  EXPECT_DOUBLE_EQ(*split_copy_seconds(10, 3, 0, 0, 3e-6), 4.0) << "the largest share (4 of 10 bytes) ends it";
}

TEST(PredictCopy, NowAdvisedAndTheAdvisedSessionsFromTheSameSetUpAndStart) {
  CopyInputs in;
  in.bytes = k_4gb, in.setup_s = 2.1, in.start_s = 0.4, in.now_mb_per_s = 9.9, in.advised_mb_per_s = 11;
  in.parallel = ParallelAdvice{8, 68.4, 11};
  const CopyPrediction p = predict_copy(in);
  EXPECT_FALSE(p.at_least);
  EXPECT_DOUBLE_EQ(*p.now_s, 2.5 + k_4gb / 9.9e6);
  EXPECT_DOUBLE_EQ(*p.advised_s, 2.5 + k_4gb / 11e6);
  EXPECT_NEAR(*p.parallel_s, 60.98, 0.01);
}

// A 40 ms path: one session 50 MB/s after 0.6 s of log-in and 0.2 s of start; 8 sessions 200 MB/s
// after 1.9 s of log-ins at once; sha256sum 400 MB/s at both ends.
CopyInputs big_file_path(double hash_mb_per_s) {
  CopyInputs in;
  in.bytes = 1e9, in.setup_s = 0.6, in.start_s = 0.2, in.advised_mb_per_s = 50;
  in.parallel = ParallelAdvice{8, 200, 50};
  in.split = SplitCosts{1.9, hash_mb_per_s};
  return in;
}

TEST(BigFileSeconds, TheStreamsOrThisEndsHashThenTheVerifyingLogInAndTheOtherEndsHash) {
  const CopyInputs in = big_file_path(400);
  // Streams: 1.9 + 0.2 + 125 MB at 25 MB/s = 7.1 s; this end's hash 2.5 s meanwhile; then 0.6 + 2.5 s.
  EXPECT_NEAR(*big_file_seconds(1e9, in), 10.2, 1e-9);
  EXPECT_NEAR(*big_file_seconds(1e9, big_file_path(100)), 10.0 + 0.6 + 10.0, 1e-9) << "a slow hash sets the pace";
  CopyInputs unmeasured = in;
  unmeasured.split.hash_mb_per_s.reset();
  EXPECT_EQ(big_file_seconds(1e9, unmeasured), std::nullopt) << "a verification not measured is not invented";
}

TEST(PredictCopy, TheBigFileSplitPaysFromTheSizeWhereItsExtraLogInsAreWonBack) {
  const CopyPrediction p = predict_copy(big_file_path(400));
  EXPECT_NEAR(*p.big_file_s, 10.2, 1e-9);
  EXPECT_NEAR(*p.parallel_s, 7.1, 1e-9) << "a tree over 8 sessions: their log-ins at once, no hash";
  // 0.8 + x/50 MB/s = 2.7 + x/200 + x/400: x = 1.9 s / (1/50 - 1/200 - 1/400) MB/s = 152 MB.
  EXPECT_NEAR(*p.big_file_pays_from_bytes, 152e6, 1e6);
  EXPECT_EQ(predict_copy(big_file_path(30)).big_file_pays_from_bytes, std::nullopt)
      << "hashing both ends at 30 MB/s takes longer than one session moving it at 50";
}

TEST(PredictCopy, WhatWasNotMeasuredIsNotInvented) {
  CopyInputs in;
  in.bytes = 1e9, in.setup_s = 0.25, in.advised_mb_per_s = 500;  // the survey's figure: no session start
  const CopyPrediction p = predict_copy(in);
  EXPECT_TRUE(p.at_least) << "an unmeasured start counts as none: the time is a lower bound";
  EXPECT_DOUBLE_EQ(*p.advised_s, 2.25);
  EXPECT_EQ(p.now_s, std::nullopt) << "no figure for the setting in effect now";
  EXPECT_EQ(p.parallel_s, std::nullopt) << "no parallel advice";
  in.start_s = 0.1, in.setup_s.reset();
  EXPECT_TRUE(predict_copy(in).at_least) << "nor an unmeasured set-up";
}

TEST(ToolSeconds, TheRunsLogInThenTheRestAtTheRunsOwnPace) {
  const ToolRun scp{CopyTool::scp, 200e6, 1.5, std::nullopt};
  // 0.5 s of log-in and start, then 200 MB in the 1.0 s left: 1 GB in 5 s more.
  EXPECT_DOUBLE_EQ(*tool_seconds(1e9, scp, 0.5), 5.5);
  EXPECT_DOUBLE_EQ(*tool_seconds(200e6, scp, 0.5), 1.5) << "the run's own size takes the run's time";
  EXPECT_DOUBLE_EQ(*tool_seconds(1e9, scp, 5.0), 0.75 + 1e9 * 0.75 / 200e6) << "a log-in is at most half the run";
  EXPECT_EQ(tool_seconds(1e9, ToolRun{CopyTool::rsync, 0, 1.0, std::nullopt}, 0.5), std::nullopt);
  EXPECT_EQ(tool_seconds(1e9, ToolRun{CopyTool::rsync, 1e6, 0, std::nullopt}, 0), std::nullopt);
}

TEST(PredictCopy, EachToolFromItsOwnRunOrTheAdvisedStreamWhereThatSetsThePace) {
  CopyInputs in;
  in.bytes = 1e9, in.setup_s = 0.4, in.start_s = 0.1, in.advised_mb_per_s = 1000;
  in.tools = {{CopyTool::rsync, 200e6, 2.5, std::nullopt}, {CopyTool::scp, 200e6, 1.5, std::nullopt}};
  CopyPrediction p = predict_copy(in);
  ASSERT_EQ(p.tools.size(), 2u) << "sftp was not timed, and the CPU sets the pace: no time for it";
  EXPECT_EQ(p.tools[0].tool, CopyTool::scp) << "in k_copy_tools' order";
  EXPECT_DOUBLE_EQ(p.tools[0].seconds, 5.5);
  EXPECT_TRUE(p.tools[0].timed);
  EXPECT_DOUBLE_EQ(p.tools[1].seconds, 0.5 + 1e9 * 2.0 / 200e6);
  in.tools[1].login_s = 0.2;  // a lone log-in timed beside the run is its log-in, not the stream's set-up
  EXPECT_DOUBLE_EQ(predict_copy(in).tools[0].seconds, 0.3 + 1e9 * 1.2 / 200e6);
  in.tools.clear();
  in.stream_paces_tools = true;
  p = predict_copy(in);
  ASSERT_EQ(p.tools.size(), 3u);
  for (const ToolTime& t : p.tools) {
    EXPECT_DOUBLE_EQ(t.seconds, *p.advised_s);
    EXPECT_FALSE(t.timed);
  }
}

// On a CPU-bound host the tree snippet's k rsyncs each pay rsync's own work: the aggregate at the share
// of the stream's rate rsync's timed run kept.
TEST(PredictCopy, KRsyncsPayRsyncsOwnWorkWhereItWasTimed) {
  CopyInputs in;
  in.bytes = 1e9, in.setup_s = 0.4, in.start_s = 0.1, in.advised_mb_per_s = 200;
  in.parallel = ParallelAdvice{2, 300, 200};
  const double stream_only = *predict_copy(in).parallel_s;
  EXPECT_DOUBLE_EQ(stream_only, 0.5 + 0.5e9 / 150e6);
  in.tools = {{CopyTool::rsync, 200e6, 1.5, std::nullopt}};  // 200 MB in the 1.0 s past its 0.5 s: 200 MB/s
  EXPECT_DOUBLE_EQ(*predict_copy(in).parallel_s, stream_only) << "as fast as the stream: nothing to add";
  in.tools = {{CopyTool::rsync, 100e6, 1.5, std::nullopt}};  // 100 MB/s: half the stream's rate
  EXPECT_DOUBLE_EQ(*predict_copy(in).parallel_s, 0.5 + 0.5e9 / 75e6);
  in.tools = {{CopyTool::scp, 100e6, 1.5, std::nullopt}};
  EXPECT_DOUBLE_EQ(*predict_copy(in).parallel_s, stream_only) << "scp's pace says nothing of rsync's";
}

}  // namespace
}  // namespace sshtune::rules
