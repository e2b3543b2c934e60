#include "tuner/edit/new_file_owner.hpp"

#include <unistd.h>

namespace sshtune::edit {

Result<Owner> owner_for_new_file(const std::filesystem::path& dir, const FileState& dir_state) {
  const uid_t me = ::geteuid();
  if (!dir_state.exists || dir_state.uid == me) return Owner{me, ::getegid()};
  if (me == 0) return Owner{dir_state.uid, dir_state.gid};
  return Error{ErrorKind::invalid_input, dir.string() + ": owned by uid " + std::to_string(dir_state.uid) +
                                             ", not by you (uid " + std::to_string(me) +
                                             "): a file created there would stop that account's ssh; run ssh-tune "
                                             "as uid " +
                                             std::to_string(dir_state.uid)};
}

Result<Owner> owner_for_new_file(const std::filesystem::path& dir) {
  PosixFileSystem fs;
  SSHTUNE_TRY(state, fs.stat(dir));
  return owner_for_new_file(dir, state);
}

}  // namespace sshtune::edit
