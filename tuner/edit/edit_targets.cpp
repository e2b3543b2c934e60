#include "tuner/edit/edit_targets.hpp"
#include "base/paths.hpp"

#include <cstdlib>

namespace sshtune::edit {

Result<EditTargets> edit_targets(const std::optional<std::filesystem::path>& config_flag) {
  EditTargets targets;
  targets.home = home_dir();
  if (config_flag) {
    targets.config = std::filesystem::absolute(*config_flag).lexically_normal();
  } else {
    targets.config = targets.home / ".ssh" / "config";
  }
  targets.managed = targets.config.parent_path() / k_managed_name;
  return targets;
}

}  // namespace sshtune::edit
