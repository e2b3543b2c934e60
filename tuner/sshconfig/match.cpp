#include "tuner/sshconfig/match.hpp"

#include "tuner/sshconfig/local_network.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokenizer.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <algorithm>
#include <array>
#include <span>

namespace sshtune::sshconfig {
namespace {

// The words of a Match line in the order ssh reads them: strdelim() over the raw
// text before 9.9, the argv_split() words from 9.9 on.
class MatchWords {
 public:
  MatchWords(const std::string& rest, const OpensshVersion& release) : m_argv(release.since(9, 9)) {
    m_delim = DelimCursor{rest, 0};
    if (!m_argv) return;
    for (Token& token : argv_split(rest).tokens) m_words.push_back(std::move(token.value));
  }
  // The next word, or nullopt at the end (or, with strdelim, an unmatched quote).
  std::optional<std::string> next() {
    if (!m_argv) return strdelim(m_delim);
    if (m_at == m_words.size()) return std::nullopt;
    return m_words[m_at++];
  }
  // Marks every word read (a comment ends the line).
  void consume() {
    m_delim.pos = std::string::npos;
    m_at = m_words.size();
  }
  // Whether words are left unread.
  bool leftover() const {
    if (m_argv) return m_at < m_words.size();
    return m_delim.pos != std::string::npos && m_delim.pos < m_delim.text.size();
  }

