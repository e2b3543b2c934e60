#pragma once
// The cipher a Ciphers setting puts first is the one ssh negotiates with every
// server that offers it, so it decides the speed of every transfer:
// - slow-first-cipher: that cipher moves less than the policy's
//   audit.slow_first_fraction of the fastest cipher both ends support, by a
//   measured host's trials (per host) or else by this CPU's benchmark (per line);
// - weak-first-cipher: a '^' list puts a weak cipher ahead of every default.

#include "probes/core/cipher_speed.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/audit/measured_host.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// The cipher a Ciphers value makes ssh offer first: the first name of a plain or
// '^' list, the first default a '-' list leaves (as `client` assembles it);
// nullopt for a '+' list (it keeps the defaults' first) or a list ssh rejects.
std::optional<std::string> first_cipher(const std::string& value, const sshconfig::ClientCapabilities& client);

// slow-first-cipher for one Ciphers line by this CPU's benchmark, against the
// fastest cipher the local ssh supports at or above the security floor. Nothing
// for a first cipher below the floor (the algo-* rules judge it), one the
// benchmark lacks, or, in a plain or '^' list, one below audit.slow_cipher_fraction
// (slow-cipher reports it).
std::optional<Finding> audit_first_cipher_line(const AlgorithmLine& line,
                                               const std::vector<probes::CipherSpeed>& speeds,
                                               const AlgorithmContext& context);

// Whether a measured host's trials can judge its effective Ciphers: the setting
// comes from a line (`raw_value` is that line's value) that is not a '+' list, and
// the trials timed both the cipher it negotiates (its first one the server offers)
// and a fastest one at or above the floor.
bool trials_judge_ciphers(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                          const std::string& raw_value, const AlgorithmContext& context);

// slow-first-cipher for one measured host by its trials (when they judge it, see
// above), located at the line its Ciphers come from.
std::optional<Finding> audit_first_cipher_trials(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                                                 const std::string& raw_value, const AlgorithmContext& context);

// weak-first-cipher for one Ciphers line: a '^' list whose first name the catalog
// rates weak. The fix turns '^' into '+': the names stay available, last.
std::optional<Finding> audit_weak_first_cipher(const AlgorithmLine& line, const AlgorithmContext& context);

}  // namespace sshtune::audit
