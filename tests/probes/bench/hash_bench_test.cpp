// sha256sum's speed here: a real sha256sum over a memory file (no timing is asserted, only that one
// was taken).
#include "probes/bench/hash_bench.hpp"

#include "base/process.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

TEST(Sha256sumSpeed, IsMeasuredWhereSha256sumRuns) {
  if (!program_on_path("sha256sum")) GTEST_SKIP() << "sha256sum is not on PATH";
  const auto speed = sha256sum_mb_per_s(system_clock(), std::uint64_t{4} << 20);
  ASSERT_TRUE(speed);
  EXPECT_GT(*speed, 0);
}

}  // namespace
}  // namespace sshtune::probes
