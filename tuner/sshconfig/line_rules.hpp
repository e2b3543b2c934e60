#pragma once
// readconf.c process_config_line_depth() for one line, except Host, Match and
// Include (see match.hpp / walker): what makes ssh reject the line, and what an
// active line stores, already in the form `ssh -G` prints it.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_file.hpp"
#include "tuner/sshconfig/forwards.hpp"
#include "tuner/sshconfig/jump.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/value_forms.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// The outcome of one line: a fatal message (counted as a bad option by ssh) or a
// notice ssh prints without failing ("Unsupported option ..."), and what the line
// stores when its block is active: slot assignments (first value wins per slot),
// or the forwarding / ProxyJump it adds. IdentityFile, CertificateFile and SendEnv
// lines are stored from their arguments by the option store.
struct LineCheck {
  std::optional<std::string> error;
  std::optional<std::string> notice;
  Assignments assignments;
  std::optional<Forward> forward;
  std::optional<Jump> jump;
};

// Checks and reads the arguments of a known keyword exactly as the client's
// release does (also in inactive blocks). Host/Match/Include are checked elsewhere. `command_line`
// marks a -o option (ProxyJump hops are then checked strictly).
LineCheck check_arguments(const ConfigLine& line, const KeywordInfo& info, const ClientCapabilities& client,
                          bool command_line = false);

// The whole of process_config_line_depth()'s checking for one line, in ssh's
// order: missing argument, unknown keyword (unless it matches `ignore_unknown`),
// invalid quotes, then the keyword's own checks. Host lines get every argument
// checked for emptiness (the evaluator handles ssh's early stop itself); Include
// paths must not start with '~' outside user configs. The arguments are those the
// client's release reads in `written` (as_read(): strdelim() before 8.5).
LineCheck check_line(const ConfigLine& written, const ClientCapabilities& client, std::string_view ignore_unknown,
                     bool user_config, bool command_line = false);

// The raw value of a command keyword: rest without leading blanks and '='.
std::string command_value(const ConfigLine& line);

}  // namespace sshtune::sshconfig
