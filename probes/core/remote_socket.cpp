#include "probes/core/remote_socket.hpp"

#include "base/process.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>

namespace sshtune::probes {
namespace {

Error network_error(const std::string& label, const std::string& what) {
  return Error{ErrorKind::remote, label + ": " + what};
}

using AddressList = std::unique_ptr<addrinfo, decltype(&freeaddrinfo)>;

Result<AddressList> resolve(const std::string& host, std::uint16_t port, const std::string& label) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int rc = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (rc != 0) {
    return network_error(label, std::string("cannot resolve host: ") + gai_strerror(rc));
  }
  return AddressList(found, &freeaddrinfo);
}

// Starts a non-blocking connect; returns the fd, or -1 with errno set.
int start_connect(const addrinfo& address) {
  const int fd = socket(address.ai_family, address.ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, address.ai_protocol);
  if (fd < 0) {
    return -1;
  }
  if (::connect(fd, address.ai_addr, address.ai_addrlen) == 0 || errno == EINPROGRESS) {
    return fd;
  }
  const int saved = errno;
  close(fd);
  errno = saved;
  return -1;
}

}  // namespace

int TcpConnection::milliseconds_until(Clock::time_point deadline) const {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - m_clock->now());
  return left.count() < 0 ? 0 : static_cast<int>(std::min<long long>(left.count(), 1 << 30));
}

Result<TcpConnection> TcpConnection::connect(const std::string& host, std::uint16_t port, Clock::time_point deadline,
                                             const Clock& clock) {
  const std::string label = host + ":" + std::to_string(port);
  SSHTUNE_TRY(addresses, resolve(host, port, label));
  std::string last_error = "no address";
  for (const addrinfo* address = addresses.get(); address != nullptr; address = address->ai_next) {
    const int fd = start_connect(*address);
    if (fd < 0) {
      last_error = std::strerror(errno);
      continue;
    }
    TcpConnection connection(fd, label, clock);
    auto ready = connection.wait_for(POLLOUT, deadline, "connecting");
    if (!ready) {
      last_error = ready.error().message.substr(label.size() + 2);
      continue;
    }
    int so_error = 0;
    socklen_t size = sizeof so_error;
    getsockopt(fd, SOL_SOCKET, SO_ERROR, &so_error, &size);
    if (so_error == 0) {
      return connection;
    }
    // On loopback the handshake completes at once, so a server that resets right after
    // accept(2) surfaces here: the connection was made, and the reset is its first read.
    if (so_error == ECONNRESET) {
      connection.m_pending_failure = so_error;
      return connection;
    }
    last_error = std::strerror(so_error);
  }
  return network_error(label, "cannot connect: " + last_error);
}

Result<TcpConnection> TcpConnection::through_proxy(const std::string& command, const std::string& label,
                                                   const Clock& clock) {
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) {
    return network_error(label, std::string("cannot create a socket pair: ") + std::strerror(errno));
  }
  // As ssh does: `exec COMMAND` in /bin/sh, the socket on stdin and stdout, in a session of its own.
  const auto pid = spawn_child({"/bin/sh", "-c", "exec " + command}, ChildFds{pair[1], pair[1], -1}, true);
  close(pair[1]);
  if (!pid) {
    close(pair[0]);
    return network_error(label, "cannot start the ProxyCommand: " + pid.error().message);
  }
  fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK);
  TcpConnection connection(pair[0], label, clock);
  connection.m_proxy_pid = pid.value();
  return connection;
}

TcpConnection::TcpConnection(TcpConnection&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)),
      m_proxy_pid(std::exchange(other.m_proxy_pid, -1)),
      m_failure(std::exchange(other.m_failure, 0)),
      m_pending_failure(std::exchange(other.m_pending_failure, 0)),
      m_label(std::move(other.m_label)),
      m_clock(other.m_clock) {}

TcpConnection& TcpConnection::operator=(TcpConnection&& other) noexcept {
  if (this != &other) {
    release();
    m_fd = std::exchange(other.m_fd, -1);
    m_proxy_pid = std::exchange(other.m_proxy_pid, -1);
    m_failure = std::exchange(other.m_failure, 0);
    m_pending_failure = std::exchange(other.m_pending_failure, 0);
    m_label = std::move(other.m_label);
    m_clock = other.m_clock;
  }
  return *this;
}

TcpConnection::~TcpConnection() { release(); }

void TcpConnection::release() {
  if (m_fd >= 0) {
    close(m_fd);
    m_fd = -1;
  }
  if (m_proxy_pid > 0) {
    stop_child(m_proxy_pid);  // closing the socket usually ends the proxy already
    m_proxy_pid = -1;
  }
}

Result<void> TcpConnection::wait_for(short events, Clock::time_point deadline, const char* step) {
  for (;;) {
    pollfd entry{m_fd, events, 0};
    const int rc = poll(&entry, 1, milliseconds_until(deadline));
    if (rc > 0) {
      return ok();
    }
    if (rc == 0) {
      m_failure = ETIMEDOUT;
      return network_error(m_label, std::string("timed out ") + step);
    }
    if (errno != EINTR) {
      m_failure = errno;
      return network_error(m_label, std::string("poll failed while ") + step + ": " + std::strerror(errno));
    }
  }
}

Result<void> TcpConnection::report_pending_failure(const char* step) {
  if (m_pending_failure == 0) return ok();
  m_failure = std::exchange(m_pending_failure, 0);
  return network_error(m_label, std::string(step) + " failed: " + std::strerror(m_failure));
}

Result<void> TcpConnection::send_all(std::string_view bytes, Clock::time_point deadline) {
  SSHTUNE_TRYV(report_pending_failure("send"));
  while (!bytes.empty()) {
    SSHTUNE_TRYV(wait_for(POLLOUT, deadline, "sending"));
    const ssize_t sent = ::send(m_fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    if (sent < 0 && errno != EAGAIN && errno != EINTR) {
      m_failure = errno;
      return network_error(m_label, std::string("send failed: ") + std::strerror(errno));
    }
    bytes.remove_prefix(sent > 0 ? static_cast<std::size_t>(sent) : 0);
  }
  return ok();
}

Result<std::size_t> TcpConnection::receive_some(std::string& out, std::size_t max_bytes, Clock::time_point deadline) {
  SSHTUNE_TRYV(report_pending_failure("receive"));
  for (;;) {
    SSHTUNE_TRYV(wait_for(POLLIN, deadline, "waiting for the server"));
    const std::size_t old_size = out.size();
    out.resize(old_size + max_bytes);
    const ssize_t got = ::recv(m_fd, out.data() + old_size, max_bytes, 0);
    out.resize(old_size + (got > 0 ? static_cast<std::size_t>(got) : 0));
    if (got >= 0) {
      return static_cast<std::size_t>(got);
    }
    if (errno != EAGAIN && errno != EINTR) {
      m_failure = errno;
      return network_error(m_label, std::string("receive failed: ") + std::strerror(errno));
    }
  }
}

}  // namespace sshtune::probes
