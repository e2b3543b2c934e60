#include "tuner/audit/match_criteria.hpp"

#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <algorithm>

namespace sshtune::audit {
namespace {

constexpr std::string_view k_match_scope = "Match ";

bool takes_no_argument(const std::string& attribute) {
  return attribute == "all" || attribute == "canonical" || attribute == "final";
}

}  // namespace

std::vector<MatchCriterion> match_criteria(const std::string& rest) {
  std::vector<MatchCriterion> criteria;
  config::DelimCursor cursor{rest, 0};
  for (;;) {
    const std::optional<std::string> word = config::strdelim(cursor);
    if (!word || word->empty() || (*word)[0] == '#') break;
    MatchCriterion criterion;
    criterion.negated = (*word)[0] == '!';
    criterion.attribute = config::ascii_lower(criterion.negated ? word->substr(1) : *word);
    if (!takes_no_argument(criterion.attribute)) {
      const std::optional<std::string> argument = config::strdelim(cursor);
      if (!argument || argument->empty() || (*argument)[0] == '#') break;
      criterion.argument = *argument;
    }
    criteria.push_back(std::move(criterion));
  }
  return criteria;
}

bool needs_exec(const std::vector<MatchCriterion>& criteria) {
  return std::any_of(criteria.begin(), criteria.end(),
                     [](const MatchCriterion& criterion) { return criterion.attribute == "exec"; });
}

bool scope_needs_exec(const std::string& scope) {
  return scope.starts_with(k_match_scope) && needs_exec(match_criteria(scope.substr(k_match_scope.size())));
}

}  // namespace sshtune::audit
