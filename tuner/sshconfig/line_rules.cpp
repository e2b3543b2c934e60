#include "tuner/sshconfig/line_rules.hpp"

#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <netdb.h>
#include <strings.h>

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdlib>

namespace sshtune::config {
namespace {

using K = KeywordKind;

std::string extra_args(const ConfigLine& line) {
  return "keyword " + line.keyword_lower + " extra arguments at end of line";
}

bool has_arg(const ConfigLine& line) { return !line.args.empty() && !line.args[0].value.empty(); }

// Keywords of the `other` kind that take a second argument.
std::size_t max_args(const KeywordInfo& info) {
  if (info.kind == K::forward) {
    return info.name == "dynamicforward" ? 1 : 2;
  }
  return info.name == "ipqos" || info.name == "rekeylimit" || info.name == "addkeystoagent" ? 2 : 1;
}

std::optional<std::string> check_single(const ConfigLine& line, const KeywordInfo& info,
                                        const ClientCapabilities& client) {
  const std::string arg = line.args.empty() ? std::string() : line.args[0].value;
  switch (info.kind) {
    case K::flag:
      if (!has_arg(line)) return std::string("missing argument.");
      if (!parse_state(info.states, arg)) return "unsupported option \"" + arg + "\".";
      return std::nullopt;
    case K::integer: {
      std::string reason;
      if (!parse_int(arg, &reason)) return "integer value " + reason + ".";
      return std::nullopt;
    }
    case K::time:
      if (!has_arg(line)) return std::string("missing time value.");
      if (arg != "none" && !parse_time(arg)) return std::string("invalid time value.");
      return std::nullopt;
    case K::port:
      if (!has_arg(line)) return std::string("Missing argument.");
      if (!parse_port(arg)) return "Bad port '" + arg + "'.";
      return std::nullopt;
    case K::algorithms:
      if (!has_arg(line)) return std::string("Missing argument.");
      return check_algorithm_argument(info.algorithm, arg, client);
    case K::forward:
      if (!has_arg(line)) return std::string("Missing port argument.");
      if (info.name == "localforward" && (line.args.size() < 2 || line.args[1].value.empty())) {
        return std::string("Missing target argument.");
      }
      return std::nullopt;
    default:
      if (!has_arg(line)) return std::string("Missing argument.");
      return std::nullopt;
  }
}

std::optional<std::string> check_list(const ConfigLine& line) {
  for (std::size_t i = 0; i < line.args.size(); ++i) {
    const std::string& arg = line.args[i].value;
    if (arg.empty()) return "keyword " + line.keyword_lower + " empty argument";
    if (line.keyword_lower == "setenv" && arg.find('=') == std::string::npos) {
      return std::string("Invalid SetEnv.");
    }
    if (strcasecmp(arg.c_str(), "none") == 0 && line.args.size() > 1 && line.keyword_lower != "setenv") {
      return "keyword " + line.keyword_lower + " \"none\" argument must appear alone.";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_send_env(const ConfigLine& line) {
  for (const Token& token : line.args) {
    if (token.value.empty() || token.value.find('=') != std::string::npos) {
      return std::string("Invalid environment name.");
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_host_or_include(const ConfigLine& line, bool user_config) {
  for (const Token& token : line.args) {
    if (token.value.empty()) return "keyword " + line.keyword_lower + " empty argument";
    if (line.keyword_lower == "include" && !user_config && token.value[0] == '~') {
      return "bad include path " + token.value + ".";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_match(const ConfigLine& line) {
  const MatchOutcome outcome = evaluate_match(line.rest, nullptr);
  if (outcome.error) return outcome.error;
  if (outcome.leftover && !line.args.empty()) return extra_args(line);
  return std::nullopt;
}

}  // namespace

LineCheck check_line(const ConfigLine& line, const ClientCapabilities& client, std::string_view ignore_unknown,
                     bool user_config) {
  if (line.kind != LineKind::directive) return {};
  if (line.rest.empty()) return {"no argument after keyword \"" + line.keyword_lower + "\"", std::nullopt};
  const std::optional<KeywordInfo> info = find_keyword(line.keyword_lower);
  if (!info) {
    if (!ignore_unknown.empty() && match_pattern_list(line.keyword_lower, ignore_unknown, true) == 1) return {};
    return {"Bad configuration option: " + line.keyword_lower, std::nullopt};
  }
  if (line.invalid_quotes) return {std::string("invalid quotes"), std::nullopt};
  if (info->kind == K::host || info->kind == K::include) return {check_host_or_include(line, user_config), {}};
  if (info->kind == K::match) return {check_match(line), std::nullopt};
  return check_arguments(line, *info, client);
}

LineCheck check_arguments(const ConfigLine& line, const KeywordInfo& info, const ClientCapabilities& client) {
  switch (info.kind) {
    case K::host:
    case K::match:
    case K::include:
    case K::ignored:
    case K::deprecated:
    case K::command: return {};
    case K::unsupported: return {std::nullopt, "Unsupported option \"" + line.keyword_lower + "\""};
    case K::send_env: return {check_send_env(line), std::nullopt};
    case K::first_line_list: return {check_list(line), std::nullopt};
    default: break;
  }
  if (auto message = check_single(line, info, client)) {
    return {message, std::nullopt};
  }
  if (line.args.size() > max_args(info)) {
    return {extra_args(line), std::nullopt};
  }
  return {};
}

std::optional<long long> parse_time(std::string_view text) {
  if (text.empty()) return std::nullopt;
  long long total = 0;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start) return std::nullopt;
    const long long value = std::strtoll(std::string(text.substr(start, i - start)).c_str(), nullptr, 10);
    long long multiplier = 1;
    if (i < text.size()) {
      switch (std::tolower(static_cast<unsigned char>(text[i]))) {
        case 's': break;
        case 'm': multiplier = 60; break;
        case 'h': multiplier = 3600; break;
        case 'd': multiplier = 86400; break;
        case 'w': multiplier = 604800; break;
        default: return std::nullopt;
      }
      ++i;
    }
    total += value * multiplier;
    if (total > INT_MAX) return std::nullopt;
  }
  return total;
}

std::optional<long long> parse_int(std::string_view text, std::string* reason) {
  if (text.empty()) {
    *reason = "missing";
    return std::nullopt;
  }
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(copy.c_str(), &end, 10);
  if (end == copy.c_str() || *end != '\0') {
    *reason = "invalid";
  } else if (value < 0 || (errno == ERANGE && value == LLONG_MIN)) {
    *reason = "too small";
  } else if (value > INT_MAX || errno == ERANGE) {
    *reason = "too large";
  } else {
    return value;
  }
  return std::nullopt;
}

std::optional<int> parse_port(const std::string& text) {
  std::string reason;
  if (const auto value = parse_int(text, &reason)) {
    if (*value > 0 && *value <= 65535) return static_cast<int>(*value);
    if (*value == 0) return std::nullopt;
  }
  if (const servent* service = getservbyname(text.c_str(), "tcp")) {
    const int port = ntohs(static_cast<uint16_t>(service->s_port));
    if (port > 0) return port;
  }
  return std::nullopt;
}

std::string command_value(const ConfigLine& line) {
  std::size_t i = 0;
  while (i < line.rest.size() && std::string_view(" \t\r\n=").find(line.rest[i]) != std::string_view::npos) ++i;
  return line.rest.substr(i);
}

}  // namespace sshtune::config
