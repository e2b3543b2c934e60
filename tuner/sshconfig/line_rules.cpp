#include "tuner/sshconfig/line_rules.hpp"

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/release.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <strings.h>

namespace sshtune::sshconfig {
namespace {

using K = KeywordKind;

// ssh's message for arguments past the last one a keyword reads (args[extra] on);
// before 8.5 it names the first of them.
std::string extra_args(const ConfigLine& line, std::size_t extra, const OpensshVersion& release) {
  if (!release.since(8, 5) && extra < line.args.size()) {
    return "garbage at end of line; \"" + line.args[extra].value + "\".";
  }
  return "keyword " + line.keyword_lower + " extra arguments at end of line";
}

bool has_arg(const ConfigLine& line) { return !line.args.empty() && !line.args[0].value.empty(); }

std::string first_arg(const ConfigLine& line) { return line.args.empty() ? std::string() : line.args[0].value; }

std::vector<std::string> values_of(const ConfigLine& line) {
  std::vector<std::string> values;
  for (const Token& token : line.args) values.push_back(token.value);
  return values;
}

LineCheck refused(std::string message) { return LineCheck{std::move(message), std::nullopt, {}, {}, {}}; }

LineCheck stores(const KeywordInfo& info, std::string value) {
  LineCheck check;
  check.assignments.push_back(Assignment{std::string(info.slot), {std::move(value)}});
  return check;
}

// How many arguments a keyword consumes; more are "extra arguments".
std::size_t max_args(const KeywordInfo& info, const OpensshVersion& release) {
  if (info.kind == K::forward) return info.name == "dynamicforward" ? 1 : 2;
  if (info.kind == K::command || info.kind == K::send_env || info.name == "proxyjump") return k_any_count;
  if (const ValueFormInfo* form = find_value_form(info.name, release)) return form->max_args;
  return 1;
}

LineCheck check_flag(const ConfigLine& line, const KeywordInfo& info) {
  if (!has_arg(line)) return refused("missing argument.");
  if (!parse_state(info.states, first_arg(line))) return refused("unsupported option \"" + first_arg(line) + "\".");
  return stores(info, first_arg(line));
}

LineCheck check_number(const ConfigLine& line, const KeywordInfo& info, const OpensshVersion& release) {
  const std::string arg = first_arg(line);
  if (info.kind == K::integer) {
    std::string reason;
    const std::optional<long long> value = parse_int(arg, &reason);
    if (!value) return refused("integer value " + reason + ".");
    return stores(info, std::to_string(*value));
  }
  if (info.kind == K::time) {
    if (arg.empty()) return refused("missing time value.");
    if (arg == "none") return {};  // -1 is "unset": a later line may still set it
    const std::optional<long long> value = parse_time(arg, release);
    if (!value) return refused("invalid time value.");
    return stores(info, std::to_string(*value));
  }
  if (arg.empty()) return refused("Missing argument.");
  const std::optional<int> port = parse_port(arg);
  if (!port) return refused("Bad port '" + arg + "'.");
  return stores(info, std::to_string(*port));
}

LineCheck check_forward(const ConfigLine& line, const KeywordInfo& info) {
  if (!has_arg(line)) return refused("Missing argument.");
  const ForwardKind kind = info.name == "localforward"    ? ForwardKind::local
                           : info.name == "remoteforward" ? ForwardKind::remote
                                                          : ForwardKind::dynamic;
  const std::string* second = kind != ForwardKind::dynamic && line.args.size() > 1 ? &line.args[1].value : nullptr;
  Result<Forward> forward = forward_of_arguments(kind, line.args[0].value, second);
  if (!forward) return refused(forward.error().message);
  LineCheck check;
  check.forward = std::move(forward).value();
  return check;
}

LineCheck check_jump(const ConfigLine& line, bool command_line, const OpensshVersion& release) {
  const std::string value = command_value(line);
  std::optional<Jump> jump = parse_jump(value, command_line, release);
  if (!jump) return refused("Invalid ProxyJump \"" + value + "\"");
  LineCheck check;
  check.jump = std::move(jump);
  return check;
}

LineCheck check_send_env(const ConfigLine& line, const OpensshVersion& release) {
  if (line.args.empty() && release.since(9, 7)) return refused("no sendenv specified");
  for (const Token& token : line.args) {
    if (token.value.empty() || token.value.find('=') != std::string::npos) return refused("Invalid environment name.");
  }
  return {};
}

LineCheck check_form(const ConfigLine& line, const ValueFormInfo& form, const OpensshVersion& release) {
  Result<Assignments> read = form.read(values_of(line), release);
  if (!read) return refused(read.error().message);
  LineCheck check;
  check.assignments = std::move(read).value();
  return check;
}

// VersionAddendum (10.0): the raw rest of the line, '#' and all (ssh looks for a
// comment only in the keyword); no '\r' inside; "none" is the empty addendum.
LineCheck check_version_addendum(const ConfigLine& line) {
  const std::string value = command_value(line);
  if (value.find('\r') != std::string::npos) return refused("Invalid " + line.keyword_lower + " argument");
  return stores(KeywordInfo{"versionaddendum", "versionaddendum", K::command},
                strcasecmp(value.c_str(), "none") == 0 ? "" : value);
}

// The keyword-specific part of check_arguments(): ssh's reading of the values.
LineCheck read_values(const ConfigLine& line, const KeywordInfo& info, const ClientCapabilities& client,
                      bool command_line) {
  const OpensshVersion release = dialect_of(client);
  if (info.name == "proxyjump") return check_jump(line, command_line, release);
  if (info.name == "versionaddendum") return check_version_addendum(line);
  if (const ValueFormInfo* form = find_value_form(info.name, release)) return check_form(line, *form, release);
  switch (info.kind) {
    case K::flag: return check_flag(line, info);
    case K::integer:
    case K::time:
    case K::port: return check_number(line, info, release);
    case K::forward: return check_forward(line, info);
    case K::send_env: return check_send_env(line, release);
    case K::command: return stores(info, command_value(line));
    case K::algorithms:
      if (!has_arg(line)) return refused("Missing argument.");
      if (auto message = check_algorithm_argument(info.algorithm, first_arg(line), client)) return refused(*message);
      return stores(info, first_arg(line));
    case K::refuse:  // what an active line does is the walker's (it ends the read)
      if (!has_arg(line)) return refused("Missing argument.");
      return {};
    default:
      if (!has_arg(line)) return refused("Missing argument.");
      return info.kind == K::identity ? LineCheck{} : stores(info, first_arg(line));
  }
}

LineCheck check_host_or_include(const ConfigLine& line, bool user_config) {
  for (const Token& token : line.args) {
    if (token.value.empty()) return refused("keyword " + line.keyword_lower + " empty argument");
    if (line.keyword_lower == "include" && !user_config && token.value[0] == '~') {
      return refused("bad include path " + token.value + ".");
    }
  }
  return {};
}

LineCheck check_match(const ConfigLine& line, const OpensshVersion& release) {
  const MatchSplit split = split_match(line.rest, release);
  if (split.error) return refused(*split.error);
  if (split.leftover && !line.args.empty()) return refused(extra_args(line, line.args.size(), release));
  return {};
}

}  // namespace

LineCheck check_line(const ConfigLine& written, const ClientCapabilities& client, std::string_view ignore_unknown,
                     bool user_config, bool command_line) {
  if (written.kind != LineKind::directive) return {};
  std::optional<ConfigLine> copy;
  const ConfigLine& line = as_read(written, dialect_of(client), copy);
  if (line.rest.empty()) return refused("no argument after keyword \"" + line.keyword_lower + "\"");
  const std::optional<KeywordInfo> info = find_keyword(line.keyword_lower, client);
  if (!info) {
    if (!ignore_unknown.empty() && match_pattern_list(line.keyword_lower, ignore_unknown, true) == 1) return {};
    return refused("Bad configuration option: " + line.keyword_lower);
  }
  if (line.invalid_quotes) return refused("invalid quotes");
  if (info->kind == K::host || info->kind == K::include) return check_host_or_include(line, user_config);
  if (info->kind == K::match) return check_match(line, dialect_of(client));
  return check_arguments(line, *info, client, command_line);
}

LineCheck check_arguments(const ConfigLine& line, const KeywordInfo& info, const ClientCapabilities& client,
                          bool command_line) {
  switch (info.kind) {
    case K::host:
    case K::match:
    case K::include:
    case K::ignored:
    case K::deprecated: return {};
    case K::unsupported:
      return LineCheck{std::nullopt, "Unsupported option \"" + line.keyword_lower + "\"", {}, {}, {}};
    default: break;
  }
  LineCheck check = read_values(line, info, client, command_line);
  const std::size_t most = max_args(info, dialect_of(client));
  if (!check.error && line.args.size() > most) return refused(extra_args(line, most, dialect_of(client)));
  return check;
}

std::string command_value(const ConfigLine& line) {
  std::size_t i = 0;
  while (i < line.rest.size() && std::string_view(" \t\r\n=").find(line.rest[i]) != std::string_view::npos) ++i;
  return line.rest.substr(i);
}

}  // namespace sshtune::sshconfig
