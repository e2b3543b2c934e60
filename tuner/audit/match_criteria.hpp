#pragma once
// What an audit can know about a Match line without evaluating it: its criteria
// as ssh 9.2 splits them, and whether its outcome depends on running a command
// (exec), which an audit never does.

#include <string>
#include <vector>

namespace sshtune::audit {

// One criterion of a Match line: the attribute lower-cased without its '!', and
// its argument ("" for all, canonical and final, which take none).
struct MatchCriterion {
  std::string attribute;
  bool negated = false;
  std::string argument;
};

// The criteria of a Match line's raw arguments, split as ssh 9.2 splits them
// (strdelim: only '"' quotes, '=' separates), up to a comment. A malformed line
// gives the criteria read before the fault (ssh rejects it anyway).
std::vector<MatchCriterion> match_criteria(const std::string& rest);

// True when a criterion is exec: whether the line matches is unknowable until the
// command runs.
bool needs_exec(const std::vector<MatchCriterion>& criteria);

// True for the scope label of a line (see line_scopes) that is a Match block
// whose outcome needs an exec command.
bool scope_needs_exec(const std::string& scope);

}  // namespace sshtune::audit
