// The measurement's Budget: one deadline on one clock, moved by the set-up charged to it.
#include "base/budget.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

using std::chrono::milliseconds;

const Clock::time_point t0 = Clock::time_point{} + std::chrono::hours(1);

TEST(Budget, ANewBudgetEndsItsTotalAfterItsStart) {
  const Budget budget(t0, milliseconds(5000));
  EXPECT_EQ(budget.total(), milliseconds(5000));
  EXPECT_EQ(budget.end(), t0 + milliseconds(5000));
  EXPECT_EQ(budget.deadline(), budget.end());
  EXPECT_EQ(budget.charged(), milliseconds(0));
  EXPECT_EQ(budget.left(t0 + milliseconds(1200)), milliseconds(3800));
  EXPECT_EQ(budget.left(t0 + milliseconds(6000)), milliseconds(-1000)) << "past the deadline: negative";
}

TEST(Budget, ChargedSetUpMovesTheDeadlineButNotTheEnd) {
  Budget budget(t0, milliseconds(5000));
  budget.charge(milliseconds(300));
  budget.charge(milliseconds(200));
  EXPECT_EQ(budget.charged(), milliseconds(500));
  EXPECT_EQ(budget.deadline(), t0 + milliseconds(5500));
  EXPECT_EQ(budget.end(), t0 + milliseconds(5000));
  EXPECT_EQ(budget.left(t0 + milliseconds(5000)), milliseconds(500));
  EXPECT_EQ(budget.left_before_end(t0 + milliseconds(4000)), milliseconds(1000));
  EXPECT_EQ(budget.left_before_end(t0 + milliseconds(5200)), milliseconds(-200));
}

TEST(Budget, SetUpQuickerThanPlannedChargesNothing) {
  Budget budget(t0, milliseconds(5000));
  budget.charge(milliseconds(-250));
  EXPECT_EQ(budget.charged(), milliseconds(0));
  EXPECT_EQ(budget.deadline(), budget.end());
}

TEST(Budget, GivingUpTimeShortensTheTotalAndTheDeadline) {
  Budget budget(t0, milliseconds(5000));
  budget.charge(milliseconds(100));
  budget.give_up(milliseconds(2000));
  budget.give_up(milliseconds(-10));
  EXPECT_EQ(budget.total(), milliseconds(3000));
  EXPECT_EQ(budget.deadline(), t0 + milliseconds(3100));
}

TEST(Budget, LeftCountsWholeMillisecondsOfTheClock) {
  const Budget budget(t0, milliseconds(1000));
  EXPECT_EQ(budget.left(t0 + std::chrono::microseconds(400'600)), milliseconds(599));
}

}  // namespace
}  // namespace sshtune
