#include "probes/libssh/libssh_channel.hpp"

#include <libssh/libssh.h>
#include <poll.h>

#include <algorithm>

namespace sshtune::probes {
namespace {

// Output beyond what we keep (e.g. after a trial's time cap) is read in chunks of this size and dropped.
constexpr std::size_t k_drain_chunk = 1u << 20;
// Output tolerated before the start marker (e.g. a banner printed by a login shell's rc file).
constexpr std::size_t k_max_noise = 16384;  // a banner, or rsync --version ahead of the echo
// The longest wait_for_consumed sleeps on the socket before it looks again (and at its deadline).
constexpr std::chrono::milliseconds k_window_poll{5};

}  // namespace

Result<std::unique_ptr<ExecChannel>> ExecChannel::open(LibsshSession& session, const std::string& command,
                                                       std::chrono::milliseconds timeout) {
  ssh_channel channel = ssh_channel_new(session.handle());
  if (channel == nullptr) {
    return session.error("cannot create a channel");
  }
  std::unique_ptr<ExecChannel> exec(new ExecChannel(session, channel, timeout));
  if (ssh_channel_open_session(channel) != SSH_OK) {
    return session.error("cannot open a session channel");
  }
  if (ssh_channel_request_exec(channel, command.c_str()) != SSH_OK) {
    return session.error("server refused to run a command");
  }
  exec->m_widest_window = ssh_channel_window_size(channel);  // the whole grant: nothing written yet
  return exec;
}

ExecChannel::~ExecChannel() {
  if (ssh_channel_is_open(m_channel) != 0) {
    ssh_channel_close(m_channel);
  }
  ssh_channel_free(m_channel);
}

Result<std::string> ExecChannel::wait_for_marker() {
  // The wait is the remote shell's start-up, whatever its outcome: the session adds it up.
  struct StartTimer {
    LibsshSession& session;
    Clock::time_point start = session.clock().now();
    ~StartTimer() { session.add_setup_time(session.clock().now() - start); }
  } timer{m_session};
  // Login shells may print banners from rc files first; skip such noise up to a bound.
  std::string seen;
  while (seen.find(k_start_marker) == std::string::npos) {
    if (seen.size() > k_max_noise) {
      return Error{ErrorKind::remote, m_session.host() +
                                          ": remote command printed unexpected output instead of "
                                          "starting (ForceCommand, sftp-only account or noisy shell?)"};
    }
    auto got = read_some(seen, k_start_marker.size());
    if (!got && ssh_channel_is_eof(m_channel) == 0 && ssh_channel_is_open(m_channel) != 0 &&
        got.error().message.find("timed out") != std::string::npos) {
      return Error{ErrorKind::remote, m_session.host() + ": remote command did not start within " +
                                          std::to_string(m_timeout.count()) +
                                          " ms (sftp-only account or ForceCommand?)"};
    }
    if (!got) {
      return got.error();
    }
    if (got.value() == 0) {
      return Error{ErrorKind::remote, m_session.host() +
                                          ": remote command ended at once (ForceCommand, "
                                          "sftp-only account or restricted shell?)"};
    }
  }
  return seen.substr(0, seen.find(k_start_marker));
}

Result<void> ExecChannel::write_all(std::string_view bytes) {
  while (!bytes.empty()) {
    const int rc = ssh_channel_write(m_channel, bytes.data(), static_cast<std::uint32_t>(bytes.size()));
    if (rc == SSH_ERROR) {
      return m_session.error("connection lost while sending");
    }
    if (rc == 0) {
      return Error{ErrorKind::remote, m_session.host() + ": timed out after " + std::to_string(m_timeout.count()) +
                                          " ms waiting for the server to accept data"};
    }
    bytes.remove_prefix(static_cast<std::size_t>(rc));
  }
  return ok();
}

Result<std::size_t> ExecChannel::read_some(std::string& out, std::size_t max_bytes) {
  const std::size_t old_size = out.size();
  out.resize(old_size + max_bytes);
  const int rc = ssh_channel_read_timeout(m_channel, out.data() + old_size, static_cast<std::uint32_t>(max_bytes), 0,
                                          static_cast<int>(m_timeout.count()));
  out.resize(old_size + (rc > 0 ? static_cast<std::size_t>(rc) : 0));
  if (rc == SSH_ERROR) {
    return m_session.error("connection lost while receiving");
  }
  if (rc == 0 && ssh_channel_is_eof(m_channel) == 0) {
    return Error{ErrorKind::remote,
                 m_session.host() + ": timed out after " + std::to_string(m_timeout.count()) + " ms waiting for data"};
  }
  return static_cast<std::size_t>(rc);
}

Result<std::size_t> ExecChannel::buffered() {
  const int available = ssh_channel_poll(m_channel, 0);
  if (available == SSH_ERROR) {
    return m_session.error("connection lost");
  }
  return static_cast<std::size_t>(std::max(available, 0));
}

Result<void> ExecChannel::pump(std::chrono::milliseconds wait) {
  if (ssh_channel_poll_timeout(m_channel, static_cast<int>(wait.count()), 0) == SSH_ERROR) {
    return m_session.error("connection lost");
  }
  return ok();
}

std::uint64_t ExecChannel::unconsumed() {
  const std::uint64_t window = ssh_channel_window_size(m_channel);
  m_widest_window = std::max(m_widest_window, window);
  return m_widest_window - window;
}

Result<void> ExecChannel::take_pending_packets() {
  // libssh reads packets only while no output waits: a sink prints nothing, so output is dropped.
  const int available = ssh_channel_poll(m_channel, 0);
  if (available == SSH_ERROR) {
    return m_session.error("connection lost");
  }
  if (available == SSH_EOF) {
    return Error{ErrorKind::remote, m_session.host() + ": the remote command ended while data was on its way"};
  }
  std::string dropped;
  if (available > 0) {
    SSHTUNE_TRYV(read_some(dropped, static_cast<std::size_t>(available)));
  }
  return ok();
}

Result<void> ExecChannel::wait_for_consumed(std::uint64_t limit, Clock::time_point deadline) {
  const int fd = ssh_get_fd(ssh_channel_get_session(m_channel));
  while (unconsumed() > limit) {
    SSHTUNE_TRYV(take_pending_packets());  // an adjustment may already wait, read or unread
    if (unconsumed() <= limit) break;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - m_session.clock().now());
    if (left.count() <= 0) break;
    pollfd readable{fd, POLLIN, 0};
    ::poll(&readable, 1, static_cast<int>(std::min(left, k_window_poll).count()));
  }
  return ok();
}

Result<void> ExecChannel::send_eof() {
  if (!m_eof_sent && ssh_channel_send_eof(m_channel) != SSH_OK) {
    return m_session.error("connection lost while sending EOF");
  }
  m_eof_sent = true;
  return ok();
}

Result<int> ExecChannel::finish() {
  SSHTUNE_TRYV(send_eof());
  std::string discard;
  for (;;) {
    discard.clear();
    SSHTUNE_TRY(got, read_some(discard, k_drain_chunk));
    if (got == 0) {
      break;
    }
  }
  const int status = ssh_channel_get_exit_status(m_channel);
  if (status < 0) {
    return Error{ErrorKind::remote, m_session.host() + ": remote command ended without an exit status"};
  }
  return status;
}

}  // namespace sshtune::probes
