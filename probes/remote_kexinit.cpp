// fetch_server_algorithms(): the network half of probes/server_algorithms.hpp.

#include "probes/remote_socket.hpp"
#include "probes/server_algorithms.hpp"

#include <cstdio>

namespace sshtune {
namespace {

// Our identification line; it says what we are so server admins can tell probes apart.
constexpr std::string_view k_client_banner = "SSH-2.0-ssh_tune_probe\r\n";
// Everything the parser may need: pre-banner lines, the banner and one maximal packet.
constexpr std::size_t k_max_hello_bytes =
    k_max_pre_banner_lines * k_max_pre_banner_line + k_max_banner_length + 4 + k_max_packet_length;

// A server that accepted the connection and never spoke: one timeout, said as it is.
Error silent_server(const std::string& context, const RemoteTarget& target) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", static_cast<double>(target.timeout.count()) / 1000);
  const std::string via = target.proxy_command.empty() ? "TCP connected" : "the ProxyCommand started";
  return Error{ErrorKind::remote,
               context + ": " + via + ", but the server sent no SSH banner within " + seconds + " s"};
}

}  // namespace

Result<ServerAlgorithms> fetch_server_algorithms(const RemoteTarget& target) {
  const std::string context = describe(target);
  const auto deadline = TcpConnection::Clock::now() + target.timeout;
  SSHTUNE_TRY(connection, target.proxy_command.empty() ? TcpConnection::connect(target.hostname, target.port, deadline)
                                                       : TcpConnection::through_proxy(target.proxy_command, context));
  // OpenSSH sends nothing before it has seen the client's identification line.
  SSHTUNE_TRYV(connection.send_all(k_client_banner, deadline));
  std::string received;
  while (received.size() < k_max_hello_bytes) {
    auto got = connection.receive_some(received, k_max_hello_bytes - received.size(), deadline);
    if (!got) return received.empty() ? silent_server(context, target) : got.error();
    SSHTUNE_TRY(algorithms, parse_server_hello(received, context));
    if (algorithms) {
      return std::move(*algorithms);
    }
    if (got.value() == 0) {
      return Error{ErrorKind::invalid_input, context + ": server closed the connection before its KEXINIT (" +
                                                 std::to_string(received.size()) + " bytes received)"};
    }
  }
  return Error{ErrorKind::invalid_input,
               context + ": no KEXINIT within the first " + std::to_string(k_max_hello_bytes) + " bytes"};
}

}  // namespace sshtune
