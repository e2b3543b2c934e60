#include "probes/core/remote_kexinit.hpp"
#include "probes/libssh/libssh_runner.hpp"
#include "probes/core/server_algorithms.hpp"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <regex>
#include <thread>

namespace sshtune::probes {
namespace {

// How a scripted server treats the connection.
enum class Style {
  reads_first,     // reads the probe's identification line, sends the script, holds, closes
  resets,          // resets the connection (RST) at once
  endless_banner,  // "SSH-2.0-" and then 'A's, without a line end, until the peer gives up
};

// A one-connection TCP server on 127.0.0.1 that sends `script`, then holds the connection
// open for `hold` (or closes at once) — a stand-in for broken or hostile SSH servers.
class ScriptedServer {
 public:
  ScriptedServer(std::string script, std::chrono::milliseconds hold, Style style = Style::reads_first) {
    m_listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    bind(m_listener, reinterpret_cast<sockaddr*>(&address), sizeof address);
    listen(m_listener, 1);
    getsockname(m_listener, reinterpret_cast<sockaddr*>(&address), &size);
    m_port = ntohs(address.sin_port);
    m_thread = std::thread([this, script = std::move(script), hold, style] {
      const int client = accept(m_listener, nullptr, nullptr);
      if (client < 0) {
        return;
      }
      serve(client, script, hold, style);
    });
  }
  ~ScriptedServer() {
    shutdown(m_listener, SHUT_RDWR);
    m_thread.join();
    close(m_listener);
  }
  probes::RemoteTarget target() const {
    probes::RemoteTarget target;
    target.hostname = "127.0.0.1";
    target.port = m_port;
    target.timeout = std::chrono::milliseconds(500);
    return target;
  }

