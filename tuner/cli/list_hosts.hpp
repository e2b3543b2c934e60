#pragma once
// `ssh-tune config --list-hosts [-F FILE]`: the host aliases the ssh config files
// name, for shell completion (completions/ssh-tune.bash, completions/_ssh-tune).

#include "tuner/cli/command.hpp"

#include <optional>
#include <string>

namespace sshtune::cli {

// Prints, one per line and each once, every concrete alias of the files ssh reads
// (the -F file, or ~/.ssh/config and /etc/ssh/ssh_config) and their Includes: the
// wildcard-free, non-negated patterns of Host lines and of Match host criteria.
// Nothing for absent files; an io error naming an existing file that cannot be read.
Result<ExitCode> list_hosts(const std::optional<std::string>& config_file, Io& io);

}  // namespace sshtune::cli
