#pragma once
// The keywords whose arguments readconf.c reads with a form of their own, each
// checked with ssh's message and stored already in the form `ssh -G` prints:
// RekeyLimit "1G 1h" stores 1073741824 and 3600, AddKeysToAgent "1h" 3600,
// TunnelDevice "3" "3:any", LogLevel QUIET "SILENT" (Debian's table), EscapeChar
// "^A" "\^A", IPQoS names, ... (value_forms.cpp), and the several-argument lists
// where only the first line counts (list_forms.cpp). Where a release changed how
// a value reads (IPQoS names, time values, RevokedHostKeys), the form decides by
// the release it is given.

#include "base/openssh_version.hpp"
#include "base/result.hpp"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// One option slot a line sets and the values stored there (first value wins per slot).
struct Assignment {
  std::string slot;
  std::vector<std::string> values;
};
using Assignments = std::vector<Assignment>;

// A keyword's reading of its arguments in the dialect of `release`: what it
// stores, or an invalid_input error whose message is ssh's text without the
// location ("Bad IPQoS value: fast").
using ValueForm = Result<Assignments> (*)(const std::vector<std::string>& args, const OpensshVersion& release);

// max_args for a keyword that takes any number of arguments.
inline constexpr std::size_t k_any_count = static_cast<std::size_t>(-1);

// A keyword with a form of its own: its reader, how many arguments it consumes
// (more are "extra arguments at end of line"), and the first release that reads
// the keyword this way (before it, the keyword table's kind decides).
struct ValueFormInfo {
  std::string_view keyword;
  ValueForm read;
  std::size_t max_args;
  OpensshVersion since = {};
};

// The form `release` reads lower-case keyword `keyword` with, or nullptr when it has none.
const ValueFormInfo* find_value_form(std::string_view keyword, const OpensshVersion& release);

// The forms of the first-line lists (CanonicalDomains, SetEnv, ...); used by find_value_form.
const ValueFormInfo* find_list_form(std::string_view keyword, const OpensshVersion& release);

// An invalid_input error with ssh's message, for the readers.
Error refusal(std::string message);

// Checks a ForwardAgent / IdentityAgent path as parse_agent_path does: ${VAR}
// must expand, and a legacy "$NAME" must be a valid name. Empty if fine.
std::string agent_path_problem(const std::string& path);

}  // namespace sshtune::sshconfig
