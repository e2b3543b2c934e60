#pragma once
// Which files an edit touches: the user's config (~/.ssh/config or -F FILE) and
// the managed file next to it.

#include "base/result.hpp"

#include <filesystem>
#include <optional>

namespace sshtune::edit {

inline constexpr const char* k_managed_name = "ssh-tune.conf";

struct EditTargets {
  std::filesystem::path config;   // as named (may be a symlink)
  std::filesystem::path managed;  // "ssh-tune.conf" in the same directory as `config`'s name
  std::filesystem::path home;     // $HOME, for "~" in Include lines
};

// Targets for `-F FILE` (or ~/.ssh/config when absent), with "~" taken from $HOME.
// Fails when HOME is unset and no FILE was given.
Result<EditTargets> edit_targets(const std::optional<std::filesystem::path>& config_flag);

}  // namespace sshtune::edit
