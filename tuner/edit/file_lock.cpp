#include "tuner/edit/file_lock.hpp"

#include "tuner/edit/file_system.hpp"

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

}  // namespace

std::filesystem::path lock_path_for(const std::filesystem::path& target) { return target.string() + ".ssh-tune.lock"; }

Result<FileLock> FileLock::acquire(const std::filesystem::path& lock_path, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
      return io_error(lock_path, errno);
    }
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
    if (std::chrono::steady_clock::now() >= deadline) {
      return Error{ErrorKind::io, lock_path.string() + ": locked by another ssh-tune process"};
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
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
