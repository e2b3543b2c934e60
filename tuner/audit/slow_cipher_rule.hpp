#pragma once
// slow-cipher: a Ciphers line that prefers a cipher running far below the fastest
// one on this CPU that could replace it, judged from the local benchmark
// (probes/bench/crypto_bench.hpp; see speed_figures.hpp for "the fastest").

#include "probes/core/cipher_speed.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/finding.hpp"

#include <vector>

namespace sshtune::audit {

// A warn for each cipher a plain or '^' Ciphers line puts ahead of its first fast
// cipher (ssh negotiates the first one the server accepts); a cipher is slow below
// the policy's audit.slow_cipher_fraction of the fastest usable one (supported by
// the local ssh, at or above the security floor). '+' and '-' lines keep the
// defaults first and yield nothing; so do ciphers the benchmark lacks.
std::vector<Finding> audit_slow_ciphers(const AlgorithmLine& line, const std::vector<probes::CipherSpeed>& speeds,
                                        const AlgorithmContext& context);

}  // namespace sshtune::audit
