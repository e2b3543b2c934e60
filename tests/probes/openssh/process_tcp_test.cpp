// process_tcp_sample reads what TCP counted on another process's connection, as it reads ssh's: a child
// that connects to a listener on 127.0.0.1 and sends, and one that holds no TCP socket.
#include "probes/openssh/process_tcp.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <optional>
#include <vector>

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

constexpr std::size_t k_sent = 64 << 20;  // a thousand of loopback's 64 KiB segments

// A listener on a free port of 127.0.0.1; its port through `port`.
int listen_on_loopback(sockaddr_in& address) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  address = {};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 || ::listen(fd, 1) != 0) return -1;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  return fd;
}

// In a child: connects to `address`, sends k_sent bytes, then waits to be killed (only calls a forked
// child may make).
[[noreturn]] void send_and_wait(const sockaddr_in& address) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) ::_exit(1);
  static char block[65536];
  for (std::size_t sent = 0; sent < k_sent;) {
    const ssize_t n = ::write(fd, block, sizeof block);
    if (n <= 0) ::_exit(1);
    sent += static_cast<std::size_t>(n);
  }
  for (;;) ::pause();
}

void stop(pid_t pid) {
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
}

TEST(ProcessTcp, ReadsTheSegmentsAChildSentAndItsCongestionControl) {
  sockaddr_in address{};
  const int listener = listen_on_loopback(address);
  ASSERT_GE(listener, 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) send_and_wait(address);
  const int peer = ::accept(listener, nullptr, nullptr);
  std::vector<char> buffer(65536);
  std::size_t received = 0;
  while (received < k_sent) {
    const ssize_t n = ::read(peer, buffer.data(), buffer.size());
    if (n <= 0) break;
    received += static_cast<std::size_t>(n);
  }
  // Every byte was read here; the child's side may count the last acknowledgement a moment later.
  std::optional<TcpSample> sample;
  for (int tries = 0; tries < 100; ++tries) {
    sample = process_tcp_sample(child);
    if (sample && sample->segments_out * sample->mss_bytes + sample->mss_bytes > k_sent) break;
    ::usleep(10000);
  }
  stop(child);
  ::close(peer);
  ::close(listener);
  ASSERT_EQ(received, k_sent);
  ASSERT_TRUE(sample);
  EXPECT_GT(sample->mss_bytes, 0U);
  EXPECT_EQ(sample->segments_out, k_sent / sample->mss_bytes) << "the bytes acknowledged, in whole segments";
  // Loopback drops nothing on the wire, though a busy machine's tail-loss probes may send a few again.
  EXPECT_LT(sample->retransmitted, sample->segments_out / 10);
  EXPECT_FALSE(sample->congestion.empty());
}

TEST(ProcessTcp, AProcessWithoutATcpConnectionHasNoSample) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    for (;;) ::pause();
  }
  EXPECT_FALSE(process_tcp_sample(child));
  stop(child);
  EXPECT_FALSE(process_tcp_sample(child)) << "a process that is gone";
}

}  // namespace
}  // namespace sshtune::probes
