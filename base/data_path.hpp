#pragma once
// Locating the files ssh-tune ships (rule TOML, templates) at run time.

#include "base/result.hpp"

#include <filesystem>
#include <string>

namespace sshtune {

// The shipped file SUBDIR/NAME (e.g. "rules", "catalog.toml"). Looks, in order,
// in $SSHTUNE_<SUBDIR>_DIR (e.g. SSHTUNE_RULES_DIR), next to the executable's
// ../share/ssh-tune/SUBDIR, the configured install prefix, and the source tree
// (so a build tree works uninstalled). Error if none has it.
Result<std::filesystem::path> data_path(const std::string& subdir, const std::string& name);

}  // namespace sshtune
