#include "probes/bench/hash_bench.hpp"

#include "base/process.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace sshtune::probes {
namespace {

// A memory file of `bytes` bytes, read from its start; -1 when it cannot be made.
int memory_file(std::uint64_t bytes) {
  const int fd = ::memfd_create("ssh-tune-hash", MFD_CLOEXEC);
  if (fd < 0) return -1;
  // Random-looking content would hash no slower: SHA-256 costs the same per block whatever it holds.
  if (::ftruncate(fd, static_cast<off_t>(bytes)) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

std::optional<double> sha256sum_mb_per_s(const Clock& clock, std::uint64_t bytes) {
  const int input = memory_file(bytes);
  if (input < 0) return std::nullopt;
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null < 0) {  // -1 would hand sha256sum this process's own stdout
    ::close(input);
    return std::nullopt;
  }
  const auto start = clock.now();
  const auto pid = spawn_child({"sha256sum"}, ChildFds{input, null, null}, false);
  ::close(input);
  ::close(null);
  if (!pid) return std::nullopt;
  const int status = wait_child(pid.value());
  const double seconds = seconds_since(clock, start);
  if (status != 0 || seconds <= 0) return std::nullopt;
  return static_cast<double>(bytes) / seconds / 1e6;
}

}  // namespace sshtune::probes
