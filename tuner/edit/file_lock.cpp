#include "tuner/edit/file_lock.hpp"

#include "tuner/edit/file_system.hpp"
#include "tuner/edit/new_file_owner.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

namespace sshtune::edit {
namespace {

// True when `fd` is still the file at `path`: a holder that finished unlinks the
// lock file, and a waiter that locked the unlinked inode must start over.
bool still_linked(int fd, const std::filesystem::path& path) {
  struct stat by_fd {};
  struct stat by_path {};
  return ::fstat(fd, &by_fd) == 0 && ::stat(path.c_str(), &by_path) == 0 && by_fd.st_ino == by_path.st_ino &&
         by_fd.st_dev == by_path.st_dev;
}

// Opens (creating) the lock file itself, never what a symlink planted at its
// name points to, and only a regular file; a new one gets the directory's owner.
Result<int> open_lock_file(const std::filesystem::path& lock_path) {
  SSHTUNE_TRY(owner, owner_for_new_file(lock_path.parent_path()));
  const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0600);
  if (fd < 0 && errno == ELOOP) {
    return Error{ErrorKind::invalid_input,
                 lock_path.string() + ": is a symlink; ssh-tune locks only through a file of its own"};
  }
  if (fd < 0) return io_error(lock_path, errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error{ErrorKind::invalid_input, not_regular_message(lock_path.string(), file_kind_of(st.st_mode))};
  }
  if ((st.st_uid != owner.uid || st.st_gid != owner.gid) && ::fchown(fd, owner.uid, owner.gid) != 0) {
    const int saved = errno;
    ::close(fd);
    return io_error(lock_path, saved);
  }
  return fd;
}

}  // namespace

std::filesystem::path lock_path_for(const std::filesystem::path& target) { return target.string() + ".ssh-tune.lock"; }

Result<FileLock> FileLock::acquire(const std::filesystem::path& lock_path, const Clock& clock,
                                   std::chrono::milliseconds wait) {
  const auto deadline = clock.now() + wait;
  for (;;) {
    SSHTUNE_TRY(fd, open_lock_file(lock_path));
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      if (still_linked(fd, lock_path)) {
        return FileLock(fd, lock_path);
      }
      ::close(fd);
      continue;
    }
    const int saved = errno;
    ::close(fd);
    if (saved != EWOULDBLOCK) {
      return io_error(lock_path, saved);
    }
    if (clock.now() >= deadline) {
      return Error{ErrorKind::io, lock_path.string() + ": locked by another ssh-tune process"};
    }
    clock.sleep_for(std::chrono::milliseconds(20));
  }
}

FileLock::FileLock(FileLock&& other) noexcept : m_fd(other.m_fd), m_path(std::move(other.m_path)) { other.m_fd = -1; }

FileLock& FileLock::operator=(FileLock&& other) noexcept {
  if (this != &other) {
    release();
    m_fd = other.m_fd;
    m_path = std::move(other.m_path);
    other.m_fd = -1;
  }
  return *this;
}

FileLock::~FileLock() { release(); }

void FileLock::release() {
  if (m_fd >= 0) {
    ::unlink(m_path.c_str());
    ::close(m_fd);
    m_fd = -1;
  }
}

}  // namespace sshtune::edit
