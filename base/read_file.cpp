#include "base/read_file.hpp"

#include "base/file_kind.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace sshtune {
namespace {

Error io_failure(const std::filesystem::path& path, int errnum) {
  return Error{ErrorKind::io, path.string() + ": " + std::strerror(errnum)};
}

}  // namespace

ScopedFd::~ScopedFd() {
  if (m_fd >= 0) ::close(m_fd);
}

Result<std::optional<std::string>> read_descriptor(int fd, const std::filesystem::path& path, std::size_t max_bytes) {
  std::string text;
  char buffer[65536];
  while (text.size() <= max_bytes) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got == 0) return std::optional<std::string>(std::move(text));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return io_failure(path, errno);
    text.append(buffer, static_cast<std::size_t>(got));
  }
  return std::optional<std::string>();
}

Result<std::string> read_file(const std::filesystem::path& path, std::size_t max_bytes) {
  // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
  const ScopedFd file(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (file.get() < 0) return io_failure(path, errno);
  struct stat st {};
  if (::fstat(file.get(), &st) != 0) return io_failure(path, errno);
  const FileKind kind = file_kind_of(st.st_mode);
  if (kind == FileKind::directory) return io_failure(path, EISDIR);
  if (is_null_device(st)) return std::string();
  if (kind != FileKind::regular) return Error{ErrorKind::invalid_input, not_regular_message(path.string(), kind)};
  SSHTUNE_TRY(text, read_descriptor(file.get(), path, max_bytes));
  if (!text) {
    return Error{ErrorKind::invalid_input, path.string() + ": larger than " + std::to_string(max_bytes) +
                                               " bytes; ssh-tune reads files up to that size"};
  }
  return std::move(*text);
}

std::optional<std::string> read_file_if_present(const std::filesystem::path& path) {
  auto text = read_file(path);
  return text ? std::optional<std::string>(std::move(text).value()) : std::nullopt;
}

}  // namespace sshtune
