#include "probes/core/repeated_runs.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

TrialResult run(std::uint64_t bytes, double seconds, std::optional<double> start = std::nullopt) {
  TrialResult result;
  result.cipher = "aes128-gcm@openssh.com";
  result.bytes = bytes, result.wire_bytes = bytes, result.seconds = seconds;
  result.start_s = start;
  return result;
}

TEST(FoldRuns, TheMeanOfTheRunsKeptEachWeightedByItsLength) {
  const TrialResult a = run(2'400'000'000, 3, 0.4), b = run(400'000'000, 1);
  const TrialResult folded = fold_runs({&a, &b}, 0.25);
  EXPECT_DOUBLE_EQ(mb_per_s(folded), 700) << "3 s at 800 and 1 s at 400";
  EXPECT_EQ(folded.start_s, 0.4) << "the only start measured";
  EXPECT_EQ(folded.cipher, "aes128-gcm@openssh.com");
}

TEST(FoldRuns, AStallIsLeftOutButItsStartCounts) {
  const TrialResult stall = run(9'000'000, 1, 0.2), good = run(300'000'000, 1, 0.4);
  const TrialResult folded = fold_runs({&stall, &good}, 0.25);
  EXPECT_DOUBLE_EQ(mb_per_s(folded), 300) << "9 MB/s is under a quarter of 300";
  EXPECT_DOUBLE_EQ(*folded.start_s, 0.3);
  EXPECT_DOUBLE_EQ(mb_per_s(fold_runs({&stall, &good}, 0.01)), 154.5) << "a looser fraction keeps it";
}

TEST(FoldRuns, OneRunIsItself) {
  const TrialResult only = run(100'000'000, 2);
  EXPECT_DOUBLE_EQ(mb_per_s(fold_runs({&only}, 0.25)), 50);
}

}  // namespace
}  // namespace sshtune::probes
