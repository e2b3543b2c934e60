#pragma once
// `ssh-tune host --write` over many hosts: every successful host's decision in
// one locked, verified edit through the editor (tuner/edit), so either all of
// them are written or none is.

#include "tuner/edit/editor.hpp"
#include "tuner/host/fleet.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::host {

// Applies the decision of every result that has an outcome (failed hosts are
// skipped) as one edit: `config` is -F (nullopt: ~/.ssh/config); with `dry_run`
// nothing is written and the report carries one diff of all hosts. No successful
// host changes nothing. Errors as apply's; then no file was modified.
Result<edit::EditReport> write_fleet(const std::vector<FleetResult>& results, const std::optional<std::string>& config,
                                     bool dry_run, edit::EditEnv& env);

}  // namespace sshtune::host
