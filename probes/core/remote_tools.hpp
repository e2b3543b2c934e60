#pragma once
// Tools on the remote host that change what ssh-tune can recommend (rsync's own
// compression), and how far its TCP buffers grow (which window binds a long path).
// Found by one read-only remote command.

#include "probes/core/tcp_buffers.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

// The remote command that learns about rsync and the server's TCP buffers in one round trip: it writes
// nothing, and prints nothing for what is absent (no rsync; no /proc on a server that is not Linux).
inline constexpr const char* k_remote_tools_command =
    "rsync --version 2>/dev/null; grep . /proc/sys/net/ipv4/tcp_rmem /proc/sys/net/ipv4/tcp_wmem 2>/dev/null";

// What the remote host's rsync reported, and its TCP buffer limits.
struct RemoteTools {
  std::optional<std::string> rsync_version;         // e.g. "3.2.7"; nullopt when rsync is missing
  int rsync_protocol = 0;                           // "protocol version N"; 0 when unknown
  std::vector<std::string> rsync_compress_choices;  // "Compress list:" names (rsync >= 3.2.0), in order
  bool rsync_zstd = false;                          // zstd is among them (--compress-choice=zstd works)
  TcpBufferLimits tcp;                              // the server's; unknown where it printed none
};

// Parses `rsync --version` output; unrecognised text yields an empty RemoteTools, never an error.
RemoteTools parse_rsync_version(std::string_view output);

// Parses k_remote_tools_command's output: parse_rsync_version, and the TCP lines (parse_tcp_buffer_lines).
// Never an error: what is missing or malformed is unknown.
RemoteTools parse_remote_tools(std::string_view output);

}  // namespace sshtune::probes
