#pragma once
// The measurement's time on one clock (HostEnvironment::now). The budget the user gave (--budget) counts
// trial time from the moment the survey's control session starts connecting; set-up charged to it
// (connections opening, remote shells starting, `rsync --version`) is not trial time and moves its
// deadline later. Each measuring pass reads it and charges its own set-up; none reads a clock of its own.

#include "tuner/host/schedule.hpp"

#include <chrono>

namespace sshtune {

class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  // `total` of trial time from `start`, nothing charged yet.
  Budget(Clock::time_point start, milliseconds total) : m_start(start), m_total(total) {}

  milliseconds total() const { return m_total; }
  // The total's split between the survey, the confirmation and the parallel ladder (split_budget).
  ProbeBudget shares() const { return split_budget(m_total); }
  // The start plus the total: where figures that are extras (runs timed again) end, whatever set-up took.
  Clock::time_point end() const { return m_start + m_total; }
  // end() moved by the set-up charged so far: where the trials end.
  Clock::time_point deadline() const { return end() + m_charged; }
  // The set-up charged so far: of the run's time, what lay outside the budget.
  milliseconds charged() const { return m_charged; }

  // Charges `setup` (none when negative), moving the deadline by it.
  void charge(milliseconds setup);
  // The time from `now` to the deadline; negative past it.
  milliseconds left(Clock::time_point now) const;
  // The time from `now` to end(); negative past it.
  milliseconds left_before_end(Clock::time_point now) const;

 private:
  Clock::time_point m_start;
  milliseconds m_total;
  milliseconds m_charged{0};
};

}  // namespace sshtune
