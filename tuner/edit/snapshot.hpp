#pragma once
// What a file looked like when ssh-tune read it: the basis of every edit and of
// the "changed since it was read" check just before a rename.

#include "tuner/edit/file_system.hpp"

#include <filesystem>
#include <string>

namespace sshtune::edit {

struct FileSnapshot {
  std::filesystem::path path;    // as the user named it (may be a symlink)
  std::filesystem::path target;  // the real file behind all symlinks; this is what gets replaced
  FileState state;               // state.exists is false for a file still to be created
  std::string content;
  bool via_symlink = false;  // `path` itself is a symlink: the file is edited through it, never replaced
};

// The real file behind `path` (all symlinks resolved), or `path` made absolute when
// nothing exists there yet; an error for a dangling symlink.
Result<std::filesystem::path> resolve_target(const std::filesystem::path& path);

// Reads `path`, following symlinks to the real target. A missing file gives an
// empty snapshot. A dangling symlink, an unreadable file and anything but a
// regular file is an error naming its kind: ssh-tune never edits a device, a
// FIFO or a socket, and reads `-F /dev/null` only to refuse writing it:
// "PATH: is the null device; ssh-tune writes only regular files: name your own config with -F, or leave -F out".
Result<FileSnapshot> take_snapshot(FileSystem& fs, const std::filesystem::path& path);

// True when the file on disk still matches `before` (existence, inode, size,
// mtime and content). An error only when the file cannot be examined.
Result<bool> unchanged_since(FileSystem& fs, const FileSnapshot& before);

}  // namespace sshtune::edit
