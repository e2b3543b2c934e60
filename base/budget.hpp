#pragma once
// A measuring pass's time on the one Clock. The total the user gave (--budget, or a pass's share of it)
// counts trial time from the moment the pass starts; set-up charged to it (connections opening, remote
// shells starting, essential commands) is not trial time and moves its deadline later. Every measuring
// pass — the survey, the confirmation, the ladder — reads its time from a Budget and charges its own
// set-up; none keeps a deadline of its own.

#include "base/clock.hpp"

#include <chrono>

namespace sshtune {

class Budget {
 public:
  using milliseconds = std::chrono::milliseconds;

  // `total` of trial time from `start`, nothing charged yet.
  Budget(Clock::time_point start, milliseconds total) : m_start(start), m_total(total) {}

  milliseconds total() const { return m_total; }
  // The start plus the total: where figures that are extras (runs timed again) end, whatever set-up took.
  Clock::time_point end() const { return m_start + m_total; }
  // end() moved by the set-up charged so far: where the trials end.
  Clock::time_point deadline() const { return end() + m_charged; }
  // The set-up charged so far: of the run's time, what lay outside the budget.
  milliseconds charged() const { return m_charged; }

  // Charges `setup` (none when negative), moving the deadline by it.
  void charge(milliseconds setup);
  // Gives up `span` of the total (none when negative), moving end() and the deadline earlier by it: time
  // a measurement that cannot matter would have had.
  void give_up(milliseconds span);
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
