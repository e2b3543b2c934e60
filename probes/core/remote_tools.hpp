#pragma once
// Tools on the remote host that change what ssh-tune can recommend (rsync's own
// compression). Found by running read-only `--version` commands.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// The remote command used to learn about rsync; it writes nothing and prints nothing when rsync is absent.
inline constexpr const char* k_rsync_version_command = "rsync --version 2>/dev/null";

// What the remote host's rsync reported.
struct RemoteTools {
  std::optional<std::string> rsync_version;         // e.g. "3.2.7"; nullopt when rsync is missing
  int rsync_protocol = 0;                           // "protocol version N"; 0 when unknown
  std::vector<std::string> rsync_compress_choices;  // "Compress list:" names (rsync >= 3.2.0), in order
  bool rsync_zstd = false;                          // zstd is among them (--compress-choice=zstd works)
};

// Parses `rsync --version` output; unrecognised text yields an empty RemoteTools, never an error.
RemoteTools parse_rsync_version(std::string_view output);

}  // namespace sshtune
