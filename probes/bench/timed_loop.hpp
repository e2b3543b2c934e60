#pragma once
// A fixed-budget measurement loop shared by the local benchmarks. It counts
// this thread's CPU time, as `openssl speed` counts user time, so figures
// describe one core and do not sag when other processes compete for it.

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstddef>

namespace sshtune::probes {

// CPU time consumed by the calling thread.
struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;
  static time_point now() noexcept {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return time_point(std::chrono::seconds(ts.tv_sec) + std::chrono::nanoseconds(ts.tv_nsec));
  }
};

// Runs `step` untimed for `warmup`, then for at least `measure` of thread CPU
// time (or 4 x `measure` of wall time when the core is starved), at least once.
// `step` returns how many bytes it processed. Returns 10^6 bytes per CPU second.
template <typename Step>
double timed_throughput(std::chrono::nanoseconds warmup, std::chrono::nanoseconds measure, Step&& step) {
  // This thread's CPU time, and a wall-time guard for a starved core: what a benchmark of this CPU
  // measures, which no fake Clock could stand in for (the measuring passes' time is base/clock.hpp's).
  using Wall = std::chrono::steady_clock;
  std::size_t warm_steps = 0;
  for (const auto until = ThreadCpuClock::now() + warmup; ThreadCpuClock::now() < until; ++warm_steps) {
    step();
  }
  // Read the clock about every 0.2 ms: often enough for the budget, rarely enough to cost nothing.
  const auto warm_ms = std::max<long long>(1, std::chrono::duration_cast<std::chrono::milliseconds>(warmup).count());
  const std::size_t check_every = std::max<std::size_t>(1, warm_steps / static_cast<std::size_t>(warm_ms * 5));
  const auto wall_limit = Wall::now() + 4 * measure;
  const auto start = ThreadCpuClock::now();
  std::size_t bytes = 0;
  auto now = start;
  for (std::size_t i = 1;; ++i) {
    bytes += step();
    if (i % check_every == 0) {
      now = ThreadCpuClock::now();
      if (now - start >= measure || Wall::now() >= wall_limit) {
        break;
      }
    }
  }
  const double seconds = std::chrono::duration<double>(now - start).count();
  return static_cast<double>(bytes) / std::max(seconds, 1e-9) / 1e6;
}

}  // namespace sshtune::probes
