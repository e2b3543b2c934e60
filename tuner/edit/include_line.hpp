#pragma once
// The one line ssh-tune adds to the user's config: "Include MANAGED" at the very
// top, so the managed blocks come before every user line (earliest value wins).

#include "base/result.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <filesystem>
#include <optional>
#include <string>

namespace sshtune::edit {

// The directive for `managed` (no line terminator): "Include ~/..." when the file
// is under `home`, else its absolute path. Refuses paths ssh would split or glob
// (whitespace, quotes, backslash, '#', '*', '?', '[').
Result<std::string> include_directive(const std::filesystem::path& managed, const std::filesystem::path& home);

// Index of the first line that includes `managed` as its only argument (how
// ssh-tune writes it, wherever a person moved it), resolved as ssh does for a user
// config: "~" is `home`, a relative path is under home/.ssh.
std::optional<std::size_t> find_include(const sshconfig::ConfigFile& file, const std::filesystem::path& managed,
                                        const std::filesystem::path& home);

// The file's bytes with `directive` added as the first line, ended like the
// file's own lines ("\r\n" in a CRLF file, else "\n").
std::string with_include(const sshconfig::ConfigFile& file, const std::string& directive);

// The file's bytes without line `index` (and its terminator); everything else as it was.
std::string without_line(const sshconfig::ConfigFile& file, std::size_t index);

}  // namespace sshtune::edit
