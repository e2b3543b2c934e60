#pragma once
// readconf.c's per-line argument checks for every keyword kind except Host,
// Match and Include (see match.hpp / evaluator): what makes ssh reject a line.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_file.hpp"
#include "tuner/sshconfig/keywords.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::config {

// Outcome of checking one line: a fatal message (counted as a bad option by ssh),
// or a notice ssh prints without failing ("Unsupported option ...").
struct LineCheck {
  std::optional<std::string> error;
  std::optional<std::string> notice;
};

// Checks the arguments of a known keyword exactly as ssh 9.2 does (also in
// inactive blocks). Host/Match/Include are checked elsewhere.
LineCheck check_arguments(const ConfigLine& line, const KeywordInfo& info, const ClientCapabilities& client);

// The whole of process_config_line_depth()'s checking for one line, in ssh's
// order: missing argument, unknown keyword (unless it matches `ignore_unknown`),
// invalid quotes, then the keyword's own checks. Host lines get every argument
// checked for emptiness (the evaluator handles ssh's early stop itself); Include
// paths must not start with '~' outside user configs.
LineCheck check_line(const ConfigLine& line, const ClientCapabilities& client, std::string_view ignore_unknown,
                     bool user_config);

// convtime(): "90", "1h30m", ... in seconds; nullopt if invalid.
std::optional<long long> parse_time(std::string_view text);

// a2port(): 1..65535 or a tcp service name; nullopt (ssh: <= 0) otherwise.
std::optional<int> parse_port(const std::string& text);

// strtonum(s, 0, INT_MAX): nullopt with ssh's reason ("invalid", "too large", "missing").
std::optional<long long> parse_int(std::string_view text, std::string* reason);

// The raw value of a command keyword: rest without leading blanks and '='.
std::string command_value(const ConfigLine& line);

}  // namespace sshtune::config
