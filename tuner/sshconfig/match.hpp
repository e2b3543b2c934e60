#pragma once
// readconf.c match_cfg_line() for OpenSSH 8.0 to 10.6: the one splitter of a Match
// line that every reader of Match lines uses, and the evaluation of its ANDed
// criteria. Before 9.9 the line is split with strdelim (only '"' quotes, '='
// separates); from 9.9 on with argv_split (shell-like quotes), and 10.0 takes
// "criterion=argument" again. 9.4 adds tagged and localnetwork; 10.0 version,
// sessiontype and command; from 10.1 on a negated "!final" no longer asks for the
// final pass.

#include "base/openssh_version.hpp"
#include "base/result.hpp"
#include "tuner/sshconfig/release.hpp"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

// One criterion of a Match line: the attribute lower-cased without its '!', whether
// it was negated, and its argument ("" for all, canonical and final, which take none;
// 10.0's tagged and command may have an empty one).
struct MatchCriterion {
  std::string attribute;
  bool negated = false;
  std::string argument;
};

// A Match line as ssh splits it: the criteria in order up to a comment (an
// "all" ends the line), ssh's message for a malformed line ("Missing Match criteria
// for host", "Unsupported Match attribute x", ...; the criteria read before the
// fault are kept), and whether text was left unread (ssh then reports extra arguments).
struct MatchSplit {
  std::vector<MatchCriterion> criteria;
  std::optional<std::string> error;
  bool leftover = false;
};

// Splits the raw arguments of a Match line as `release` does.
MatchSplit split_match(const std::string& rest, const OpensshVersion& release = k_newest_known_release);

// True when a criterion is exec: whether the line matches is unknowable until the command runs.
bool needs_exec(const std::vector<MatchCriterion>& criteria);

// Runs a Match exec command through the shell; returns its exit status (0 = match)
// or an error if it could not be run.
using ExecRunner = std::function<Result<int>(const std::string& command)>;

// What a Match line is tested against, and the facts its exec tokens expand to.
struct MatchContext {
  std::string host;           // HostName with %h expanded if set, else the typed name; final name in pass 2
  std::string original_host;  // the name as typed
  std::string remote_user;    // User / -l if already set, else the local user
  std::string local_user;
  int port = 22;
  std::string host_key_alias;  // %k: HostKeyAlias if already set, else the host
  bool final_pass = false;
  const ExecRunner* exec = nullptr;  // null or empty: exec commands are not run
  std::string local_hostname;        // %l / %L
  std::string home;                  // %d, the passwd home
  unsigned long uid = 0;             // %i
  std::string jump_host;             // %j (9.6): the ProxyJump host already set, or ""
  std::string tag;                   // Tag already set (Match tagged), or ""
  int session_type = -1;             // SessionType already set (0 none, 1 subsystem, 2 default), or -1
  std::string ssh_release;           // SSH_RELEASE for Match version ("OpenSSH_10.0p2")
  OpensshVersion release = k_newest_known_release;
};

// The outcome of one Match line: an error (ssh's message; `fatal` when ssh exits at
// once, for a token that does not expand or an exec command that could not run,
// rather than counting a bad line), or whether it matched,
// whether it requested the final pass ("final" seen; before 10.1 even negated), the exec
// commands that were not run for want of a runner (each counts as a failing
// command), and whether the line had unconsumed arguments.
struct MatchOutcome {
  std::optional<std::string> error;
  bool fatal = false;
  bool matched = false;
  bool wants_final_pass = false;
  bool leftover = false;
  std::vector<std::string> skipped_exec;
};

// percent_expand() of `text` with match_cfg_line()'s tokens (a Match exec command;
// from 9.9 also an Include path, then with ${VAR} as `dollar` asks).
Result<std::string> expand_match_tokens(const std::string& text, const MatchContext& context, bool dollar);

// Evaluates the raw arguments of a Match line. With `context` null, only checks
// the syntax of `release` (else the context's release counts).
MatchOutcome evaluate_match(const std::string& rest, const MatchContext* context,
                            const OpensshVersion& release = k_newest_known_release);

}  // namespace sshtune::sshconfig
