#include "base/budget.hpp"

#include <algorithm>

namespace sshtune {

void Budget::charge(milliseconds setup) { m_charged += std::max(setup, milliseconds(0)); }

void Budget::give_up(milliseconds span) { m_total -= std::max(span, milliseconds(0)); }

Budget::milliseconds Budget::left(Clock::time_point now) const {
  return std::chrono::duration_cast<milliseconds>(deadline() - now);
}

Budget::milliseconds Budget::left_before_end(Clock::time_point now) const {
  return std::chrono::duration_cast<milliseconds>(end() - now);
}

}  // namespace sshtune