 private:
  bool m_argv;
  DelimCursor m_delim;
  std::vector<std::string> m_words;
  std::size_t m_at = 0;
};

constexpr std::array<std::string_view, 5> k_always{"host", "originalhost", "user", "localuser", "exec"};
// 10.0's "criterion=argument" prefixes (sessiontype is not among them).
constexpr std::array<std::string_view, 9> k_with_equals{
    "host", "originalhost", "user", "localuser", "localnetwork", "version", "tagged", "command", "exec"};

bool listed(std::span<const std::string_view> names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Whether `release` knows a criterion that takes an argument.
bool known_attribute(const std::string& attribute, const OpensshVersion& release) {
  if (listed(k_always, attribute)) return true;
  if (attribute == "tagged" || attribute == "localnetwork") return release.since(9, 4);
  return release.since(10, 0) && (attribute == "version" || attribute == "sessiontype" || attribute == "command");
}

bool unusable(const std::optional<std::string>& token) { return !token || token->empty() || (*token)[0] == '#'; }

// The "all" criterion: it must come alone (or after one other), and ends the line.
void split_all(MatchWords& words, const std::string& spelled, MatchSplit& split) {
  const std::optional<std::string> next = words.next();
  if (split.criteria.size() > 1 || (next && !next->empty() && (*next)[0] != '#')) {
    split.error = "'" + spelled + "' cannot be combined with other Match attributes";
    return;
  }
  if (next && !next->empty() && (*next)[0] == '#') words.consume();
  split.criteria.push_back(MatchCriterion{"all", spelled.starts_with('!'), ""});
}

// 10.0's "host=foo": the attribute and argument of one word, if it has that form.
std::optional<std::pair<std::string, std::string>> equals_form(const std::string& attribute) {
  const std::size_t equals = attribute.find('=');
  if (equals == std::string::npos) return std::nullopt;
  const std::string name = ascii_lower(attribute.substr(0, equals));
  if (!listed(k_with_equals, name)) return std::nullopt;
  return std::pair{name, attribute.substr(equals + 1)};
}

// The argument of a criterion, or ssh's message when it has none.
Result<std::string> argument_of(MatchWords& words, const std::string& spelled, const std::string& attribute,
                                const OpensshVersion& release) {
  const std::optional<std::string> argument = words.next();
  const Error missing{ErrorKind::invalid_input, "Missing Match criteria for " + attribute};
  if (!release.since(10, 0)) return unusable(argument) ? Result<std::string>(missing) : *argument;
  if (!argument) return Error{ErrorKind::invalid_input, "missing argument for Match '" + spelled + "'"};
  return *argument;
}

// 10.0: an empty argument counts only for tagged and command.
bool empty_allowed(const std::string& attribute, const OpensshVersion& release) {
  return release.since(10, 0) && (attribute == "tagged" || attribute == "command");
}

// One criterion from `spelled`; false when the line ends here (all, or an error).
bool split_one(MatchWords& words, const std::string& spelled, const OpensshVersion& release, MatchSplit& split) {
  MatchCriterion criterion;
  criterion.negated = spelled.starts_with('!');
  std::string attribute = criterion.negated ? spelled.substr(1) : spelled;
  criterion.attribute = ascii_lower(attribute);
  if (criterion.attribute == "all") {
    split_all(words, spelled, split);
    return false;
  }
  if (criterion.attribute == "canonical" || criterion.attribute == "final") {
    split.criteria.push_back(std::move(criterion));
    return true;
  }
  std::optional<std::pair<std::string, std::string>> inline_form;
  if (release.since(10, 0)) inline_form = equals_form(attribute);
  Result<std::string> argument =
      inline_form ? Result<std::string>(inline_form->second) : argument_of(words, spelled, attribute, release);
  if (inline_form) attribute = attribute.substr(0, attribute.find('='));
  criterion.attribute = ascii_lower(attribute);
  if (argument && argument.value().empty() && !empty_allowed(criterion.attribute, release)) {
    argument = Error{ErrorKind::invalid_input, "Missing Match criteria for " + attribute};
  }
  if (argument && argument.value().starts_with('#')) {
    argument = Error{ErrorKind::invalid_input, "Missing Match criteria for " + attribute};
  }
  if (!argument || !known_attribute(criterion.attribute, release)) {
    split.error = argument ? "Unsupported Match attribute " + attribute : argument.error().message;
    return false;
  }
  criterion.argument = std::move(argument).value();
  split.criteria.push_back(std::move(criterion));
  return true;
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

// Tagged and command (10.0): an empty value matches only an empty argument.
bool match_value(const std::string& value, const std::string& arg, const MatchContext& context) {
  if (value.empty() && context.release.since(10, 0)) return arg.empty();
  return match_pattern_list(value, arg, false) == 1;
}

// What `ssh -G` (no command) is about to run: SessionType's choice, else a shell.
std::string session_kind(const MatchContext& context) {
  if (context.session_type == 1) return "subsystem";
  if (context.session_type == 0) return "none";
  return "shell";
}

// The criteria that need no command run; nullopt for exec.
std::optional<bool> test_plain(const MatchCriterion& criterion, const MatchContext& context) {
  const std::string& arg = criterion.argument;
  const std::string& name = criterion.attribute;
  if (name == "host") return match_hostname(context.host, arg) == 1;
  if (name == "originalhost") return match_hostname(context.original_host, arg) == 1;
  if (name == "user") return match_pattern_list(context.remote_user, arg, false) == 1;
  if (name == "localuser") return match_pattern_list(context.local_user, arg, false) == 1;
  if (name == "localnetwork") return local_network_matches(arg);
  if (name == "version") return match_pattern_list(context.ssh_release, arg, false) == 1;
  if (name == "tagged") return match_value(context.tag, arg, context);
  if (name == "command") return match_value("", arg, context);
  if (name == "sessiontype") return match_pattern_list(session_kind(context), arg, false) == 1;
  return std::nullopt;
}

// One criterion with an argument. exec is expanded always (a bad token is fatal)
// but run only while every earlier criterion matched, as ssh does.
Result<bool> test_criterion(const MatchCriterion& criterion, const MatchContext& context, bool earlier_ok,
                            MatchOutcome& outcome) {
  if (const std::optional<bool> plain = test_plain(criterion, context)) return *plain;
  SSHTUNE_TRY(command, expand_match_tokens(criterion.argument, context, false));
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

// "final" asks for the second pass; from 10.1 on a negated "!final" does not.
bool requests_final_pass(const MatchCriterion& criterion, const OpensshVersion& release) {
  return criterion.attribute == "final" && !(criterion.negated && release.since(10, 1));
}

// localnetwork's list must be well formed (addr_match_cidr_list(NULL, list)).
std::optional<std::string> network_problem(const MatchSplit& split) {
  for (const MatchCriterion& criterion : split.criteria) {
    if (criterion.attribute != "localnetwork") continue;
    if (std::optional<std::string> problem = cidr_list_problem(criterion.argument)) return problem;
  }
  return std::nullopt;
}

}  // namespace

Result<std::string> expand_match_tokens(const std::string& text, const MatchContext& context, bool dollar) {
  const ConnectionFacts facts{context.local_hostname, context.host, context.original_host,
                              context.host_key_alias, context.port, context.remote_user,
                              context.local_user,     context.home, context.uid,
                              context.jump_host};
  Result<std::string> expanded = expand_tokens(text, connection_tokens(facts, context.release), dollar);
  if (!expanded) return Error{ErrorKind::invalid_input, "percent_expand: " + expanded.error().message};
  return expanded;
}

MatchSplit split_match(const std::string& rest, const OpensshVersion& release) {
  MatchSplit split;
  MatchWords words(rest, release);
  for (;;) {
    const std::optional<std::string> spelled = words.next();
    if (!spelled || (spelled->empty() && !release.since(9, 9))) break;
    if (spelled->starts_with('#')) {
      words.consume();
      break;
    }
    if (!split_one(words, *spelled, release, split)) break;
  }
  if (!split.error) split.error = network_problem(split);
  if (!split.error && split.criteria.empty()) split.error = "One or more attributes required for Match";
  split.leftover = words.leftover();
  return split;
}

bool needs_exec(const std::vector<MatchCriterion>& criteria) {
  return std::any_of(criteria.begin(), criteria.end(),
                     [](const MatchCriterion& criterion) { return criterion.attribute == "exec"; });
}

MatchOutcome evaluate_match(const std::string& rest, const MatchContext* context, const OpensshVersion& release) {
  MatchOutcome outcome;
  const MatchSplit split = split_match(rest, context ? context->release : release);
  outcome.leftover = split.leftover;
  if (split.error) {
    outcome.error = split.error;
    return outcome;
  }
  const OpensshVersion& dialect = context ? context->release : release;
  for (const MatchCriterion& criterion : split.criteria) {
    outcome.wants_final_pass = outcome.wants_final_pass || requests_final_pass(criterion, dialect);
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

}  // namespace sshtune::sshconfig
