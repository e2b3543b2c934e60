#pragma once
// What an audit can know about a Match line without evaluating it: its criteria
// as ssh 9.2 splits them (sshconfig::split_match, the one splitter), and whether its
// outcome depends on running a command (exec), which an audit never does.

#include "tuner/sshconfig/match.hpp"

#include <string>
#include <vector>

namespace sshtune::audit {

// One criterion of a Match line (attribute lower-cased without its '!', argument).
using MatchCriterion = sshconfig::MatchCriterion;

// The criteria of a Match line's raw arguments up to a comment. A malformed line
// gives the criteria read before the fault (ssh rejects it anyway).
std::vector<MatchCriterion> match_criteria(const std::string& rest);

// True when a criterion is exec: whether the line matches is unknowable until the
// command runs.
using sshconfig::needs_exec;

// True for the scope label of a line (see line_scopes) that is a Match block
// whose outcome needs an exec command.
bool scope_needs_exec(const std::string& scope);

}  // namespace sshtune::audit
