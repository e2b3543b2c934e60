#include "tuner/audit/match_criteria.hpp"

namespace sshtune::audit {
namespace {

constexpr std::string_view k_match_scope = "Match ";

}  // namespace

std::vector<MatchCriterion> match_criteria(const std::string& rest) { return sshconfig::split_match(rest).criteria; }

bool scope_needs_exec(const std::string& scope) {
  return scope.starts_with(k_match_scope) && needs_exec(match_criteria(scope.substr(k_match_scope.size())));
}

}  // namespace sshtune::audit
