#pragma once
// The speed figures the slow-setting rules quote in their messages: a measured
// host's ssh trials when the cache has them, else this CPU's benchmark. Only
// ciphers that could replace the one judged count as "the fastest": ones the
// local ssh supports (and the server offers, when known) at or above the
// policy's security floor.

#include "probes/crypto_bench.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/measured_host.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// One cipher and how fast it moved data.
struct CipherFigure {
  std::string cipher;
  double mb_per_s = 0;
};

// True when `cipher` may be recommended: the local ssh supports it, `server` (when
// not null) offers it, and its catalog tier is at or above the floor (or allowed).
bool usable_cipher(const std::string& cipher, const AlgorithmContext& context,
                   const std::vector<std::string>* server = nullptr);

// The benchmark's figure for `cipher`, when it was timed.
std::optional<double> local_speed(const std::vector<probes::CipherSpeed>& speeds, const std::string& cipher);

// The fastest usable cipher of the benchmark; nullopt when nothing usable was timed.
std::optional<CipherFigure> fastest_local(const std::vector<probes::CipherSpeed>& speeds,
                                          const AlgorithmContext& context,
                                          const std::vector<std::string>* server = nullptr);

// The fastest usable cipher of a host's trials; nullopt without trials.
std::optional<CipherFigure> fastest_trial(const MeasuredHost& facts, const AlgorithmContext& context);

// "0.55×" (two decimals, for ratios of speeds).
std::string times(double ratio);

}  // namespace sshtune::audit
