#pragma once
// Reading a whole file, the one way every layer does it.

#include "base/result.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sshtune {

// The file's bytes. Error (io) naming the path and the reason when it is missing,
// not a regular file or unreadable: "/x/policy.toml: No such file or directory".
Result<std::string> read_file(const std::filesystem::path& path);

// The file's bytes, or nullopt when it cannot be read for any reason (optional files).
std::optional<std::string> read_file_if_present(const std::filesystem::path& path);

}  // namespace sshtune
