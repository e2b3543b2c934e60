#pragma once
// Files that only the user can have written. Data ssh-tune keeps for itself (the
// per-host cache) is read back only from a directory the user owns that nobody
// else may write, and only from regular files the user owns that nobody else may
// write: anything else may have been planted or changed by another account.

#include "base/result.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace sshtune {

// Ok when `dir` is a directory (not a symlink) owned by the effective uid without
// group or other write permission. Error (invalid_input) naming it otherwise:
// "DIR: owned by uid 65534, not by uid 0; refusing to use it".
Result<void> check_private_dir(const std::filesystem::path& dir);

// The bytes of `path`; nullopt when there is no such file. Error (invalid_input)
// naming it when it is a symlink, not a regular file, owned by another uid,
// writable by group or others, or larger than `max_bytes`; io errors as read_file's.
Result<std::optional<std::string>> read_private_file(const std::filesystem::path& path, std::size_t max_bytes);

}  // namespace sshtune
