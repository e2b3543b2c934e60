#pragma once
// Pass 7 of the host pipeline: the decision written into ssh_config through the
// editor (tuner/edit), the same locked, verified edit as `ssh-tune apply`.

#include "tuner/edit/editor.hpp"
#include "tuner/host/pipeline.hpp"

#include <optional>
#include <string>

namespace sshtune::host {

// Applies the outcome's decision for its host: `config` is -F (nullopt: ~/.ssh/config);
// with `dry_run` nothing is written and the report carries the diff. `env` is the
// editor's file system, client facts and ssh (tests pass fakes). Errors as apply's.
Result<edit::EditReport> write_decision(const HostOutcome& outcome, const std::optional<std::string>& config,
                                        bool dry_run, edit::EditEnv& env);

}  // namespace sshtune::host
