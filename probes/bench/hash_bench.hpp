#pragma once
// How fast this machine's `sha256sum` hashes a file: what the one-big-file snippet's verification costs.
// That snippet hashes the whole file here while its parts cross, and again at the other end once they
// have; the other end is taken to hash as fast as this one (a measurement of it would cost a session).

#include "base/clock.hpp"

#include <cstdint>
#include <optional>

namespace sshtune::probes {

// Runs `sha256sum` with its stdin a memory file of `bytes` bytes (as `sha256sum < FILE` reads one) and
// returns the 10^6 bytes per second it took on `clock`, start-up included; nullopt when sha256sum cannot
// run or fails.
std::optional<double> sha256sum_mb_per_s(const Clock& clock, std::uint64_t bytes = std::uint64_t{32} << 20);

}  // namespace sshtune::probes
