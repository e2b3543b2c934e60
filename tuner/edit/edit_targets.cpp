#include "tuner/edit/edit_targets.hpp"

#include <cstdlib>

namespace sshtune::edit {

Result<EditTargets> edit_targets(const std::optional<std::filesystem::path>& config_flag) {
  const char* home = std::getenv("HOME");
  EditTargets targets;
  targets.home = home != nullptr ? std::filesystem::path(home) : std::filesystem::path();
  if (config_flag) {
    targets.config = std::filesystem::absolute(*config_flag).lexically_normal();
  } else if (home == nullptr || *home == '\0') {
    return Error{ErrorKind::io, "HOME is not set; name the config with -F FILE"};
  } else {
    targets.config = targets.home / ".ssh" / "config";
  }
  targets.managed = targets.config.parent_path() / k_managed_name;
  return targets;
}

}  // namespace sshtune::edit
