#pragma once
// Reading a whole file, the one way every layer does it: regular files only,
// never blocking on a FIFO, never reading without end, the null device as empty.

#include "base/result.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace sshtune {

// The largest file ssh-tune reads whole (configs, rules, templates, host lists):
// far above any real ssh_config (10,000 Host blocks are under 1 MiB), far below
// what would exhaust memory.
inline constexpr std::size_t k_max_read_bytes = std::size_t{64} << 20;

// The file's bytes. The null device (`-F /dev/null`, wherever its node is) reads
// as empty, as ssh reads it. Error (io) naming the path and the reason when it is
// missing or unreadable, "PATH: Is a directory"; (invalid_input) when it is
// another kind of file, "PATH: is a FIFO, not a regular file; ssh-tune reads and
// writes only regular files", or larger than `max_bytes`:
// "PATH: larger than 67108864 bytes; ssh-tune reads files up to that size".
Result<std::string> read_file(const std::filesystem::path& path, std::size_t max_bytes = k_max_read_bytes);

// The file's bytes, or nullopt when it cannot be read for any reason (optional files).
std::optional<std::string> read_file_if_present(const std::filesystem::path& path);

// An open descriptor, closed when its reader is done with it (-1: none).
class ScopedFd {
 public:
  explicit ScopedFd(int fd) : m_fd(fd) {}
  ~ScopedFd();
  ScopedFd(const ScopedFd&) = delete;
  ScopedFd& operator=(const ScopedFd&) = delete;
  int get() const { return m_fd; }

 private:
  int m_fd;
};

// Everything the open descriptor `fd` holds, reading at most max_bytes + 1 bytes to notice a larger
// file: nullopt when it is larger. A read error (io) names `path`: "PATH: Input/output error".
Result<std::optional<std::string>> read_descriptor(int fd, const std::filesystem::path& path, std::size_t max_bytes);

}  // namespace sshtune
