#pragma once
// A non-blocking byte stream to an SSH server, over TCP or through a ProxyCommand:
// every step is bounded by a deadline through poll(2), so a silent or slow server
// cannot hang a probe.

#include "base/clock.hpp"
#include "base/result.hpp"

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace sshtune::probes {

// One connected TCP socket, closed on destruction. Move-only.
class TcpConnection {
 public:
  // Resolves `host` and connects to the first address that answers before `deadline` (a time of `clock`,
  // which bounds every later step too and must outlive the connection). Errors name "host:port" and say
  // whether resolution, refusal or the deadline failed.
  static Result<TcpConnection> connect(const std::string& host, std::uint16_t port, Clock::time_point deadline,
                                       const Clock& clock);
  // Runs `command` with `sh -c` in its own session (no controlling TTY, so it cannot prompt) and
  // talks to it over a socket pair, like ssh's ProxyCommand. The command is stopped on destruction.
  // Deadlines of later steps are times of `clock`.
  static Result<TcpConnection> through_proxy(const std::string& command, const std::string& label, const Clock& clock);

  // Moving transfers the socket; the moved-from object owns nothing.
  TcpConnection(TcpConnection&& other) noexcept;
  TcpConnection& operator=(TcpConnection&& other) noexcept;
  TcpConnection(const TcpConnection&) = delete;
  TcpConnection& operator=(const TcpConnection&) = delete;
  ~TcpConnection();

  // Sends all of `bytes` or fails when the deadline passes first.
  Result<void> send_all(std::string_view bytes, Clock::time_point deadline);
  // Appends up to `max_bytes` received bytes to `out`; 0 appended means the peer closed.
  Result<std::size_t> receive_some(std::string& out, std::size_t max_bytes, Clock::time_point deadline);
  // errno of the last failed step (ETIMEDOUT when its deadline passed, ECONNRESET when the
  // peer reset); 0 while nothing failed. Lets a caller tell the reasons apart.
  int last_failure() const { return m_failure; }

 private:
  TcpConnection(int fd, std::string label, const Clock& clock) : m_fd(fd), m_label(std::move(label)), m_clock(&clock) {}
  // poll(2)'s timeout for `deadline`: 0 when it has passed.
  int milliseconds_until(Clock::time_point deadline) const;
  Result<void> wait_for(short events, Clock::time_point deadline, const char* step);
  // The reset seen while connecting, as the failure of the first `step` ("send", "receive").
  Result<void> report_pending_failure(const char* step);
  void release();

  int m_fd = -1;
  int m_proxy_pid = -1;       // the ProxyCommand process, if any
  int m_failure = 0;          // see last_failure()
  int m_pending_failure = 0;  // a reset seen while connecting, reported by the first receive
  std::string m_label;        // "host:port" for messages
  const Clock* m_clock;       // the deadlines' clock
};

}  // namespace sshtune::probes
