// tools/tun-link and `tools/test-host start DIR --tun`: the link alone between
// this namespace and one it makes (a TCP round trip of at least twice the delay,
// a bulk TCP transfer held to the rate, about PCT of the packets lost and the same
// ones for the same seed, the queue's bound in bytes and in waiting time), then a
// real sshd behind it with the congestion control asked for on both ends.
// Root and /dev/net/tun, or skipped with the reason.
#include "tests/support/shell.hpp"
#include "tests/support/test_host.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sched.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <thread>
#include <vector>

using sshtune::testing::run_shell;
using sshtune::testing::shell_quoted;
using sshtune::testing::TempDir;
using sshtune::testing::TestHost;
using sshtune::testing::TestHostOptions;
using Clock = std::chrono::steady_clock;

namespace {

const std::string kTool = std::string(SSHTUNE_SOURCE_DIR) + "/tools/tun-link";

double ms_between(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::milli>(to - from).count();
}

// tools/tun-link started like tools/test-host does (detached) with `args`, between
// here and a namespace it creates; stopped (by its pid file) on destruction.
class Link {
 public:
  explicit Link(const std::string& args) {
    static int count = 0;
    m_netns = "tlt-" + std::to_string(getpid()) + "-" + std::to_string(++count);
    const std::string dir = m_dir.path().string();
    std::string output;
    run_shell("setsid " + kTool + " start --netns " + m_netns + " " + args + " --pid-file " + dir +
                  "/link.pid --address-file " + dir + "/link.address --stats-file " + dir + "/link.stats </dev/null >" +
                  dir + "/link.log 2>&1 &",
              output);
    for (int i = 0; i < 200 && !std::filesystem::exists(m_dir.path() / "link.pid"); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    std::ifstream(m_dir.path() / "link.address") >> m_here >> m_there;
  }
  ~Link() { halt(); }
  Link(const Link&) = delete;
  Link& operator=(const Link&) = delete;

  bool up() const { return !m_there.empty(); }
  std::filesystem::path pid_file() const { return m_dir.path() / "link.pid"; }
  const std::string& here() const { return m_here; }
  const std::string& netns() const { return m_netns; }
  const std::string& there() const { return m_there; }
  std::string log() const { return sshtune::testing::read_file(m_dir.path() / "link.log"); }
  // Stops the link and returns its final counters.
  nlohmann::json stop() {
    halt();
    return nlohmann::json::parse(sshtune::testing::read_file(m_dir.path() / "link.stats"), nullptr, false);
  }

 private:
  void halt() const {
    std::string output;
    run_shell(kTool + " stop --pid-file " + pid_file().string(), output);
  }
  TempDir m_dir;
  std::string m_netns, m_here, m_there;
};

// A socket of `type` bound to address:0 inside namespace `netns` (made on a thread
// that joined it; the socket stays there). fd, or -1; `port` receives its port.
int socket_in_netns(const std::string& netns, const std::string& address, int type, int& port) {
  int result = -1;
  std::thread([&] {
    const int ns = open(("/run/netns/" + netns).c_str(), O_RDONLY | O_CLOEXEC);
    if (ns < 0 || setns(ns, CLONE_NEWNET) != 0) {
      return;
    }
    close(ns);
    const int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);
    sockaddr_in sa{};
    sa.sin_family = AF_INET;
    inet_pton(AF_INET, address.c_str(), &sa.sin_addr);
    socklen_t size = sizeof sa;
    const int big = 8 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
    if (bind(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0 || (type == SOCK_STREAM && listen(fd, 8) != 0) ||
        getsockname(fd, reinterpret_cast<sockaddr*>(&sa), &size) != 0) {
      close(fd);
      return;
    }
    port = ntohs(sa.sin_port);
    result = fd;
  }).join();
  return result;
}

// A socket of `type` connected to address:port (from this namespace), reads timing out after 5 s.
int connect_to(const std::string& address, int port, int type) {
  const int fd = socket(AF_INET, type | SOCK_CLOEXEC, 0);
  sockaddr_in sa{};
  sa.sin_family = AF_INET;
  sa.sin_port = htons(static_cast<std::uint16_t>(port));
  inet_pton(AF_INET, address.c_str(), &sa.sin_addr);
  const timeval timeout{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, sizeof timeout);
  const int one = 1;
  if (type == SOCK_STREAM) {
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  if (connect(fd, reinterpret_cast<sockaddr*>(&sa), sizeof sa) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

// Accepts one connection on `listener` and runs `serve` on it (then closes both), on its own thread.
std::thread serve_one(int listener, std::function<void(int)> serve) {
  return std::thread([listener, serve = std::move(serve)] {
    const timeval timeout{10, 0};
    setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    const int fd = accept(listener, nullptr, nullptr);
    if (fd >= 0) {
      setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
      serve(fd);
      close(fd);
    }
    close(listener);
  });
}

#define SKIP_WITHOUT_TUN()                                      \
  if (const auto reason = TestHost::tun_unavailable_reason()) { \
    GTEST_SKIP() << *reason;                                    \
  }

}  // namespace

TEST(TunLink, TcpRoundTripIsAtLeastTwiceTheDelay) {
  SKIP_WITHOUT_TUN();
  Link link("--delay 25");
  ASSERT_TRUE(link.up()) << link.log();
  int port = 0;
  const int listener = socket_in_netns(link.netns(), link.there(), SOCK_STREAM, port);
  ASSERT_GE(listener, 0);
  std::thread echo = serve_one(listener, [](int fd) {
    char buffer[64];
    for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;) {
      send(fd, buffer, static_cast<std::size_t>(n), MSG_NOSIGNAL);
    }
  });
  const int fd = connect_to(link.there(), port, SOCK_STREAM);
  ASSERT_GE(fd, 0);
  std::vector<double> trips;
  for (int i = 0; i < 8; ++i) {
    const auto start = Clock::now();
    char reply[4] = {};
    ASSERT_EQ(send(fd, "ping", 4, 0), 4);
    ASSERT_EQ(recv(fd, reply, 4, MSG_WAITALL), 4);
    trips.push_back(ms_between(start, Clock::now()));
  }
  close(fd);
  echo.join();
  std::sort(trips.begin(), trips.end());
  EXPECT_GE(trips.front(), 49.5) << "every round trip crosses the link twice";
  EXPECT_LT(trips[trips.size() / 2], 100.0) << "the link adds the delay, not multiples of it";
  std::cout << "TCP round trip at --delay 25: min " << trips.front() << " ms, median " << trips[trips.size() / 2]
            << " ms\n";
}

TEST(TunLink, BulkTcpTransferIsHeldToTheRate) {
  SKIP_WITHOUT_TUN();
  Link link("--delay 10 --rate 40 --cc cubic");
  ASSERT_TRUE(link.up()) << link.log();
  int port = 0;
  const int listener = socket_in_netns(link.netns(), link.there(), SOCK_STREAM, port);
  ASSERT_GE(listener, 0);
  // The receiver's rate from its first second on (slow start excluded) to the end.
  double mb_per_s = 0;
  std::thread sink = serve_one(listener, [&mb_per_s](int fd) {
    std::vector<char> buffer(1 << 20);
    std::size_t total = 0, at_one_second = 0;
    Clock::time_point first{}, mark{}, last{};
    for (ssize_t n; (n = recv(fd, buffer.data(), buffer.size(), 0)) > 0;) {
      last = Clock::now();
      if (total == 0) {
        first = last;
      }
      total += static_cast<std::size_t>(n);
      if (at_one_second == 0 && ms_between(first, last) >= 1000) {
        at_one_second = total;
        mark = last;
      }
    }
    mb_per_s = static_cast<double>(total - at_one_second) / ms_between(mark, last) / 1e3;
  });
  const int fd = connect_to(link.there(), port, SOCK_STREAM);
  ASSERT_GE(fd, 0);
  const std::vector<char> chunk(1 << 16, 'x');
  for (const auto end = Clock::now() + std::chrono::seconds(5); Clock::now() < end;) {
    ASSERT_GT(send(fd, chunk.data(), chunk.size(), MSG_NOSIGNAL), 0);
  }
  close(fd);
  sink.join();
  // 40 Mbit/s of 9000-byte packets carrying 8948 bytes of TCP payload each.
  const double payload_rate = 40e6 / 8 / 1e6 * 8948 / 9000;
  EXPECT_NEAR(mb_per_s / payload_rate, 1.0, 0.15) << mb_per_s << " MB/s";
  std::cout << "bulk TCP at --rate 40: " << mb_per_s << " MB/s of payload (" << payload_rate << " at the rate)\n";
}

namespace {

// Sends `count` UDP datagrams of 1000 bytes through a link with `args` into its
// namespace (100 at a time, 1 ms apart), read there as they come; (datagrams
// received there, the link's counters).
std::pair<int, nlohmann::json> udp_through(const std::string& args, int count) {
  Link link(args);
  EXPECT_TRUE(link.up()) << link.log();
  int port = 0;
  const int receiver = socket_in_netns(link.netns(), link.there(), SOCK_DGRAM, port);
  const int sender = connect_to(link.there(), port, SOCK_DGRAM);
  EXPECT_GE(receiver, 0);
  EXPECT_GE(sender, 0);
  int received = 0;
  std::thread receive([&] {  // until nothing came for a second
    const timeval timeout{1, 0};
    setsockopt(receiver, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    char buffer[2048];
    while (recv(receiver, buffer, sizeof buffer, 0) > 0) {
      ++received;
    }
  });
  const std::string datagram(1000, 'u');
  for (int i = 0; i < count; ++i) {
    send(sender, datagram.data(), datagram.size(), 0);
    if (i % 100 == 99) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  receive.join();
  close(sender);
  close(receiver);
  return {received, link.stop()};
}

}  // namespace

TEST(TunLink, LossDropsAboutThatShareAndTheSameForTheSameSeed) {
  SKIP_WITHOUT_TUN();
  const int count = 4000;
  const auto [received, stats] = udp_through("--delay 1 --loss 5 --seed 7", count);
  ASSERT_TRUE(stats.is_object());
  const auto& out = stats["to_netns"];
  EXPECT_EQ(out["packets"], count) << stats.dump();
  EXPECT_EQ(received, out["packets"].get<int>() - out["lost"].get<int>()) << "what the link did not drop arrived";
  const double share = 100.0 * out["lost"].get<int>() / count;
  // 5% of 4000: 200 with a standard deviation of 14; 3.5-6.5% is over 4 of them.
  EXPECT_GT(share, 3.5);
  EXPECT_LT(share, 6.5);
  const auto [again, same_seed] = udp_through("--delay 1 --loss 5 --seed 7", count);
  EXPECT_EQ(same_seed["to_netns"]["lost"], out["lost"]) << "the seed decides which packets are lost";
  std::cout << "--loss 5: " << out["lost"] << " of " << count << " lost (" << share << "%), " << received
            << " arrived\n";
}

TEST(TunLink, QueueHoldsAtMostItsBytes) {
  SKIP_WITHOUT_TUN();
  Link link("--delay 5 --rate 8 --queue 32");
  ASSERT_TRUE(link.up()) << link.log();
  int port = 0;
  const int receiver = socket_in_netns(link.netns(), link.there(), SOCK_DGRAM, port);
  const int sender = connect_to(link.there(), port, SOCK_DGRAM);
  ASSERT_GE(receiver, 0);
  ASSERT_GE(sender, 0);
  // 300 datagrams of 1000 bytes at once, each carrying its send time; the
  // receiver notes how long each took.
  std::vector<double> latencies;
  std::thread receive([&] {
    const timeval timeout{1, 0};
    setsockopt(receiver, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    char buffer[2048];
    while (recv(receiver, buffer, sizeof buffer, 0) > 0) {
      Clock::rep sent = 0;
      std::memcpy(&sent, buffer, sizeof sent);
      latencies.push_back(ms_between(Clock::time_point(Clock::duration(sent)), Clock::now()));
    }
  });
  std::string datagram(1000, 'q');
  for (int i = 0; i < 300; ++i) {
    const Clock::rep now = Clock::now().time_since_epoch().count();
    std::memcpy(datagram.data(), &now, sizeof now);
    send(sender, datagram.data(), datagram.size(), 0);
  }
  receive.join();
  close(sender);
  close(receiver);
  const auto stats = link.stop();
  ASSERT_TRUE(stats.is_object());
  const auto& out = stats["to_netns"];
  EXPECT_GT(out["queue_dropped"].get<int>(), 0) << stats.dump();
  EXPECT_LE(out["max_queue_bytes"].get<int>(), 32 * 1024);
  EXPECT_EQ(static_cast<int>(latencies.size()), out["delivered"].get<int>());
  ASSERT_FALSE(latencies.empty());
  const double longest = *std::max_element(latencies.begin(), latencies.end());
  // A full queue of 32 KiB drains in 33 ms at 1 MB/s, then 5 ms on the way.
  EXPECT_GT(longest, 5 + 25.0) << "the last packets waited in a queue";
  EXPECT_LT(longest, 5 + 33 + 25.0) << "no packet waited longer than a full queue takes";
  std::cout << "300 x 1028 bytes into a 32 KiB queue at 8 Mbit/s: " << out["delivered"] << " delivered, "
            << out["queue_dropped"] << " dropped, longest wait " << longest << " ms\n";
}

TEST(TunLink, ExitsWhenItsPidFileGoesAndLeavesNothingBehind) {
  SKIP_WITHOUT_TUN();
  Link link("--delay 1");
  ASSERT_TRUE(link.up()) << link.log();
  int pid = 0;
  std::ifstream(link.pid_file()) >> pid;
  ASSERT_TRUE(sshtune::testing::process_alive(pid));
  std::filesystem::remove(link.pid_file());
  for (int i = 0; i < 60 && sshtune::testing::process_alive(pid); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  EXPECT_FALSE(sshtune::testing::process_alive(pid)) << "tun-link " << pid << " still runs";
  std::string output;
  run_shell("ip -o addr show to " + link.here(), output);
  EXPECT_EQ(output, "") << "the device of this side is left";
  EXPECT_NE(run_shell("ip netns list | grep -q '^" + link.netns() + "\\b'", output), 0)
      << "the namespace it made is left";
  EXPECT_NE(link.log().find("tun-link: to_netns: "), std::string::npos) << "its counters on exit: " << link.log();
}

namespace {

// Whether `ss -tin` (run in `netns`, "" for here) shows a connection to or from `address` with `cc`.
bool connection_uses(const std::string& netns, const std::string& address, const std::string& cc) {
  const std::string prefix = netns.empty() ? "" : "ip netns exec " + netns + " ";
  std::string output;
  run_shell(prefix + "ss -tin '( dst " + address + " or src " + address + " )'", output);
  return output.find(" " + cc + " ") != std::string::npos || output.find("\t" + cc + " ") != std::string::npos;
}

}  // namespace

TEST(TunLinkHost, SshRunsOverTheLinkWithTheCongestionControlOfBothEnds) {
  SKIP_WITHOUT_TUN();
  TestHostOptions options;
  options.tun = true;
  options.delay_ms = 20;
  options.link_cc = "cubic";  // the machine's default here is bbr
  std::string error;
  auto host = TestHost::start(options, error);
  ASSERT_NE(host, nullptr) << error;
  const std::string ssh = "HOME=" + shell_quoted(host->home().string()) + " ssh -F " +
                          shell_quoted(host->ssh_config().string()) + " -o BatchMode=yes testhost ";
  std::string output, session_output;
  std::thread session([&] { run_shell(ssh + "'echo ok; sleep 2'", session_output); });
  bool client_cubic = false, server_cubic = false;
  for (int i = 0; i < 30 && !(client_cubic && server_cubic); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    client_cubic = connection_uses("", host->address(), "cubic");
    server_cubic = connection_uses(host->netns(), host->address(), "cubic");
  }
  session.join();
  EXPECT_EQ(session_output, "ok\n");
  EXPECT_TRUE(client_cubic);
  EXPECT_TRUE(server_cubic);

  const auto pid = host->link_pid();
  ASSERT_TRUE(pid);
  const std::string netns = host->netns();
  ASSERT_TRUE(host->stop(error)) << error;
  EXPECT_FALSE(sshtune::testing::process_alive(*pid)) << "tun-link " << *pid << " still runs";
  EXPECT_NE(run_shell("ip netns list | grep -q '^" + netns + "\\b'", output), 0) << netns << " is left";
}

TEST(TunLinkHost, BadArgumentsAreUsageErrors) {
  const TempDir dir;
  const std::string script = std::string(SSHTUNE_SOURCE_DIR) + "/tools/test-host";
  const std::string host = shell_quoted((dir.path() / "h").string());
  std::string output;
  EXPECT_EQ(run_shell(script + " start " + host + " --loss 1", output), 64) << output;
  EXPECT_EQ(run_shell(script + " start " + host + " --tun --shaped 20mbit", output), 64) << output;
  EXPECT_EQ(run_shell(kTool + " start --delay 5", output), 64) << output;
  EXPECT_EQ(output, "tun-link: --netns is required\n" + output.substr(output.find("usage:")));
  EXPECT_EQ(run_shell(kTool + " start --netns x --delay 5 --loss 101", output), 64) << output;
  EXPECT_EQ(run_shell(kTool + " start --netns x --delay 5 --rate 1/2/3", output), 64) << output;
  EXPECT_EQ(run_shell(kTool + " start --netns 'a b' --delay 5", output), 64) << output;
  EXPECT_EQ(run_shell(kTool + " start --netns x --delay 5 --frobnicate 1", output), 64) << output;
}
