#pragma once
// Elapsed time, the one way the probes measure it (a monotonic clock).

#include <chrono>

namespace sshtune {

// Seconds from `start` until now, on the steady clock.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace sshtune
