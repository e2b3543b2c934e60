#pragma once
// Handlers of the subcommands listed in command_table.cpp. Each parses its own
// flags (see parse_flags) and returns an exit code or an Error; none exits.

#include "tuner/command.hpp"

namespace sshtune {

// `ssh-tune cpu [--json] [--sample PATH]`: CPU crypto features and local speeds.
Result<ExitCode> run_cpu(const Args& args, Io& io);

// `ssh-tune apply HOST --ciphers LIST --compression yes|no [-F FILE] [--dry-run]`:
// writes HOST's block into the managed file included from the top of the config.
Result<ExitCode> run_apply(const Args& args, Io& io);

// `ssh-tune revert HOST|--all [-F FILE] [--dry-run]`: removes what apply added.
Result<ExitCode> run_revert(const Args& args, Io& io);

// `ssh-tune config HOST [-F FILE] [-l USER] [-p PORT] [-o K=V]... [--match-exec] [--json]`:
// effective settings in `ssh -G` order with the file:line each came from.
Result<ExitCode> run_config(const Args& args, Io& io);

}  // namespace sshtune
