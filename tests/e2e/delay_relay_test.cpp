// tools/delay-relay and `tools/test-host start DIR --delay MS`: the relay alone
// in front of in-process TCP servers (round trip, half-close, resets, many
// connections, plain TCP not window-limited, reading on while data waits), then
// real sshd/ssh through it
// (banner after one round trip, a 64 MiB payload intact, 8 concurrent sessions,
// stop, and one OpenSSH session held to its 2 MiB channel window per round trip).
#include "tests/support/shell.hpp"
#include "tests/support/test_host.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <future>
#include <iostream>
#include <random>
#include <sstream>
#include <thread>
#include <utility>

using sshtune::testing::run_shell;
using sshtune::testing::shell_quoted;
using sshtune::testing::TempDir;
using sshtune::testing::TestHost;
using sshtune::testing::TestHostOptions;
using Clock = std::chrono::steady_clock;

namespace {

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

// A connected TCP socket, closed on destruction; reads time out after 20 s so
// a broken relay fails the test instead of hanging it.
class Socket {
 public:
  explicit Socket(int fd = -1) : m_fd(fd) {}
  ~Socket() {
    if (m_fd >= 0) {
      close(m_fd);
    }
  }
  Socket(Socket&& other) noexcept : m_fd(std::exchange(other.m_fd, -1)) {}
  Socket& operator=(Socket&&) = delete;

