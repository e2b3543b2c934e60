#pragma once
// Handlers of the subcommands listed in command_table.cpp. Each parses its own
// flags (see parse_flags) and returns an exit code or an Error; none exits.

#include "tuner/command.hpp"

namespace sshtune {

// `ssh-tune cpu [--json] [--sample PATH]`: CPU crypto features and local speeds.
Result<ExitCode> run_cpu(const Args& args, Io& io);

}  // namespace sshtune
