#pragma once
// What a path names, so every reader and writer can refuse what is not a plain
// file by name ("is a FIFO") instead of hanging on it, reading it forever or
// replacing it. ssh reads `-F /dev/null` as an empty file; so does ssh-tune.

#include <sys/stat.h>

#include <string>

namespace sshtune {

enum class FileKind {
  regular,
  directory,
  symlink,
  character_device,
  block_device,
  fifo,
  socket,
  other,
};

// The kind that stat(2)'s st_mode gives.
FileKind file_kind_of(mode_t mode);

// "a character device", "a FIFO", ...: the noun a refusal names.
std::string describe_kind(FileKind kind);

// True when `st` is the system's null device (the same device number as /dev/null),
// whatever the path it was found at.
bool is_null_device(const struct stat& st);

// The refusal of a file that is not a regular file:
// "PATH: is a FIFO, not a regular file; ssh-tune reads and writes only regular files".
std::string not_regular_message(const std::string& path, FileKind kind);

}  // namespace sshtune
