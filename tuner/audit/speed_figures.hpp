#pragma once
// The speed figures the slow-setting rules quote in their messages: a measured
// host's ssh trials when the cache has them, else this CPU's benchmark. Only
// ciphers that could replace the one judged count as "the fastest": ones the
// local ssh supports (and the server offers, when known) at or above the
// policy's security floor.

#include "probes/core/cipher_speed.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/measured_host.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// One cipher and how fast it moved data; for "the fastest", also the usable
// ciphers within the policy's speed_noise of it (fastest first), which the
// figures cannot tell apart from it.
struct CipherFigure {
  std::string cipher;
  double mb_per_s = 0;
  std::vector<CipherFigure> peers = {};
};

// True when `cipher` may be recommended: the local ssh supports it, `server` (when
// not null) offers it, and its catalog tier is at or above the floor (or allowed).
bool usable_cipher(const std::string& cipher, const AlgorithmContext& context,
                   const std::vector<std::string>* server = nullptr);

// The benchmark's figure for `cipher`, when it was timed.
std::optional<double> local_speed(const std::vector<probes::CipherSpeed>& speeds, const std::string& cipher);

// The fastest usable cipher of the benchmark (its medians), with its peers;
// nullopt when nothing usable was timed.
std::optional<CipherFigure> fastest_local(const std::vector<probes::CipherSpeed>& speeds,
                                          const AlgorithmContext& context,
                                          const std::vector<std::string>* server = nullptr);

// The fastest usable cipher of a host's trials, with its peers; nullopt without trials.
std::optional<CipherFigure> fastest_trial(const MeasuredHost& facts, const AlgorithmContext& context);

// "0.55×" (two decimals, for ratios of speeds; the sign is base/message.hpp's k_times_sign).
std::string times(double ratio);

// A figure as messages name it: "aes128-gcm@openssh.com (4500 MB/s)".
std::string fastest_text(const CipherFigure& best);

// "" without peers, else "; aes256-gcm@openssh.com (4300 MB/s) is within the
// figures' 10% noise of it" (the policy's speed_noise), to follow what names the fastest.
std::string peers_text(const CipherFigure& best, const AlgorithmContext& context);

// first_choices() as text: "aes256-gcm@openssh.com or aes128-gcm@openssh.com".
std::string choices_text(const CipherFigure& best, const AlgorithmContext& context);

// The ciphers to advise putting first: the fastest and its peers, stronger first
// (rules::stronger), so the advice does not turn on which of them the noise put ahead:
// "aes256-gcm@openssh.com or aes128-gcm@openssh.com".
std::vector<std::string> first_choices(const CipherFigure& best, const AlgorithmContext& context);

}  // namespace sshtune::audit
