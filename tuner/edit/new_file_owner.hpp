#pragma once
// Who owns what ssh-tune creates. Run as root with another user's HOME (`sudo -E`,
// sudo on macOS, a ~/.ssh that links into another home), a file created as root
// 0600 would stop that user's own ssh ("Can't open user config file") and their
// `ssh-tune revert`; ssh likewise refuses an included file owned by a third
// account. So a new file belongs to whoever owns the directory it is created in.

#include "base/result.hpp"
#include "tuner/edit/file_system.hpp"

#include <sys/types.h>

#include <filesystem>

namespace sshtune::edit {

struct Owner {
  uid_t uid = 0;
  gid_t gid = 0;
};

// The owner and group a file created in `dir` (whose stat is `dir_state`) must
// get: the directory's when running as root, else the running user's. Error
// (invalid_input) when a non-root user would create a file in a directory another
// account owns: "DIR: owned by uid 1000, not by you (uid 1001): a file created
// there would stop that account's ssh; run ssh-tune as uid 1000".
Result<Owner> owner_for_new_file(const std::filesystem::path& dir, const FileState& dir_state);

// owner_for_new_file for `dir` as it is on disk now.
Result<Owner> owner_for_new_file(const std::filesystem::path& dir);

}  // namespace sshtune::edit
