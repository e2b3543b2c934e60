#pragma once
// Handlers of the subcommands listed in commands() (command.cpp). Each parses its own
// flags (see parse_command) and returns an exit code or an Error; none exits.

#include "tuner/cli/command.hpp"

namespace sshtune::cli {

// `ssh-tune host HOST [...]` (also `ssh-tune HOST`): probe, decide, show, optionally write.
Result<ExitCode> run_host(const Args& args, Io& io);

// `ssh-tune cpu [--json] [--sample PATH]`: CPU crypto features and local speeds.
Result<ExitCode> run_cpu(const Args& args, Io& io);

// `ssh-tune apply HOST --ciphers LIST --compression yes|no [-F FILE] [--dry-run]`:
// writes HOST's block into the managed file included from the top of the config.
Result<ExitCode> run_apply(const Args& args, Io& io);

// `ssh-tune revert HOST|--all [-F FILE] [--dry-run]`: removes what apply added.
Result<ExitCode> run_revert(const Args& args, Io& io);

// `ssh-tune config HOST [-F FILE] [-l USER] [-p PORT] [-o K=V]... [--no-exec] [--json]`:
// effective settings in `ssh -G` order with the file:line each came from.
Result<ExitCode> run_config(const Args& args, Io& io);

// `ssh-tune audit [-F FILE] [--host H]... [--sshd FILE] [--server HOST[:PORT]]... [--json]
// [--fail-on warn|fail] [--fix] [--dry-run]`: findings with file:line and fix; exit 0, 2 or 3 by the
// worst (after --fix, by what remains). --fix rewrites the flagged lines through the config editor;
// --dry-run prints the diff and writes nothing.
Result<ExitCode> run_audit(const Args& args, Io& io);

// `ssh-tune snippet HOST --for ssh-config|rsync|scp|sftp|ssh|parallel [--json]`: one
// snippet rendered from HOST's cached decision; error if HOST was never measured,
// its entry fails the cache checks, or HOST breaks sshconfig::check_destination (64).
Result<ExitCode> run_snippet(const Args& args, Io& io);

// `ssh-tune ssh [ssh arguments...]`: execs ssh with -c and -o Compression= from
// the destination's cached decision added unless given; returns only on failure
// (a destination that breaks sshconfig::check_destination is refused, exit 64).
Result<ExitCode> run_ssh(const Args& args, Io& io);

}  // namespace sshtune::cli
