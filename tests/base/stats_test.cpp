#include "base/stats.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

TEST(Stats, MedianOfAnOddCountIsItsMiddleValue) {
  EXPECT_DOUBLE_EQ(median({5, 1, 3}), 3);
  EXPECT_DOUBLE_EQ(median({7}), 7);
}

TEST(Stats, MedianOfAnEvenCountIsTheUpperMiddleValue) {
  EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 3);  // a measured value, not 2.5
  EXPECT_DOUBLE_EQ(median({2, 1}), 2);
}

TEST(Stats, MedianIgnoresOneOutlierAndIsZeroForNone) {
  EXPECT_DOUBLE_EQ(median({100, 101, 1, 99, 102}), 100);
  EXPECT_DOUBLE_EQ(median({}), 0);
}

}  // namespace
}  // namespace sshtune
