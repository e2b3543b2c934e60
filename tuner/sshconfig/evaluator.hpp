#pragma once
// Effective ssh configuration for one destination, computed exactly as the
// client's release (8.0 to 10.6, see release.hpp) of `ssh -G` does (command line, then the -F file or ~/.ssh/config
// followed by /etc/ssh/ssh_config; first value wins; a second pass for Match final / CanonicalizeHostname), with the
// file:line every value came from.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "base/result.hpp"
#include "tuner/sshconfig/match.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

class ConfigCache;  // config_cache.hpp

// Where a value came from: a file and 1-based line, "command-line" (line 0), or
// nothing for ssh's built-in default.
struct Origin {
  std::string file;
  std::size_t line = 0;
  bool is_default() const { return file.empty(); }
  // "FILE:LINE", "command-line" or "default".
  std::string to_string() const;
};

// One line of `ssh -G` output: keyword as ssh prints it, value, and origin.
struct Setting {
  std::string keyword;
  std::string value;
  Origin origin;
  bool keyword_only = false;  // printed as the keyword alone, no blank (8.4's empty CanonicalDomains)
};

// An active line whose value was ignored because an earlier line already set the
// option (first value wins). `scoped` is true when the dead line is inside a
// Host/Match block, the case worth warning about.
struct DeadLine {
  std::string keyword;
  Origin dead;
  Origin winner;
  bool scoped = false;
};

// One -l, -p or -o flag of an ssh command line (`flag` is 'l', 'p' or 'o').
struct CommandLineFlag {
  char flag;
  std::string value;
};

// The destination and the command-line flags, as given to ssh.
struct EvalRequest {
  std::string host;                    // as typed: "host", "user@host" or "ssh://user@host:port"
  std::optional<std::string> user;     // -l, applied before every flag below
  std::optional<std::string> port;     // -p, likewise
  std::vector<std::string> options;    // -o KEY=VALUE (or "KEY VALUE"), in order, likewise
  std::vector<CommandLineFlag> flags;  // -l / -p / -o in command-line order, after the three above
  std::size_t flags_before_host = static_cast<std::size_t>(-1);  // how many of `flags` precede the destination
  std::optional<std::filesystem::path> config_file;              // -F; "none" reads no file
  std::optional<std::filesystem::path> user_config;  // default: $HOME/.ssh/config (passwd home if HOME is unset)
  std::filesystem::path system_config = "/etc/ssh/ssh_config";
  ExecRunner exec;  // unset: Match exec is not run (a failing command, recorded)
  // Shared by many evaluations of the same files (same result, each file read and
  // parsed once, inert blocks skipped); used only when made for the evaluating client.
  ConfigCache* cache = nullptr;
};

// A Match exec command that was not run because the request had no runner.
struct SkippedExec {
  Origin line;          // the Match line
  std::string command;  // after %-expansion
};

// The result: settings in `ssh -G` order, plus notes and dead lines.
struct Evaluation {
  std::string host;
  std::vector<Setting> settings;
  std::vector<std::string> notes;
  std::vector<DeadLine> dead_lines;
  std::vector<SkippedExec> skipped_exec;
  bool final_pass = false;
  // The first value printed for a keyword (lower-case -G name), if any.
  std::optional<std::string> value(const std::string& keyword) const;
  // Every value printed for a keyword (identityfile, sendenv, ... print several lines).
  std::vector<std::string> values(const std::string& keyword) const;
  // The origin of a keyword's first line (default origin if absent).
  Origin origin(const std::string& keyword) const;
};

// Evaluates the configuration; an invalid_input error (one line naming file:line)
// wherever ssh would exit 255 (a bad line, a value ssh refuses after reading, such
// as ForkAfterAuthentication without a command, or a token that does not expand),
// or where ssh's result is unusable (an algorithm list that expands to nothing or
// is invalid); a usage error for a destination or flag ssh's command line refuses.
Result<Evaluation> evaluate(const EvalRequest& request, const ClientCapabilities& client);

// Runs `command` with $SHELL -c (or /bin/sh when SHELL is unset), stdin and stdout
// on /dev/null, and returns its exit status: the default runner for Match exec.
// Error when the shell is not executable or the command was killed by a signal.
Result<int> run_in_shell(const std::string& command);

}  // namespace sshtune::sshconfig
