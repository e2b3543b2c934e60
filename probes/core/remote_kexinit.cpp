// fetch_server_algorithms(): the banner and KEXINIT over plain TCP, with its deadline.

#include "probes/core/remote_kexinit.hpp"

#include "probes/core/banner_wait.hpp"
#include "probes/core/remote_socket.hpp"
#include "probes/core/server_algorithms.hpp"

#include <cerrno>

namespace sshtune::probes {
namespace {

// Our identification line; it says what we are so server admins can tell probes apart.
constexpr std::string_view k_client_banner = "SSH-2.0-ssh_tune_probe\r\n";
// Everything the parser may need: pre-banner lines, the banner and one maximal packet.
constexpr std::size_t k_max_hello_bytes =
    k_max_pre_banner_lines * k_max_pre_banner_line + k_max_banner_length + 4 + k_max_packet_length;

// How the wait for the banner ended when the connection failed before it: the
// deadline, a reset, or (EPIPE, or a clean end of stream) a close.
BannerFailure failure_of(const TcpConnection& connection, bool stream_ended) {
  if (stream_ended) return BannerFailure::closed;
  if (connection.last_failure() == ETIMEDOUT) return BannerFailure::silent;
  return connection.last_failure() == ECONNRESET ? BannerFailure::reset : BannerFailure::closed;
}

BannerWait wait_of(const RemoteTarget& target, const Clock& clock, Clock::time_point start, std::string received) {
  return BannerWait{describe(target), !target.proxy_command.empty(), seconds_since(clock, start), target.timeout,
                    std::move(received)};
}

// The connection failed (`got` an error, or 0 bytes: the end of the stream): before the
// banner, why the banner never came; after it, the failure as it is.
Error failed(const Result<std::size_t>& got, const TcpConnection& connection, const RemoteTarget& target,
             const Clock& clock, Clock::time_point start, const std::string& received) {
  const bool ended = got && got.value() == 0;
  const BannerFailure failure = failure_of(connection, ended);
  const bool silent_with_bytes = failure == BannerFailure::silent && !received.empty();
  if (!banner_arrived(received) && !silent_with_bytes) {
    return banner_failure(failure, wait_of(target, clock, start, received));
  }
  if (!ended) return got.error();
  return Error{ErrorKind::invalid_input, describe(target) + ": server closed the connection before its KEXINIT (" +
                                             std::to_string(received.size()) + " bytes received)"};
}

}  // namespace

Result<ServerAlgorithms> fetch_server_algorithms(const RemoteTarget& target, const Clock& clock) {
  const std::string context = describe(target);
  const auto start = clock.now();
  const auto deadline = start + target.timeout;
  SSHTUNE_TRY(connection, target.proxy_command.empty()
                              ? TcpConnection::connect(target.hostname, target.port, deadline, clock)
                              : TcpConnection::through_proxy(target.proxy_command, context, clock));
  // OpenSSH sends nothing before it has seen the client's identification line.
  if (auto sent = connection.send_all(k_client_banner, deadline); !sent) {
    return failed(Error(sent.error()), connection, target, clock, start, "");
  }
  std::string received;
  while (received.size() < k_max_hello_bytes) {
    auto got = connection.receive_some(received, k_max_hello_bytes - received.size(), deadline);
    if (!got || got.value() == 0) {
      // What came so far may already break the protocol: that is the cause, not the close.
      SSHTUNE_TRYV(parse_server_hello(received, context));
      return failed(got, connection, target, clock, start, received);
    }
    SSHTUNE_TRY(algorithms, parse_server_hello(received, context));
    if (algorithms) {
      return std::move(*algorithms);
    }
  }
  return Error{ErrorKind::invalid_input,
               context + ": no KEXINIT within the first " + std::to_string(k_max_hello_bytes) + " bytes"};
}

}  // namespace sshtune::probes
