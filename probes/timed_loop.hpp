#pragma once
// A fixed-time measurement loop shared by the local benchmarks.

#include <chrono>
#include <cstddef>

namespace sshtune::probes {

// Runs `step` (which processes `bytes_per_step` bytes) untimed for `warmup`,
// then timed for at least `measure` and at least once. Returns 10^6 bytes/s.
template <typename Step>
double timed_throughput(std::chrono::nanoseconds warmup, std::chrono::nanoseconds measure,
                        std::size_t bytes_per_step, Step&& step) {
  using Clock = std::chrono::steady_clock;
  const auto warm_until = Clock::now() + warmup;
  while (Clock::now() < warm_until) {
    step();
  }
  const auto start = Clock::now();
  std::size_t steps = 0;
  auto now = start;
  do {
    step();
    ++steps;
    now = Clock::now();
  } while (now - start < measure);
  const double seconds = std::chrono::duration<double>(now - start).count();
  return static_cast<double>(steps * bytes_per_step) / seconds / 1e6;
}

}  // namespace sshtune::probes