  // Connects to 127.0.0.1:port; valid() tells whether it worked.
  static Socket connect_to(int port) {
    Socket socket(::socket(AF_INET, SOCK_STREAM, 0));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(socket.m_fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      return Socket();
    }
    socket.prepare();
    return socket;
  }
  void prepare() const {
    const int one = 1;
    setsockopt(m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    const timeval timeout{20, 0};
    setsockopt(m_fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  }

  bool valid() const { return m_fd >= 0; }
  int fd() const { return m_fd; }

  bool send_all(std::string_view data) const {
    while (!data.empty()) {
      const ssize_t n = ::send(m_fd, data.data(), data.size(), MSG_NOSIGNAL);
      if (n <= 0) {
        return false;
      }
      data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
  }
  // Up to `size` bytes (fewer at EOF); errno_out gets the error that ended it, or 0.
  std::string receive(std::size_t size, int* errno_out = nullptr) const {
    std::string data(size, '\0');
    std::size_t got = 0;
    int error = 0;
    while (got < size) {
      const ssize_t n = ::recv(m_fd, data.data() + got, size - got, 0);
      if (n < 0) {
        error = errno;
        break;
      }
      if (n == 0) {
        break;
      }
      got += static_cast<std::size_t>(n);
    }
    if (errno_out != nullptr) {
      *errno_out = error;
    }
    data.resize(got);
    return data;
  }
  // What one recv() returns (empty at EOF or on an error).
  std::string receive_some(std::size_t size) const {
    std::string data(size, '\0');
    const ssize_t n = ::recv(m_fd, data.data(), size, 0);
    data.resize(n > 0 ? static_cast<std::size_t>(n) : 0);
    return data;
  }
  // Everything until EOF (or an error, reported through errno_out).
  std::string receive_all(int* errno_out = nullptr) const {
    std::string data;
    std::string chunk(1 << 20, '\0');
    int error = 0;
    for (;;) {
      const ssize_t n = ::recv(m_fd, chunk.data(), chunk.size(), 0);
      if (n <= 0) {
        error = n < 0 ? errno : 0;
        break;
      }
      data.append(chunk, 0, static_cast<std::size_t>(n));
    }
    if (errno_out != nullptr) {
      *errno_out = error;
    }
    return data;
  }
  void shutdown_write() const { ::shutdown(m_fd, SHUT_WR); }
  // Closes with an RST instead of a FIN.
  void reset() {
    const linger abort{1, 0};
    setsockopt(m_fd, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
    close(std::exchange(m_fd, -1));
  }

 private:
  int m_fd;
};

// A TCP server on a free port of 127.0.0.1 running `serve` on its own thread
// for each connection; stops accepting and joins them on destruction.
class Server {
 public:
  explicit Server(std::function<void(Socket&)> serve) : m_serve(std::move(serve)) {
    m_listener = sshtune::testing::listen_on_loopback(m_port);
    m_acceptor = std::thread([this] { accept_loop(); });
  }
  ~Server() {
    ::shutdown(m_listener, SHUT_RDWR);  // wakes accept()
    m_acceptor.join();
    for (auto& worker : m_workers) {
      worker.join();
    }
    close(m_listener);
  }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;
  int port() const { return m_port; }

 private:
  void accept_loop() {
    for (int fd; (fd = accept(m_listener, nullptr, nullptr)) >= 0;) {
      m_workers.emplace_back([this, fd] {
        Socket socket(fd);
        socket.prepare();
        m_serve(socket);
      });
    }
  }
  std::function<void(Socket&)> m_serve;
  int m_listener = -1;
  int m_port = 0;
  std::thread m_acceptor;
  std::vector<std::thread> m_workers;
};

// Sends back what arrives, then passes the EOF on.
void echo(Socket& socket) {
  for (std::string chunk; !(chunk = socket.receive_some(1 << 16)).empty();) {
    if (!socket.send_all(chunk)) {
      return;
    }
  }
  socket.shutdown_write();
}

// tools/delay-relay on a free port in front of 127.0.0.1:target_port, started
// like tools/test-host does (detached); killed by pid on destruction.
class Relay {
 public:
  Relay(int target_port, int delay_ms) {
    const std::string dir = m_dir.path().string();
    const std::string command =
        "setsid " + std::string(SSHTUNE_SOURCE_DIR) +
        "/tools/delay-relay --listen 127.0.0.1:0 --to 127.0.0.1:" + std::to_string(target_port) + " --delay " +
        std::to_string(delay_ms) + " --pid-file " + dir + "/relay.pid --port-file " + dir + "/relay.port" +
        " </dev/null >" + dir + "/relay.log 2>&1 &";
    std::string output;
    run_shell(command, output);
    for (int i = 0; i < 100 && m_port == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::ifstream(m_dir.path() / "relay.port") >> m_port;
    }
    std::ifstream(m_dir.path() / "relay.pid") >> m_pid;
  }
  ~Relay() {
    if (m_pid > 0) {
      kill(m_pid, SIGTERM);
    }
  }
  Relay(const Relay&) = delete;
  Relay& operator=(const Relay&) = delete;
  int port() const { return m_port; }

 private:
  TempDir m_dir;
  int m_port = 0;
  int m_pid = 0;
};

// An echo server behind a relay of `delay_ms`, and one client connected through it.
struct EchoThroughRelay {
  explicit EchoThroughRelay(int delay_ms) : relay(server.port(), delay_ms), socket(Socket::connect_to(relay.port())) {}
  Server server{echo};
  Relay relay;
  Socket socket;
};

// Milliseconds of one small message's round trip over `socket` (an echo behind it).
double round_trip_ms(const Socket& socket) {
  const auto start = Clock::now();
  EXPECT_TRUE(socket.send_all("ping"));
  EXPECT_EQ(socket.receive(4), "ping");
  return ms_since(start);
}

std::string random_bytes(std::size_t size, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::string data(size, '\0');
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    const std::uint64_t value = rng();
    std::memcpy(data.data() + i, &value, 8);
  }
  return data;
}

}  // namespace

TEST(DelayRelay, EchoRoundTripIsTwiceTheDelay) {
  const EchoThroughRelay path(25);
  const Socket& socket = path.socket;
  ASSERT_TRUE(socket.valid());
  round_trip_ms(socket);  // the first also waits for the upstream connect
  std::vector<double> trips;
  for (int i = 0; i < 7; ++i) {
    trips.push_back(round_trip_ms(socket));
  }
  for (const double trip : trips) {
    EXPECT_GE(trip, 49.5) << "a round trip never beats 2 x 25 ms";
  }
  EXPECT_LT(median(trips), 65.0);
  std::cout << "echo round trip through a 25 ms relay: median " << median(trips) << " ms\n";
}

TEST(DelayRelay, HalfCloseLetsTheOtherDirectionFlow) {
  // The server reads to EOF, then answers: the answer can only come back if the
  // relay passed the client's EOF on and kept the other direction open.
  Server server([](Socket& socket) {
    const std::string received = socket.receive_all();
    socket.send_all("got " + std::to_string(received.size()) + "\n");
    socket.shutdown_write();
  });
  Relay relay(server.port(), 10);
  ASSERT_NE(relay.port(), 0);
  const Socket socket = Socket::connect_to(relay.port());
  ASSERT_TRUE(socket.valid());
  ASSERT_TRUE(socket.send_all(random_bytes(1 << 20, 3)));
  socket.shutdown_write();
  int error = 0;
  EXPECT_EQ(socket.receive_all(&error), "got 1048576\n");
  EXPECT_EQ(error, 0) << "the answer ends with a clean EOF";
}

TEST(DelayRelay, ResetsPassThroughBothWays) {
  std::promise<int> server_saw;
  Server server([&server_saw](Socket& socket) {
    const std::string first = socket.receive(5);
    if (first == "reset") {
      socket.reset();  // server -> client
      return;
    }
    int error = 0;
    socket.receive_all(&error);  // client -> server: the client resets
    server_saw.set_value(error);
  });
  Relay relay(server.port(), 10);
  ASSERT_NE(relay.port(), 0);

  const Socket victim = Socket::connect_to(relay.port());
  ASSERT_TRUE(victim.valid());
  ASSERT_TRUE(victim.send_all("reset"));
  int error = 0;
  victim.receive_all(&error);
  EXPECT_EQ(error, ECONNRESET) << "the server's RST reaches the client";

  Socket resetter = Socket::connect_to(relay.port());
  ASSERT_TRUE(resetter.valid());
  ASSERT_TRUE(resetter.send_all("hello"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // "hello" is through
  resetter.reset();
  auto saw = server_saw.get_future();
  ASSERT_EQ(saw.wait_for(std::chrono::seconds(5)), std::future_status::ready);
  EXPECT_EQ(saw.get(), ECONNRESET) << "the client's RST reaches the server";
}

TEST(DelayRelay, SixteenConcurrentConnectionsEachGetTheirOwnData) {
  Server server(echo);
  Relay relay(server.port(), 20);
  ASSERT_NE(relay.port(), 0);
  std::vector<Socket> sockets;
  std::vector<std::string> payloads;
  const auto start = Clock::now();
  for (int i = 0; i < 16; ++i) {
    sockets.push_back(Socket::connect_to(relay.port()));
    ASSERT_TRUE(sockets.back().valid()) << "connection " << i;
    payloads.push_back(random_bytes(64 << 10, static_cast<unsigned>(i)));
    ASSERT_TRUE(sockets.back().send_all(payloads.back()));
  }
  for (int i = 0; i < 16; ++i) {
    EXPECT_TRUE(sockets[i].receive(64 << 10) == payloads[i]) << "connection " << i << " got other bytes";
  }
  EXPECT_LT(ms_since(start), 1000.0) << "the 16 connections were served side by side, not one after another";
}

// 64 MiB echoed through the relay's 2 x `delay_ms` round trip, byte-identical; its MB/s each way.
double echo_rate_through_relay(int delay_ms) {
  const EchoThroughRelay path(delay_ms);
  const Socket& socket = path.socket;
  EXPECT_TRUE(socket.valid());
  const std::string payload = random_bytes(64 << 20, 5);
  const auto start = Clock::now();
  std::thread sender([&] {
    socket.send_all(payload);
    socket.shutdown_write();
  });
  const std::string echoed = socket.receive_all();
  sender.join();
  EXPECT_TRUE(echoed == payload) << "got " << echoed.size() << " bytes, not the same";
  return payload.size() / ms_since(start) / 1e3;
}

TEST(DelayRelay, PlainTcpIsNotWindowLimited) {
  // TCP on each side sees a fast peer, so nothing like SSH's 2 MiB-per-round-trip cap applies; the
  // figure is the relay's own speed, which does not depend on the delay. A 100 ms round trip puts that
  // cap at 21 MB/s, well under what the relay copies on a loaded 2-core VM (48-50 MB/s at worst seen,
  // 80+ usually), so the test tells a window-bound relay from a busy machine. Best of up to three runs.
  constexpr int k_delay_ms = 50;
  const double window_cap = (2 << 20) / (2.0 * k_delay_ms) / 1e3;  // MB/s
  double best = 0;
  for (int run = 0; run < 3 && best <= 1.5 * window_cap; ++run) {
    best = std::max(best, echo_rate_through_relay(k_delay_ms));
  }
  EXPECT_GT(best, 1.5 * window_cap) << "plain TCP held near SSH's window cap: the relay limits throughput";
  std::cout << "64 MiB echo through a " << k_delay_ms << " ms relay: " << best << " MB/s each way (best run; "
            << "a 2 MiB window would cap it at " << window_cap << ")\n";
}

TEST(DelayRelay, KeepsReadingWhileDataWaits) {
  // 24 MiB, more than the kernel's socket buffers on both sides hold, sent into
  // a 500 ms relay: the client finishes sending before the first byte can have
  // reached the server, so the relay read it all while it waited.
  std::promise<std::pair<double, std::size_t>> first_and_total;
  Clock::time_point start;
  Server server([&](Socket& socket) {
    std::string first = socket.receive(1);
    const double first_ms = ms_since(start);
    first_and_total.set_value({first_ms, first.size() + socket.receive_all().size()});
  });
  Relay relay(server.port(), 500);
  ASSERT_NE(relay.port(), 0);
  start = Clock::now();
  const Socket socket = Socket::connect_to(relay.port());
  ASSERT_TRUE(socket.valid());
  ASSERT_TRUE(socket.send_all(random_bytes(24 << 20, 13)));
  const double sent_ms = ms_since(start);
  socket.shutdown_write();
  auto result = first_and_total.get_future();
  ASSERT_EQ(result.wait_for(std::chrono::seconds(10)), std::future_status::ready);
  const auto [first_ms, total] = result.get();
  EXPECT_EQ(total, std::size_t{24} << 20);
  EXPECT_GE(first_ms, 499.0) << "nothing arrives before the delay";
  EXPECT_LT(sent_ms, first_ms) << "the client was held back: the relay stopped reading while data waited";
  std::cout << "24 MiB accepted in " << sent_ms << " ms, first byte at the server after " << first_ms << " ms\n";
}

namespace {

std::unique_ptr<TestHost> delayed_host(int delay_ms) {
  std::string error;
  TestHostOptions options;
  options.delay_ms = delay_ms;
  auto host = TestHost::start(options, error);
  EXPECT_NE(host, nullptr) << error;
  return host;
}

// The ssh command line for `host` (its own HOME and config; host key checked).
std::string ssh_to(const TestHost& host, const std::string& flags = "") {
  return "HOME=" + shell_quoted(host.home().string()) + " ssh -F " + shell_quoted(host.ssh_config().string()) +
         " -o BatchMode=yes -o StrictHostKeyChecking=yes " + flags + " " + TestHost::alias();
}

// Milliseconds from connect() to the first bytes of the SSH banner on `port`.
double banner_ms(int port) {
  const auto start = Clock::now();
  const Socket socket = Socket::connect_to(port);
  EXPECT_TRUE(socket.valid());
  EXPECT_EQ(socket.receive(4), "SSH-");
  return ms_since(start);
}

// The port sshd itself listens on (its ListenAddress), 0 if not found.
int sshd_port(const TestHost& host) {
  std::istringstream config(sshtune::testing::read_file(host.dir() / "sshd_config"));
  for (std::string line; std::getline(config, line);) {
    if (line.rfind("ListenAddress ", 0) == 0) {
      return std::atoi(line.substr(line.rfind(':') + 1).c_str());
    }
  }
  return 0;
}

// MB/s of one upload of `mebibytes` zeros, timed on the server after its first 4 MiB.
double upload_mb_per_s(const TestHost& host, int mebibytes) {
  const std::string remote =
      "dd of=/dev/null bs=1M count=4 iflag=fullblock status=none; s=$(date +%s.%N); n=$(wc -c); "
      "e=$(date +%s.%N); echo $n $s $e";
  std::string output;
  const std::string command = "head -c " + std::to_string(mebibytes) + "M /dev/zero | " +
                              ssh_to(host, "-c aes128-gcm@openssh.com -o Compression=no") + " " + shell_quoted(remote);
  EXPECT_EQ(run_shell(command, output), 0) << output;
  double bytes = 0, start = 0, end = 0;
  std::istringstream(output) >> bytes >> start >> end;
  return end > start ? bytes / (end - start) / 1e6 : 0;
}

}  // namespace

TEST(DelayedHost, BannerArrivesOneRoundTripAfterConnect) {
  auto host = delayed_host(50);
  ASSERT_NE(host, nullptr);
  ASSERT_TRUE(host->relay_port());
  const int direct_port = sshd_port(*host);
  ASSERT_NE(direct_port, 0);
  std::vector<double> relayed, direct;
  for (int i = 0; i < 5; ++i) {  // interleaved: a busy CPU slows both alike
    relayed.push_back(banner_ms(*host->relay_port()));
    direct.push_back(banner_ms(direct_port));
  }
  // The upstream connect waits 50 ms (the SYN's way out), the banner 50 ms
  // back; sshd's own fork and exec (direct) come on top. The floor pins the
  // round trip exactly; the difference of medians only bounds it from above:
  // sshd's fork and exec vary by tens of ms between connections on a busy CPU.
  const double added = median(relayed) - median(direct);
  EXPECT_GE(*std::min_element(relayed.begin(), relayed.end()), 99.5);
  EXPECT_LT(added, 150.0);
  std::cout << "connect -> banner at --delay 50: median " << median(relayed) << " ms (sshd direct " << median(direct)
            << " ms)\n";
}

TEST(DelayedHost, LargePayloadArrivesByteIdentical) {
  auto host = delayed_host(20);
  ASSERT_NE(host, nullptr);
  const auto path = host->dir() / "payload.bin";
  std::ofstream(path, std::ios::binary) << random_bytes(64 << 20, 9);
  std::string local, remote;
  ASSERT_EQ(run_shell("sha256sum < " + shell_quoted(path.string()), local), 0) << local;
  ASSERT_EQ(run_shell(ssh_to(*host) + " sha256sum < " + shell_quoted(path.string()), remote), 0) << remote;
  EXPECT_EQ(remote, local);
}

TEST(DelayedHost, EightConcurrentSessionsSucceed) {
  auto host = delayed_host(20);
  ASSERT_NE(host, nullptr);
  // Each session checks in, then waits (up to 30 s) until all 8 have: each one
  // answering "8" proves the 8 were open through the relay at the same time.
  const std::string dir = host->dir().string();
  const std::string remote = "touch " + dir + "/in.$0; for n in $(seq 300); do [ $(ls " + dir +
                             "/in.* | wc -l) -ge 8 ] && break; sleep 0.1; done; echo $0 $(ls " + dir + "/in.* | wc -l)";
  const std::string command = "for i in 1 2 3 4 5 6 7 8; do " + ssh_to(*host) + " sh -c " +
                              shell_quoted(shell_quoted(remote)) + " $i > " + dir + "/out.$i 2>&1 & done; wait";
  std::string output;
  run_shell(command, output);
  for (int i = 1; i <= 8; ++i) {
    EXPECT_EQ(sshtune::testing::read_file(dir + "/out." + std::to_string(i)), std::to_string(i) + " 8\n")
        << "session " << i;
  }
}

TEST(DelayedHost, StopLeavesNoRelayProcess) {
  auto host = delayed_host(10);
  ASSERT_NE(host, nullptr);
  const auto pid = host->relay_pid();
  ASSERT_TRUE(pid);
  EXPECT_TRUE(sshtune::testing::process_alive(*pid));
  std::string error;
  ASSERT_TRUE(host->stop(error)) << error;
  EXPECT_FALSE(sshtune::testing::process_alive(*pid)) << "relay " << *pid << " still runs";
}

TEST(PlainShellHost, ReadsNoRcFileAndStartsInTheAccountsHome) {
  TestHostOptions options;
  options.plain_shell = true;
  std::string error;
  auto host = TestHost::start(options, error);
  ASSERT_NE(host, nullptr) << error;
  std::string output;
  ASSERT_EQ(run_shell(ssh_to(*host) + " 'echo \"$HOME\"; pwd'", output), 0) << output;
  const std::string account_home = getpwuid(geteuid())->pw_dir;
  EXPECT_EQ(output, (host->dir() / "remote-home").string() + "\n" + account_home + "\n");
}

// OpenSSH's channel window is 2 MiB: one session moves at most 2 MiB per round
// trip, however fast the link. The best of up to `attempts` server-timed uploads
// (a busy CPU only makes a session slower) as a fraction of that cap.
double best_fraction_of_window_cap(int delay_ms, int mebibytes, int attempts) {
  auto host = delayed_host(delay_ms);
  if (host == nullptr) {
    return 0;
  }
  const double cap = 2.0 * 1048576 / (2 * delay_ms / 1000.0) / 1e6;
  double best = 0;
  int runs = 0;
  while (runs < attempts && best < 0.85) {
    best = std::max(best, upload_mb_per_s(*host, mebibytes) / cap);
    ++runs;
  }
  std::cout << "one session at RTT " << 2 * delay_ms << " ms: " << best * cap << " MB/s = " << best << " x 2 MiB/RTT ("
            << cap << " MB/s), best of " << runs << "\n";
  return best;
}

TEST(DelayedHost, OneSessionIsHeldToItsChannelWindowPerRoundTrip) {
  // RTT 100 ms: within 15% of 2 MiB/RTT (21 MB/s); measured 0.89-0.90 even at
  // load 15 on the 2-core box.
  EXPECT_NEAR(best_fraction_of_window_cap(50, 64, 3), 1.0, 0.15);
  // RTT 40 ms (52.4 MB/s): never above the cap (the relay really delays), and
  // not far below it (0.88-0.90 on a quiet box, 0.75-0.80 when the CPUs are
  // 7x oversubscribed: ssh's own per-window processing then adds to the RTT).
  const double at_40_ms = best_fraction_of_window_cap(20, 128, 1);
  EXPECT_LE(at_40_ms, 1.15);
  EXPECT_GE(at_40_ms, 0.6);
}

TEST(DelayedHost, BadArgumentsAreUsageErrors) {
  const TempDir dir;
  std::string output;
  const std::string script = std::string(SSHTUNE_SOURCE_DIR) + "/tools/test-host";
  EXPECT_EQ(run_shell(script + " start " + shell_quoted(dir.path().string() + "/h") + " --delay 2x", output), 64)
      << output;
  EXPECT_EQ(run_shell(script + " start " + shell_quoted(dir.path().string() + "/h") + " --delay", output), 64)
      << output;
  const std::string relay = std::string(SSHTUNE_SOURCE_DIR) + "/tools/delay-relay";
  EXPECT_EQ(run_shell(relay + " --listen 127.0.0.1:0 --to nowhere --delay 5", output), 64) << output;
  EXPECT_EQ(run_shell(relay + " --listen 127.0.0.1:0 --to 127.0.0.1:22 --delay -1", output), 64) << output;
}

TEST(DelayedHost, ShapedAndDelayedCombineInEitherOrder) {
  if (const auto reason = TestHost::shaped_unavailable_reason()) {
    GTEST_SKIP() << *reason;
  }
  // --delay before --shaped here (TestHost passes --shaped first).
  const TempDir dir;
  const std::string host_dir = (dir.path() / "h").string();
  const std::string script = std::string(SSHTUNE_SOURCE_DIR) + "/tools/test-host";
  std::string output;
  ASSERT_EQ(run_shell(script + " start " + shell_quoted(host_dir) + " --delay 20 --shaped 20mbit", output), 0)
      << output;
  int port = 0, pid = 0;
  std::ifstream(host_dir + "/relay.port") >> port;
  std::ifstream(host_dir + "/relay.pid") >> pid;
  const std::string netns = sshtune::testing::read_file(host_dir + "/netns");
  const double banner = banner_ms(port);
  const std::string home = host_dir + "/home";
  const int ssh_status = run_shell("HOME=" + shell_quoted(home) + " ssh -F " + shell_quoted(home + "/.ssh/config") +
                                       " -o BatchMode=yes -o StrictHostKeyChecking=yes testhost 'echo ok'",
                                   output);
  const std::string ssh_output = output;
  run_shell(script + " stop " + shell_quoted(host_dir), output);

  EXPECT_GE(banner, 39.5) << "the relay sits in front of the namespace";
  EXPECT_EQ(ssh_status, 0) << ssh_output;
  EXPECT_EQ(ssh_output, "ok\n");
  EXPECT_FALSE(sshtune::testing::process_alive(pid));
  EXPECT_NE(run_shell("ip netns list | grep -qx '" + netns.substr(0, netns.find('\n')) + ".*'", output), 0)
      << "namespace " << netns << " is left";
}
