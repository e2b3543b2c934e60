#pragma once
// LocalForward, RemoteForward and DynamicForward as OpenSSH 9.2 reads and prints
// them: readconf.c parse_forward() (after ${VAR} expansion; '[...]' fields, '\'
// escapes, a '/' makes a field a unix-socket path), forward_equals() for the
// de-duplication, and dump_cfg_forwards(), which prints a unix-socket LocalForward
// under dynamicforward too and a one-port RemoteForward as "PORT [socks]:0".

#include "base/result.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::sshconfig {

// ssh's PORT_STREAMLOCAL: the port of an end that is a unix-socket path.
inline constexpr int k_port_streamlocal = -2;

// One parsed forwarding (struct Forward): each end is a path, a port, or host and port.
struct Forward {
  std::optional<std::string> listen_host;
  int listen_port = 0;
  std::optional<std::string> listen_path;
  std::optional<std::string> connect_host;
  int connect_port = 0;
  std::optional<std::string> connect_path;
  bool operator==(const Forward&) const = default;
};

// Which keyword a forwarding came from.
enum class ForwardKind { local, remote, dynamic };

// The forwarding of a line's arguments (first and, except DynamicForward, second),
// or ssh's message: "Missing target argument." or "Bad forwarding specification.".
// A RemoteForward without a target is a dynamic (SOCKS) remote forwarding.
Result<Forward> forward_of_arguments(ForwardKind kind, const std::string& first, const std::string* second);

// The `ssh -G` lines for the local forwardings (DynamicForward and LocalForward
// both live there) under `keyword` "dynamicforward" or "localforward", or for the
// remote ones under "remoteforward": each is "LISTEN" or "LISTEN CONNECT".
std::vector<std::string> dump_forwards(std::string_view keyword, const std::vector<Forward>& forwards);

// ssh.c: the unix-socket paths of a forwarding percent-expanded with `tokens`.
Result<Forward> expand_forward_paths(Forward forward, const Tokens& tokens);

}  // namespace sshtune::sshconfig
