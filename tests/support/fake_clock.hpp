#pragma once
// A Clock that moves only when told: by advance(), by sleep_for(), and — where a test wants time to pass
// on every reading — by `tick` on each now(). now(), advance() and sleep_for() are safe from several
// threads (runners read it from theirs); set_unix() and set_now() are for before they start. A real
// runner's poll loops wait on real descriptors and check their deadlines on this clock: with no tick they
// never time out, so fake clocks go with fake runners.

#include "base/clock.hpp"

#include <atomic>
#include <cstdint>

namespace sshtune::testing {

class FakeClock final : public Clock {
 public:
  explicit FakeClock(std::int64_t unix_start = 1'790'000'000, duration tick = duration::zero())
      : m_unix_start(unix_start), m_tick(tick.count()) {}

  time_point now() const override { return time_point(duration(m_elapsed.fetch_add(m_tick) + m_tick)); }
  std::int64_t unix_seconds() const override {
    return m_unix_start + std::chrono::duration_cast<std::chrono::seconds>(duration(m_elapsed.load())).count();
  }
  void sleep_for(duration span) const override { advance(span); }

  // Sets the monotonic time (never back in a real clock; a test may).
  void set_now(time_point t) { m_elapsed = t.time_since_epoch().count(); }
  // Moves the clock by `span`.
  void advance(duration span) const { m_elapsed += span.count(); }
  // Time passed since the clock was made.
  duration elapsed() const { return duration(m_elapsed.load()); }
  // Where the wall clock starts.
  void set_unix(std::int64_t unix_seconds) { m_unix_start = unix_seconds - unix_seconds_elapsed(); }

 private:
  std::int64_t unix_seconds_elapsed() const {
    return std::chrono::duration_cast<std::chrono::seconds>(elapsed()).count();
  }

  std::int64_t m_unix_start;
  duration::rep m_tick;
  mutable std::atomic<duration::rep> m_elapsed{0};
};

}  // namespace sshtune::testing
