#include "probes/libssh_runner.hpp"
#include "probes/server_algorithms.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

namespace sshtune {
namespace {

// A one-connection TCP server on 127.0.0.1 that sends `script`, then holds the connection
// open for `hold` (or closes at once) — a stand-in for broken or hostile SSH servers.
class ScriptedServer {
 public:
  ScriptedServer(std::string script, std::chrono::milliseconds hold) {
    m_listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof address);
    listen(m_listener, 1);
    getsockname(m_listener, reinterpret_cast<sockaddr*>(&address), &size);
    m_port = ntohs(address.sin_port);
    m_thread = std::thread([this, script = std::move(script), hold] {
      const int client = accept(m_listener, nullptr, nullptr);
      if (client < 0) {
        return;
      }
      char banner[64];
      (void)!read(client, banner, sizeof banner);  // the probe's identification line: avoids a reset on close
      (void)!write(client, script.data(), script.size());
      std::this_thread::sleep_for(hold);
      close(client);
    });
  }
  ~ScriptedServer() {
    shutdown(m_listener, SHUT_RDWR);
    m_thread.join();
    close(m_listener);
  }
  RemoteTarget target() const {
    RemoteTarget target;
    target.hostname = "127.0.0.1";
    target.port = m_port;
    target.timeout = std::chrono::milliseconds(500);
    return target;
  }

 private:
  int m_listener = -1;
  std::uint16_t m_port = 0;
  std::thread m_thread;
};

std::string error_from(const ScriptedServer& server) {
  auto result = fetch_server_algorithms(server.target());
  return result ? "no error" : result.error().message.substr(result.error().message.find(": ") + 2);
}

TEST(HostileServer, SilentServerTimesOutOnceSayingTheBannerNeverCame) {
  ScriptedServer server("", std::chrono::milliseconds(700));
  const auto start = std::chrono::steady_clock::now();
  const auto result = fetch_server_algorithms(server.target());
  ASSERT_FALSE(result);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(650));  // one 500 ms timeout
  EXPECT_EQ(result.error().message,
            describe(server.target()) + ": TCP connected, but the server sent no SSH banner within 0.5 s");
  EXPECT_EQ(result.error().kind, ErrorKind::remote);  // the host pipeline stops here (no second timeout)
}

// The host pipeline's first connection is libssh's authenticated control session: a silent
// server costs it one timeout and the message says what happened.
TEST(HostileServer, SilentServerToTheLibsshSessionSaysTheBannerNeverCame) {
  ScriptedServer server("", std::chrono::milliseconds(1500));
  const auto start = std::chrono::steady_clock::now();
  const auto access = make_libssh_runner(server.target())->check_access();
  ASSERT_FALSE(access);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1400));
  EXPECT_EQ(access.error().message,
            describe(server.target()) + ": TCP connected, but the server sent no SSH banner within 0.5 s");
  EXPECT_EQ(access.error().kind, ErrorKind::remote);
}

TEST(HostileServer, ProtocolViolationsAreMalformedDataNotUnreachableHosts) {
  ScriptedServer server("HTTP/1.1 400 Bad Request\r\n\r\n<html>", std::chrono::milliseconds(0));
  const auto result = fetch_server_algorithms(server.target());
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().kind, ErrorKind::invalid_input);
}

TEST(HostileServer, SlowDripStillHitsTheDeadline) {
  ScriptedServer server("SSH-2.0-x\r\n\x00\x00", std::chrono::milliseconds(700));
  EXPECT_EQ(error_from(server), "timed out waiting for the server");
}

TEST(HostileServer, EarlyCloseIsReported) {
  ScriptedServer server("SSH-2.0-x\r\n", std::chrono::milliseconds(0));
  EXPECT_EQ(error_from(server), "server closed the connection before its KEXINIT (11 bytes received)");
}

TEST(HostileServer, HttpServerIsRejected) {
  ScriptedServer server("HTTP/1.1 400 Bad Request\r\n\r\n<html>", std::chrono::milliseconds(0));
  EXPECT_EQ(error_from(server), "server closed the connection before its KEXINIT (34 bytes received)");
}

TEST(HostileServer, HugePacketLengthIsRejectedWithoutReadingIt) {
  ScriptedServer server(std::string("SSH-2.0-x\r\n\x7f\xff\xff\xff\x04", 16), std::chrono::milliseconds(700));
  EXPECT_EQ(error_from(server), "packet_length 2147483647 exceeds 35000");
}

}  // namespace
}  // namespace sshtune
