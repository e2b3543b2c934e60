#pragma once
// slow-cipher: a Ciphers line that prefers a cipher running far below the fastest
// one on this CPU, judged from the local benchmark (probes/crypto_bench).

#include "probes/crypto_bench.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/finding.hpp"

#include <vector>

namespace sshtune::audit {

// A cipher slower than this fraction of the fastest available one is "far below" it
// (3des-cbc runs at about 1% of AES-GCM; AES-CTR and ChaCha20 stay well above).
inline constexpr double k_slow_fraction = 0.10;

// A warn for each cipher a plain or '^' Ciphers line puts ahead of its first fast
// cipher (ssh negotiates the first one the server accepts). '+' and '-' lines keep
// the defaults first and yield nothing; so do ciphers the benchmark lacks.
std::vector<Finding> audit_slow_ciphers(const AlgorithmLine& line, const std::vector<probes::CipherSpeed>& speeds);

}  // namespace sshtune::audit
