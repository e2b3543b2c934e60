#pragma once
// Include resolution as OpenSSH 9.2 does it: relative paths live in ~/.ssh (user
// configs) or /etc/ssh (system config), '~' comes from $HOME (glibc GLOB_TILDE),
// each argument's matches are sorted bytewise, and included files must be safe.

#include "base/result.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

// The files one Include argument names, in the order ssh reads them. An empty
// list when nothing matches; an error message if glob(3) itself fails.
Result<std::vector<std::string>> resolve_include(const std::string& argument, bool user_config);

// ssh's permission rule for config files it checks (Include targets, ~/.ssh/config):
// owner root or us, not world-writable, group-writable only if the group is
// effectively private (Debian's user-group-modes). nullopt if fine, else ssh's message.
std::optional<std::string> check_permissions(const std::string& path);

// The depth limit: the top file is depth 0; a file at depth 17 is refused.
inline constexpr int k_max_include_depth = 16;

}  // namespace sshtune::sshconfig
