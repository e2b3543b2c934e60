#include "tuner/sshconfig/match.hpp"

#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokenizer.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <algorithm>
#include <array>

namespace sshtune::config {
namespace {

constexpr std::array<std::string_view, 5> k_with_argument{"host", "originalhost", "user", "localuser", "exec"};

bool unusable(const std::optional<std::string>& token) { return !token || token->empty() || (*token)[0] == '#'; }

// The "all" criterion: it must come alone (or after one other), and ends the line.
void split_all(DelimCursor& cursor, const std::string& spelled, MatchSplit& split) {
  const std::optional<std::string> next = strdelim(cursor);
  if (split.criteria.size() > 1 || (next && !next->empty() && (*next)[0] != '#')) {
    split.error = "'" + spelled + "' cannot be combined with other Match attributes";
    return;
  }
  if (next && !next->empty() && (*next)[0] == '#') cursor.pos = std::string::npos;
  split.criteria.push_back(MatchCriterion{"all", spelled[0] == '!', ""});
}

// One criterion from `spelled`; false when the line ends here (all, or an error).
bool split_one(DelimCursor& cursor, const std::string& spelled, MatchSplit& split) {
  MatchCriterion criterion;
  criterion.negated = spelled[0] == '!';
  const std::string attribute = criterion.negated ? spelled.substr(1) : spelled;
  criterion.attribute = ascii_lower(attribute);
  if (criterion.attribute == "all") {
    split_all(cursor, spelled, split);
    return false;
  }
  if (criterion.attribute != "canonical" && criterion.attribute != "final") {
    const std::optional<std::string> argument = strdelim(cursor);
    const bool known =
        std::find(k_with_argument.begin(), k_with_argument.end(), criterion.attribute) != k_with_argument.end();
    if (unusable(argument) || !known) {
      split.error =
          unusable(argument) ? "Missing Match criteria for " + attribute : "Unsupported Match attribute " + attribute;
      return false;
    }
    criterion.argument = *argument;
  }
  split.criteria.push_back(std::move(criterion));
  return true;
}

// percent_expand() of an exec command with match_cfg_line()'s tokens.
Result<std::string> expand_exec(const std::string& command, const MatchContext& context) {
  const ConnectionFacts facts{context.local_hostname, context.host, context.original_host,
                              context.host_key_alias, context.port, context.remote_user,
                              context.local_user,     context.home, context.uid};
  Result<std::string> expanded = expand_tokens(command, connection_tokens(facts), false);
  if (!expanded) return Error{ErrorKind::invalid_input, "percent_expand: " + expanded.error().message};
  return expanded;
}

// Runs (or records as skipped) an exec criterion; whether the command succeeded.
Result<bool> run_exec(const std::string& command, const MatchContext& context, MatchOutcome& outcome) {
  if (context.exec == nullptr || !*context.exec) {
    outcome.skipped_exec.push_back(command);
    return false;
  }
  const Result<int> status = (*context.exec)(command);
  if (!status)
    return Error{ErrorKind::invalid_input,
                 "match exec '" + command.substr(0, 100) + "' error: " + status.error().message};
  return status.value() == 0;
}

// One criterion with an argument. exec is expanded always (a bad token is fatal)
// but run only while every earlier criterion matched, as ssh does.
Result<bool> test_criterion(const MatchCriterion& criterion, const MatchContext& context, bool earlier_ok,
                            MatchOutcome& outcome) {
  const std::string& arg = criterion.argument;
  if (criterion.attribute == "host") return match_hostname(context.host, arg) == 1;
  if (criterion.attribute == "originalhost") return match_hostname(context.original_host, arg) == 1;
  if (criterion.attribute == "user") return match_pattern_list(context.remote_user, arg, false) == 1;
  if (criterion.attribute == "localuser") return match_pattern_list(context.local_user, arg, false) == 1;
  SSHTUNE_TRY(command, expand_exec(arg, context));
  if (!earlier_ok) return !criterion.negated;  // skipped: leaves the (already false) result alone
  return run_exec(command, context, outcome);
}

// Evaluates the split criteria against `context`; errors only from exec.
Result<bool> evaluate_criteria(const MatchSplit& split, const MatchContext& context, MatchOutcome& outcome) {
  bool result = true;
  for (const MatchCriterion& criterion : split.criteria) {
    if (criterion.attribute == "all") return result && !criterion.negated;
    bool value = context.final_pass;
    if (criterion.attribute != "canonical" && criterion.attribute != "final") {
      SSHTUNE_TRY(tested, test_criterion(criterion, context, result, outcome));
      value = tested;
    }
    if (value == criterion.negated) result = false;
  }
  return result;
}

}  // namespace

MatchSplit split_match(const std::string& rest) {
  MatchSplit split;
  DelimCursor cursor{rest, 0};
  for (;;) {
    const std::optional<std::string> spelled = strdelim(cursor);
    if (!spelled || spelled->empty()) break;
    if ((*spelled)[0] == '#') {
      cursor.pos = std::string::npos;
      break;
    }
    if (!split_one(cursor, *spelled, split)) break;
  }
  if (!split.error && split.criteria.empty()) split.error = "One or more attributes required for Match";
  split.leftover = cursor.pos != std::string::npos && cursor.pos < cursor.text.size();
  return split;
}

bool needs_exec(const std::vector<MatchCriterion>& criteria) {
  return std::any_of(criteria.begin(), criteria.end(),
                     [](const MatchCriterion& criterion) { return criterion.attribute == "exec"; });
}

MatchOutcome evaluate_match(const std::string& rest, const MatchContext* context) {
  MatchOutcome outcome;
  const MatchSplit split = split_match(rest);
  outcome.leftover = split.leftover;
  if (split.error) {
    outcome.error = split.error;
    return outcome;
  }
  for (const MatchCriterion& criterion : split.criteria) {
    outcome.wants_final_pass = outcome.wants_final_pass || criterion.attribute == "final";
  }
  if (context == nullptr) return outcome;
  const Result<bool> matched = evaluate_criteria(split, *context, outcome);
  if (!matched) {
    outcome.error = matched.error().message;
    outcome.fatal = true;
    return outcome;
  }
  outcome.matched = matched.value();
  return outcome;
}

}  // namespace sshtune::config
