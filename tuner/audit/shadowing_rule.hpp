#pragma once
// shadowed-setting: a Ciphers, MACs, KexAlgorithms or Compression line inside a
// Host/Match block that never takes effect for a host because an earlier line won
// (the classic mistake: `Host *` first).

#include "tuner/audit/finding.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <functional>
#include <string>
#include <vector>

namespace sshtune::audit {

// The scope label ("Host ..." patterns, "Match ...", "*") of a config line.
using ScopeOf = std::function<std::string(const sshconfig::Origin& line)>;

// A warn for each such dead line of one evaluated host, located at the dead line.
// Dead lines in catch-all blocks (`Host *`, `Match all`) are fallbacks by design and are skipped;
// so are those whose own or winning block is a Match with exec (the audit runs no command, so
// whether that block applies is unknowable).
std::vector<Finding> audit_shadowed_settings(const sshconfig::Evaluation& evaluation, const ScopeOf& scope_of);

}  // namespace sshtune::audit
