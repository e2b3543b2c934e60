#pragma once
// An advisory lock (flock) on a lock file next to the file being edited, so two
// ssh-tune processes never interleave their read-modify-write of one config.

#include "base/clock.hpp"
#include "base/result.hpp"

#include <chrono>
#include <filesystem>

namespace sshtune::edit {

class FileLock {
 public:
  // Locks `lock_path` (created 0600 if missing), waiting up to `wait` for another
  // holder (on `clock`). Fails with "LOCK: locked by another ssh-tune process" after the wait.
  static Result<FileLock> acquire(const std::filesystem::path& lock_path, const Clock& clock,
                                  std::chrono::milliseconds wait = std::chrono::seconds(10));

  // Moving transfers the held lock; the moved-from object holds nothing.
  FileLock(FileLock&& other) noexcept;
  FileLock& operator=(FileLock&& other) noexcept;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  // Removes the lock file and releases the lock. Waiters notice the removal and retry.
  ~FileLock();

  // The lock file this object holds.
  const std::filesystem::path& path() const { return m_path; }

 private:
  FileLock(int fd, std::filesystem::path path) : m_fd(fd), m_path(std::move(path)) {}
  void release();

  int m_fd = -1;
  std::filesystem::path m_path;
};

// The lock file that guards edits of `target`: "TARGET.ssh-tune.lock".
std::filesystem::path lock_path_for(const std::filesystem::path& target);

}  // namespace sshtune::edit