 private:
  static void serve(int client, const std::string& script, std::chrono::milliseconds hold, Style style) {
    if (style == Style::resets) {
      const linger abort{1, 0};
      setsockopt(client, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
    } else if (style == Style::endless_banner) {
      const std::string more(1024, 'A');
      bool open = send(client, "SSH-2.0-", 8, MSG_NOSIGNAL) == 8;
      for (int i = 0; open && i < 4096; ++i) open = send(client, more.data(), more.size(), MSG_NOSIGNAL) > 0;
    } else {
      char banner[64];
      (void)!read(client, banner, sizeof banner);  // the probe's identification line: avoids a reset on close
      (void)!write(client, script.data(), script.size());
      std::this_thread::sleep_for(hold);
    }
    close(client);
  }

  int m_listener = -1;
  std::uint16_t m_port = 0;
  std::thread m_thread;
};

std::string error_from(const ScriptedServer& server) {
  auto result = probes::fetch_server_algorithms(server.target(), system_clock());
  return result ? "no error" : result.error().message.substr(result.error().message.find(": ") + 2);
}

// The message with its measured time ("after 0.0 s") as "after T s": tests assert the words, not timings.
std::string untimed(const std::string& message) {
  return std::regex_replace(message, std::regex("after [0-9]+\\.[0-9] s"), "after T s");
}

std::string libssh_error_from(const ScriptedServer& server) {
  const auto access = probes::make_libssh_runner(server.target(), system_clock())->check_access();
  return access ? "no error" : untimed(access.error().message.substr(access.error().message.find(": ") + 2));
}

const std::string k_penalty_hint =
    "; sshd may be refusing this address: PerSourcePenalties (OpenSSH 9.8 or later) for up to 600 s with the "
    "default max, or MaxStartups while too many connections are unauthenticated; on the server, check "
    "'sshd -T | grep persource' and its log for 'drop connection ... penalty'";

TEST(HostileServer, SilentServerTimesOutOnceSayingTheBannerNeverCame) {
  ScriptedServer server("", std::chrono::milliseconds(700));
  const auto start = std::chrono::steady_clock::now();
  const auto result = probes::fetch_server_algorithms(server.target(), system_clock());
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
  const auto access = probes::make_libssh_runner(server.target(), system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(1400));
  EXPECT_EQ(access.error().message,
            describe(server.target()) + ": TCP connected, but the server sent no SSH banner within 0.5 s");
  EXPECT_EQ(access.error().kind, ErrorKind::remote);
}

TEST(HostileServer, ProtocolViolationsAreMalformedDataNotUnreachableHosts) {
  ScriptedServer server("HTTP/1.1 400 Bad Request\r\n\r\n<html>", std::chrono::milliseconds(0));
  const auto result = probes::fetch_server_algorithms(server.target(), system_clock());
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
  EXPECT_EQ(untimed(error_from(server)),
            "TCP connected, but the server closed the connection after T s before its "
            "SSH banner (34 bytes received: \"HTTP/1.1 400 Bad Request\")");
}

// A server that hangs up before its banner: sshd's PerSourcePenalties and MaxStartups do, and say so in its log.
TEST(HostileServer, ACloseBeforeAnyByteIsNotSilenceAndNamesThePenalties) {
  ScriptedServer server("", std::chrono::milliseconds(0));
  EXPECT_EQ(untimed(error_from(server)),
            "TCP connected, but the server closed the connection after T s before sending a byte" + k_penalty_hint);
}

TEST(HostileServer, AResetBeforeAnyByteSaysReset) {
  ScriptedServer server("", std::chrono::milliseconds(0), Style::resets);
  EXPECT_EQ(untimed(error_from(server)),
            "TCP connected, but the server reset the connection after T s before sending a byte" + k_penalty_hint);
}

TEST(HostileServer, SshdsRefusalLineBeforeTheCloseNamesThePenalties) {
  ScriptedServer server("Not allowed at this time\r\n", std::chrono::milliseconds(0));
  EXPECT_EQ(untimed(error_from(server)),
            "TCP connected, but the server closed the connection after T s before its SSH banner (26 bytes received: "
            "\"Not allowed at this time\")" +
                k_penalty_hint);
}

TEST(HostileServer, AnEndlessBannerIsTooLongNotSilent) {
  ScriptedServer server("", std::chrono::milliseconds(0), Style::endless_banner);
  EXPECT_EQ(error_from(server), "banner longer than 255 bytes: \"SSH-2.0-" + std::string(52, 'A') + "...\"");
}

// The same causes through the libssh session the host pipeline opens first.
TEST(HostileServer, LibsshSessionTellsTheCausesApart) {
  {
    ScriptedServer server("", std::chrono::milliseconds(0), Style::endless_banner);
    EXPECT_EQ(libssh_error_from(server),
              "TCP connected, but the server's SSH banner had no line end within what libssh accepts (after T s)");
  }
  {
    ScriptedServer server("", std::chrono::milliseconds(0));  // reads libssh's identification line: no reset
    EXPECT_EQ(libssh_error_from(server),
              "TCP connected, but the server closed the connection after T s before sending a byte" + k_penalty_hint);
  }
  {
    ScriptedServer server("", std::chrono::milliseconds(0), Style::resets);
    EXPECT_EQ(libssh_error_from(server),
              "TCP connected, but the server reset the connection after T s before sending a byte" + k_penalty_hint);
  }
}

// libssh refuses some host names without a word; the message still gives the reason.
TEST(HostileServer, AHostNameLibsshRefusesIsNamedNotAnEmptyReason) {
  probes::RemoteTarget target;
  target.hostname = "x'$(touch /tmp/sshtune-never)'";
  target.port = 22;
  const auto access = probes::make_libssh_runner(target, system_clock())->check_access();
  ASSERT_FALSE(access);
  EXPECT_EQ(access.error().message, describe(target) +
                                        ": invalid connection options: libssh refused HostName "
                                        "'x'$(touch /tmp/sshtune-never)''");
  EXPECT_EQ(access.error().kind, ErrorKind::invalid_input);
}

TEST(HostileServer, HugePacketLengthIsRejectedWithoutReadingIt) {
  ScriptedServer server(std::string("SSH-2.0-x\r\n\x7f\xff\xff\xff\x04", 16), std::chrono::milliseconds(700));
  EXPECT_EQ(error_from(server), "packet_length 2147483647 exceeds 35000");
}

}  // namespace
}  // namespace sshtune::probes
