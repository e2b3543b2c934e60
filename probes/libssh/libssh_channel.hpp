#pragma once
// An exec channel on a LibsshSession with every wait bounded and every failure
// turned into a one-line Error naming the host. Included only by probes/*.cpp.

#include "probes/libssh/libssh_session.hpp"
#include "base/clock.hpp"
#include "base/result.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

struct ssh_channel_struct;

namespace sshtune::probes {

// One session channel running one remote command; closed and freed on destruction.
class ExecChannel {
 public:
  // Opens a channel on `session` and starts `command` (run by the remote login shell).
  static Result<std::unique_ptr<ExecChannel>> open(LibsshSession& session, const std::string& command,
                                                   std::chrono::milliseconds timeout);
  ~ExecChannel();
  ExecChannel(const ExecChannel&) = delete;
  ExecChannel& operator=(const ExecChannel&) = delete;

  // Reads up to k_start_marker, which probe commands print once the login shell has started,
  // so rc-file start-up time (and any banner it prints) never counts as transfer. Returns what came
  // before the marker (a banner, or the output of a command run ahead of it), about k_max_noise at most.
  Result<std::string> wait_for_marker();
  // Writes all of `bytes`; a short write (the timeout passed while waiting for window) is an Error.
  Result<void> write_all(std::string_view bytes);
  // Reads up to `max_bytes` into `out` (appending); returns 0 only at end of file.
  Result<std::size_t> read_some(std::string& out, std::size_t max_bytes);
  // Bytes already received and buffered locally (processes pending packets first).
  Result<std::size_t> buffered();
  // Processes incoming packets (key exchange replies, window adjustments) for up to `wait` without
  // reading channel data.
  Result<void> pump(std::chrono::milliseconds wait);
  // Bytes written that the server has not handed on yet: the channel window it granted, at its largest,
  // less what is left of it. sshd holds them in a buffer that grows in 32 KiB steps, each copying the
  // whole buffer to fresh pages; the bytes waiting there are what that costs.
  std::uint64_t unconsumed();
  // Processes incoming packets until unconsumed() <= `limit` (the server's window adjustments arrive) or
  // `deadline` passes; waits on the socket, so an adjustment is seen as it arrives.
  Result<void> wait_for_consumed(std::uint64_t limit, Clock::time_point deadline);
  // Tells the remote command its stdin is finished (idempotent).
  Result<void> send_eof();
  // Sends EOF, discards remaining output until the remote closes, and returns its exit status.
  Result<int> finish();

 private:
  ExecChannel(LibsshSession& session, ssh_channel_struct* channel, std::chrono::milliseconds timeout)
      : m_session(session), m_channel(channel), m_timeout(timeout) {}
  // Processes the packets that have arrived without waiting, dropping any output; the remote command's
  // end is an Error.
  Result<void> take_pending_packets();

  LibsshSession& m_session;
  ssh_channel_struct* m_channel;
  std::chrono::milliseconds m_timeout;
  bool m_eof_sent = false;
  std::uint64_t m_widest_window = 0;  // the largest remote window seen (the server's grant when idle)
};

}  // namespace sshtune::probes
