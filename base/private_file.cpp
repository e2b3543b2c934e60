#include "base/private_file.hpp"

#include "base/file_kind.hpp"
#include "base/format.hpp"
#include "base/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sshtune {
namespace {

Error refused(const std::filesystem::path& path, const std::string& why) {
  return Error{ErrorKind::invalid_input, path.string() + ": " + why + "; refusing to use it"};
}

// Ownership and mode rules shared by the directory and its files.
Result<void> check_owner_and_mode(const std::filesystem::path& path, const struct stat& st) {
  if (st.st_uid != ::geteuid()) {
    return refused(path, "owned by uid " + std::to_string(st.st_uid) + ", not by uid " + std::to_string(::geteuid()));
  }
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    return refused(path, "writable by group or others (mode " + octal_mode(st.st_mode) + ")");
  }
  return ok();
}

}  // namespace

Result<void> check_private_dir(const std::filesystem::path& dir) {
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) return Error{ErrorKind::io, dir.string() + ": " + std::strerror(errno)};
  if (!S_ISDIR(st.st_mode)) return refused(dir, S_ISLNK(st.st_mode) ? "is a symlink" : "not a directory");
  return check_owner_and_mode(dir, st);
}

Result<std::optional<std::string>> read_private_file(const std::filesystem::path& path, std::size_t max_bytes) {
  const ScopedFd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
  if (fd.get() < 0 && errno == ENOENT) return std::optional<std::string>();
  if (fd.get() < 0 && errno == ELOOP) return refused(path, "is a symlink");
  if (fd.get() < 0) return Error{ErrorKind::io, path.string() + ": " + std::strerror(errno)};
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return Error{ErrorKind::io, path.string() + ": " + std::strerror(errno)};
  if (!S_ISREG(st.st_mode))
    return refused(path, "is " + describe_kind(file_kind_of(st.st_mode)) + ", not a regular file");
  SSHTUNE_TRYV(check_owner_and_mode(path, st));
  SSHTUNE_TRY(text, read_descriptor(fd.get(), path, max_bytes));
  if (!text) return refused(path, "larger than " + std::to_string(max_bytes) + " bytes");
  return text;
}

}  // namespace sshtune
