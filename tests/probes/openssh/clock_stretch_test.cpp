#include "probes/openssh/clock_group.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

using std::chrono::milliseconds;

// A window-held session delivers one window per round trip: a stretch of whole round trips counts
// each of them once.
TEST(ClockStretch, WholeRoundTripsCoverTheWantedStream) {
  EXPECT_EQ(clock_stretch(milliseconds(470), 5, 0.2), milliseconds(1000)) << "never under five round trips";
  EXPECT_EQ(clock_stretch(milliseconds(1300), 5, 0.2), milliseconds(1400)) << "7 round trips cover 1.3 s";
  EXPECT_EQ(clock_stretch(milliseconds(500), 5, 0.03), milliseconds(510)) << "17 round trips";
  EXPECT_EQ(clock_stretch(milliseconds(500), 5, 0.0003), milliseconds(500));
}

TEST(ClockStretch, WithoutARoundTripTheWantedStream) {
  EXPECT_EQ(clock_stretch(milliseconds(470), 5, 0), milliseconds(470));
}

}  // namespace
}  // namespace sshtune::probes
