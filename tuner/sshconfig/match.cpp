#include "tuner/sshconfig/match.hpp"
#include "base/paths.hpp"

#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <pwd.h>
#include <strings.h>
#include <unistd.h>

namespace sshtune::config {
namespace {

bool is_attribute(const std::string& attribute, const char* name) {
  return strcasecmp(attribute.c_str(), name) == 0;
}

// percent_expand() of an exec command; nullopt (with `why`) if ssh would refuse it
// or if it needs %C, which ssh-tune does not compute.
std::optional<std::string> expand_exec(const std::string& command, const MatchContext& context, std::string* why) {
  const std::string short_host = context.local_hostname.substr(0, context.local_hostname.find('.'));
  std::string out;
  for (std::size_t i = 0; i < command.size(); ++i) {
    if (command[i] != '%') {
      out += command[i];
      continue;
    }
    const char key = i + 1 < command.size() ? command[++i] : '\0';
    switch (key) {
      case '%': out += '%'; break;
      case 'h': out += context.host; break;
      case 'k': out += context.host; break;
      case 'n': out += context.original_host; break;
      case 'p': out += std::to_string(context.port); break;
      case 'r': out += context.remote_user; break;
      case 'u': out += context.local_user; break;
      case 'l': out += context.local_hostname; break;
      case 'L': out += short_host; break;
      case 'd': out += passwd_home(); break;
      case 'i': out += std::to_string(getuid()); break;
      case 'C': *why = "%C is not expanded by ssh-tune"; return std::nullopt;
      default: *why = std::string("percent_expand: unknown key %") + key; return std::nullopt;
    }
  }
  return out;
}

// One criterion with an argument; returns whether it matched (exec may add a note or error).
bool test_criterion(const std::string& attribute, const std::string& arg, const MatchContext& context,
                    bool earlier_ok, MatchOutcome& outcome) {
  if (is_attribute(attribute, "host")) return match_hostname(context.host, arg) == 1;
  if (is_attribute(attribute, "originalhost")) return match_hostname(context.original_host, arg) == 1;
  if (is_attribute(attribute, "user")) return match_pattern_list(context.remote_user, arg, false) == 1;
  if (is_attribute(attribute, "localuser")) return match_pattern_list(context.local_user, arg, false) == 1;
  std::string why;
  const auto command = expand_exec(arg, context, &why);
  if (!command && why.starts_with("percent_expand")) {
    outcome.error = why;
    return false;
  }
  // exec is skipped when an earlier criterion already failed, as ssh does.
  if (!earlier_ok) return false;
  if (!command || context.exec == nullptr || !*context.exec) {
    outcome.notes.push_back("Match exec \"" + arg + "\" not evaluated (" +
                            (command ? std::string("use --match-exec to run it") : why) + "); treated as not matching");
    return false;
  }
  const Result<int> status = (*context.exec)(*command);
  if (!status) {
    outcome.error = "match exec '" + command->substr(0, 100) + "' error";
    return false;
  }
  return status.value() == 0;
}

}  // namespace

MatchOutcome evaluate_match(const std::string& rest, const MatchContext* context) {
  MatchOutcome outcome;
  DelimCursor cursor{rest, 0};
  bool result = true;
  int attributes = 0;
  bool via_all = false;
  for (;;) {
    const std::optional<std::string> original = strdelim(cursor);
    if (!original || original->empty()) break;
    if ((*original)[0] == '#') {
      cursor.pos = std::string::npos;
      break;
    }
    const bool negate = (*original)[0] == '!';
    const std::string attribute = negate ? original->substr(1) : *original;
    if (is_attribute(attribute, "all")) {
      const std::optional<std::string> arg = strdelim(cursor);
      if (attributes > 1 || (arg && !arg->empty() && (*arg)[0] != '#')) {
        outcome.error = "'" + *original + "' cannot be combined with other Match attributes";
        return outcome;
      }
      if (arg && !arg->empty() && (*arg)[0] == '#') cursor.pos = std::string::npos;
      if (result) result = !negate;
      via_all = true;
      break;
    }
    ++attributes;
    if (is_attribute(attribute, "canonical") || is_attribute(attribute, "final")) {
      outcome.wants_final_pass = outcome.wants_final_pass || is_attribute(attribute, "final");
      const bool value = context != nullptr && context->final_pass;
      if (value == negate) result = false;
      continue;
    }
    const std::optional<std::string> arg = strdelim(cursor);
    if (!arg || arg->empty() || (*arg)[0] == '#') {
      outcome.error = "Missing Match criteria for " + attribute;
      return outcome;
    }
    static constexpr const char* k_known[] = {"host", "originalhost", "user", "localuser", "exec"};
    bool known = false;
    for (const char* name : k_known) known = known || is_attribute(attribute, name);
    if (!known) {
      outcome.error = "Unsupported Match attribute " + attribute;
      return outcome;
    }
    if (context != nullptr) {
      const bool value = test_criterion(attribute, *arg, *context, result, outcome);
      if (outcome.error) return outcome;
      if (value == negate) result = false;
    }
  }
  if (attributes == 0 && !via_all) {
    outcome.error = "One or more attributes required for Match";
    return outcome;
  }
  outcome.leftover = cursor.pos != std::string::npos && cursor.pos < cursor.text.size();
  outcome.matched = result;
  return outcome;
}

}  // namespace sshtune::config
