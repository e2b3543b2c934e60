#include "base/file_kind.hpp"

namespace sshtune {

FileKind file_kind_of(mode_t mode) {
  if (S_ISREG(mode)) return FileKind::regular;
  if (S_ISDIR(mode)) return FileKind::directory;
  if (S_ISLNK(mode)) return FileKind::symlink;
  if (S_ISCHR(mode)) return FileKind::character_device;
  if (S_ISBLK(mode)) return FileKind::block_device;
  if (S_ISFIFO(mode)) return FileKind::fifo;
  if (S_ISSOCK(mode)) return FileKind::socket;
  return FileKind::other;
}

std::string describe_kind(FileKind kind) {
  switch (kind) {
    case FileKind::regular: return "a regular file";
    case FileKind::directory: return "a directory";
    case FileKind::symlink: return "a symlink";
    case FileKind::character_device: return "a character device";
    case FileKind::block_device: return "a block device";
    case FileKind::fifo: return "a FIFO";
    case FileKind::socket: return "a socket";
    case FileKind::other: break;
  }
  return "a special file";
}

bool is_null_device(const struct stat& st) {
  struct stat null {};
  return S_ISCHR(st.st_mode) && ::stat("/dev/null", &null) == 0 && S_ISCHR(null.st_mode) && st.st_rdev == null.st_rdev;
}

std::string not_regular_message(const std::string& path, FileKind kind) {
  return path + ": is " + describe_kind(kind) + ", not a regular file; ssh-tune reads and writes only regular files";
}

}  // namespace sshtune
