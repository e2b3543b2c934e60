#include "tuner/edit/file_system.hpp"

#include "base/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sshtune::edit {

Error io_error(const std::filesystem::path& path, int errnum) {
  return Error{ErrorKind::io, path.string() + ": " + std::strerror(errnum)};
}

Result<FileState> PosixFileSystem::stat(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) {
      return FileState{};
    }
    return io_error(path, errno);
  }
  return FileState{true,
                   static_cast<mode_t>(st.st_mode & 07777),
                   st.st_uid,
                   st.st_gid,
                   static_cast<std::uint64_t>(st.st_size),
                   static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec,
                   st.st_ino,
                   st.st_dev,
                   file_kind_of(st.st_mode),
                   st.st_nlink,
                   is_null_device(st)};
}

Result<std::string> PosixFileSystem::read(const std::filesystem::path& path) { return read_file(path); }

Result<TempFile> PosixFileSystem::create_temp(const std::filesystem::path& dir, const std::string& stem) {
  std::string pattern = (dir / ("." + stem + ".ssh-tune-XXXXXX")).string();
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) {
    return io_error(dir, errno);
  }
  return TempFile{fd, pattern};
}

Result<void> PosixFileSystem::write_all(const TempFile& file, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(file.fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      return io_error(file.path, errno);
    }
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return ok();
}

Result<void> PosixFileSystem::set_owner_and_mode(const TempFile& file, const FileState& wanted) {
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) {
    return io_error(file.path, errno);
  }
  if ((st.st_uid != wanted.uid || st.st_gid != wanted.gid) && ::fchown(file.fd, wanted.uid, wanted.gid) != 0) {
    return io_error(file.path, errno);
  }
  if (::fchmod(file.fd, wanted.mode) != 0) {
    return io_error(file.path, errno);
  }
  return ok();
}

Result<void> PosixFileSystem::sync_and_close(TempFile& file) {
  const int synced = ::fsync(file.fd);
  const int saved = errno;
  const int closed = ::close(file.fd);
  file.fd = -1;
  if (synced != 0 || closed != 0) {
    return io_error(file.path, synced != 0 ? saved : errno);
  }
  return ok();
}

void PosixFileSystem::discard(TempFile& file) {
  if (file.fd >= 0) {
    ::close(file.fd);
    file.fd = -1;
  }
  if (!file.path.empty()) {
    ::unlink(file.path.c_str());
  }
}

Result<void> PosixFileSystem::rename(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) {
    return io_error(to, errno);
  }
  return ok();
}

Result<void> PosixFileSystem::remove(const std::filesystem::path& path) {
  if (::unlink(path.c_str()) != 0) {
    return io_error(path, errno);
  }
  return ok();
}

Result<void> PosixFileSystem::sync_dir(const std::filesystem::path& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    return io_error(dir, errno);
  }
  const int synced = ::fsync(fd);
  const int saved = errno;
  ::close(fd);
  // Some file systems (e.g. certain FUSE mounts) refuse fsync on directories.
  if (synced != 0 && saved != EINVAL && saved != EROFS) {
    return io_error(dir, saved);
  }
  return ok();
}

}  // namespace sshtune::edit
