#pragma once
// readconf.c match_cfg_line() for OpenSSH 9.2: re-splits the Match line with
// strdelim (only '"' quotes, '=' separates) and evaluates its ANDed criteria.

#include "base/result.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::config {

// Runs a Match exec command through the shell; returns its exit status (0 = match)
// or an error if it could not be run.
using ExecRunner = std::function<Result<int>(const std::string& command)>;

// What a Match line is tested against. With `exec` unset, exec criteria are not
// run: they count as not matching and a note is recorded.
struct MatchContext {
  std::string host;           // HostName with %h expanded if set, else the typed name; final name in pass 2
  std::string original_host;  // the name as typed
  std::string remote_user;    // User / -l if already set, else the local user
  std::string local_user;
  int port = 22;
  bool final_pass = false;
  const ExecRunner* exec = nullptr;
  std::string local_hostname;  // for %l / %L in exec commands
};

// The outcome of one Match line: an error (ssh's message), or whether it matched,
// whether it requested the final pass ("final" seen, even negated), notes about
// unevaluated exec criteria, and whether the line had unconsumed arguments.
struct MatchOutcome {
  std::optional<std::string> error;
  bool matched = false;
  bool wants_final_pass = false;
  bool leftover = false;
  std::vector<std::string> notes;
};

// Evaluates the raw arguments of a Match line. With `context` null, only checks syntax.
MatchOutcome evaluate_match(const std::string& rest, const MatchContext* context);

}  // namespace sshtune::config
