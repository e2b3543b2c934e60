#pragma once
// The file-system seam of the safe writer: every step that touches the disk goes
// through FileSystem, so tests can inject failures, delays and crashes.

#include "base/file_kind.hpp"
#include "base/result.hpp"

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace sshtune::edit {

// What stat(2) says about a file; `exists` is false when there is nothing there.
struct FileState {
  bool exists = false;
  mode_t mode = 0;  // permission bits only
  uid_t uid = 0;
  gid_t gid = 0;
  std::uint64_t size = 0;
  std::int64_t mtime_ns = 0;
  ino_t inode = 0;
  dev_t device = 0;
  FileKind kind = FileKind::regular;  // of the file behind all symlinks
  nlink_t links = 1;                  // hard links to it
  bool null_device = false;           // the system's null device (-F /dev/null)
};

// A newly created temporary file, open for writing.
struct TempFile {
  int fd = -1;
  std::filesystem::path path;
};

// POSIX file operations used by AtomicWriter. Errors are one line naming the path,
// e.g. "/home/a/.ssh/config: Permission denied".
class FileSystem {
 public:
  virtual ~FileSystem() = default;
  // stat(2) following symlinks; a missing file is a FileState with exists=false, not an error.
  virtual Result<FileState> stat(const std::filesystem::path& path) = 0;
  // The whole content of a regular file (as sshtune::read_file: other kinds and
  // oversized files are refused, the null device reads as empty).
  virtual Result<std::string> read(const std::filesystem::path& path) = 0;
  // Creates an empty 0600 file named after `stem` in `dir` (mkstemp).
  virtual Result<TempFile> create_temp(const std::filesystem::path& dir, const std::string& stem) = 0;
  // Writes all of `data` to `file.fd` (retrying short writes).
  virtual Result<void> write_all(const TempFile& file, std::string_view data) = 0;
  // Sets mode and owner of the open file; the owner is changed only when it differs.
  virtual Result<void> set_owner_and_mode(const TempFile& file, const FileState& wanted) = 0;
  // fsync(2) then close(2); the fd is closed even when fsync fails.
  virtual Result<void> sync_and_close(TempFile& file) = 0;
  // Closes the fd (if open) and unlinks the file; never fails, used for cleanup.
  virtual void discard(TempFile& file) = 0;
  // rename(2): atomically replaces `to` with `from` (same directory).
  virtual Result<void> rename(const std::filesystem::path& from, const std::filesystem::path& to) = 0;
  // unlink(2) of a file.
  virtual Result<void> remove(const std::filesystem::path& path) = 0;
  // fsync(2) of a directory, so a rename or unlink in it survives a power cut.
  virtual Result<void> sync_dir(const std::filesystem::path& dir) = 0;
};

// The real file system.
class PosixFileSystem final : public FileSystem {
 public:
  Result<FileState> stat(const std::filesystem::path& path) override;
  Result<std::string> read(const std::filesystem::path& path) override;
  Result<TempFile> create_temp(const std::filesystem::path& dir, const std::string& stem) override;
  Result<void> write_all(const TempFile& file, std::string_view data) override;
  Result<void> set_owner_and_mode(const TempFile& file, const FileState& wanted) override;
  Result<void> sync_and_close(TempFile& file) override;
  void discard(TempFile& file) override;
  Result<void> rename(const std::filesystem::path& from, const std::filesystem::path& to) override;
  Result<void> remove(const std::filesystem::path& path) override;
  Result<void> sync_dir(const std::filesystem::path& dir) override;
};

// An io Error "PATH: strerror(errnum)".
Error io_error(const std::filesystem::path& path, int errnum);

}  // namespace sshtune::edit
