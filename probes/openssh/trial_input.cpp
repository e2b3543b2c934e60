#include "probes/openssh/trial_input.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

namespace sshtune::probes {
namespace {

// Longer than any trial reads (32 s at 2 GB/s); a sparse file of zeros costs nothing to make this long.
constexpr std::uint64_t k_zeros_length = std::uint64_t{64} << 30;
// How far a memory file of payload runs ahead of its reader: 0.2 s of a fast compressed stream (about
// 300 MB/s, zlib's best case on a fast CPU), with feed called every poll slice (20 ms); freed behind the
// reader in the same steps.
constexpr std::uint64_t k_ahead = std::uint64_t{64} << 20;
// A pipe's size and its feeder's block: Linux's default cap for unprivileged callers, so ssh reads in
// large bites and the feeder wakes seldom.
constexpr std::size_t k_pipe_block = std::size_t{1} << 20;

// Page-aligned zeros that never change, so vmsplice can hand their pages to the pipe.
std::string_view zeros() {
  static const char* const buffer = [] {
    void* memory = std::aligned_alloc(4096, k_pipe_block);
    std::memset(memory, 0, k_pipe_block);
    return static_cast<const char*>(memory);
  }();
  return {buffer, k_pipe_block};
}

// Moves `size` bytes of `data`, which must not change while the pipe may hold them, into the pipe by
// reference (vmsplice), so feeding costs next to no CPU. Copies where vmsplice is refused.
ssize_t splice_into(int fd, const char* data, std::size_t size) {
  iovec part{const_cast<char*>(data), size};
  const ssize_t n = ::vmsplice(fd, &part, 1, SPLICE_F_NONBLOCK);
  if (n >= 0 || errno != EINVAL) return n;
  return ::write(fd, data, size);
}

// The longest file this process may write (RLIMIT_FSIZE: going past it would raise SIGXFSZ).
std::uint64_t length_allowed(std::uint64_t wanted) {
  rlimit limit{};
  if (::getrlimit(RLIMIT_FSIZE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return wanted;
  return std::min<std::uint64_t>(wanted, limit.rlim_cur);
}

Error io_error(const char* what) { return Error{ErrorKind::io, std::string(what) + ": " + std::strerror(errno)}; }

void close_fd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

}  // namespace

Result<TrialInput> TrialInput::create(Kind kind, std::shared_ptr<const std::string> payload,
                                      std::uint64_t first_bytes) {
  if (payload != nullptr && payload->empty()) payload.reset();
  TrialInput input(kind, std::move(payload));
  if (kind == Kind::pipe) {
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0) return io_error("pipe");
    input.m_child_fd = ends[0];
    input.m_pipe_fd = ends[1];
    ::fcntl(ends[1], F_SETPIPE_SZ, static_cast<int>(k_pipe_block));  // best effort
    ::fcntl(ends[1], F_SETFL, ::fcntl(ends[1], F_GETFL) | O_NONBLOCK);
    return input;
  }
  input.m_child_fd = ::memfd_create("ssh-tune-trial", MFD_CLOEXEC);
  if (input.m_child_fd < 0) return io_error("memfd_create");
  if (input.m_payload == nullptr) {
    if (::ftruncate(input.m_child_fd, static_cast<off_t>(length_allowed(k_zeros_length))) != 0)
      return io_error("ftruncate");
    return input;
  }
  SSHTUNE_TRYV(input.append_until(length_allowed(first_bytes + k_ahead)));
  return input;
}

TrialInput::TrialInput(TrialInput&& other) noexcept
    : m_kind(other.m_kind),
      m_payload(std::move(other.m_payload)),
      m_child_fd(std::exchange(other.m_child_fd, -1)),
      m_pipe_fd(std::exchange(other.m_pipe_fd, -1)),
      m_written(other.m_written),
      m_freed(other.m_freed),
      m_payload_offset(other.m_payload_offset),
      m_ended(other.m_ended) {}

TrialInput::~TrialInput() {
  close_fd(m_child_fd);
  close_fd(m_pipe_fd);
}

void TrialInput::spawned() {
  if (m_kind == Kind::pipe) close_fd(m_child_fd);
}

int TrialInput::wait_fd() const { return m_kind == Kind::pipe ? m_pipe_fd : -1; }

std::uint64_t TrialInput::consumed() const {
  if (m_kind == Kind::pipe) return m_written;
  const off_t at = ::lseek(m_child_fd, 0, SEEK_CUR);
  return at > 0 ? static_cast<std::uint64_t>(at) : 0;
}

void TrialInput::feed(std::uint64_t limit) {
  if (m_ended) return;
  if (m_kind == Kind::pipe)
    feed_pipe(limit);
  else if (m_payload != nullptr)
    feed_file();
}

void TrialInput::feed_pipe(std::uint64_t limit) {
  // Both sources are immutable: the zeros, and the shared payload (which outlives this pipe).
  const std::string_view data = m_payload != nullptr ? std::string_view(*m_payload) : zeros();
  // A bounded burst per call, so a fast reader never keeps the caller from its clock and outputs.
  for (int i = 0; i < 16 && m_written < limit; ++i) {
    const std::size_t part = std::min<std::uint64_t>({data.size() - m_payload_offset, k_pipe_block, limit - m_written});
    const ssize_t n = splice_into(m_pipe_fd, data.data() + m_payload_offset, part);
    if (n <= 0) return;
    m_written += static_cast<std::uint64_t>(n);
    m_payload_offset = (m_payload_offset + static_cast<std::size_t>(n)) % data.size();
  }
}

Result<void> TrialInput::append_until(std::uint64_t size) {
  const std::string& data = *m_payload;
  while (m_written < size) {
    const std::size_t part = std::min<std::uint64_t>(data.size() - m_payload_offset, size - m_written);
    const ssize_t n = ::pwrite(m_child_fd, data.data() + m_payload_offset, part, static_cast<off_t>(m_written));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return io_error("writing the trial's payload");
    m_written += static_cast<std::uint64_t>(n);
    m_payload_offset = (m_payload_offset + static_cast<std::size_t>(n)) % data.size();
  }
  return ok();
}

void TrialInput::feed_file() {
  const std::uint64_t at = consumed();
  // A failed append only makes the stream end early, and the trial then fails.
  if (m_written < at + k_ahead / 2) (void)append_until(length_allowed(at + k_ahead));
  const std::uint64_t behind = at / k_ahead * k_ahead;
  if (behind <= m_freed) return;
  ::fallocate(m_child_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(m_freed),
              static_cast<off_t>(behind - m_freed));
  m_freed = behind;
}

void TrialInput::end() {
  if (m_ended) return;
  m_ended = true;
  if (m_kind == Kind::pipe)
    close_fd(m_pipe_fd);
  else
    (void)::ftruncate(m_child_fd, 0);
}

}  // namespace sshtune::probes
