#pragma once
// The one clock of the program. Code under probes/ and tuner/ reads the time only through a Clock it was
// given — monotonic time for elapsed time, deadlines and waits, wall time for stamps and ages — so a test
// can drive a whole measurement on a fake one. system_clock() is the real one; only the composition root
// (the CLI) picks it.

#include <chrono>
#include <cstdint>

namespace sshtune {

class Clock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  using duration = std::chrono::steady_clock::duration;

  virtual ~Clock() = default;
  // Monotonic time: never goes back. Time points of one Clock compare only with that Clock's.
  virtual time_point now() const = 0;
  // Wall-clock seconds since the Unix epoch (stamps and ages of cached measurements and backups).
  virtual std::int64_t unix_seconds() const = 0;
  // Waits `span` where there is nothing to poll on (a lock held by another process); a fake clock moves
  // by it instead.
  virtual void sleep_for(duration span) const = 0;
};

// The real clocks: std::chrono::steady_clock and the system's wall clock. Safe from any thread.
const Clock& system_clock();

// Seconds from `start` until clock.now().
inline double seconds_since(const Clock& clock, Clock::time_point start) {
  return std::chrono::duration<double>(clock.now() - start).count();
}

}  // namespace sshtune
