#include "tuner/sshconfig/release.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace sshtune::config {

OpensshVersion dialect_of(std::string_view version) {
  // Asked for every line of every file read, nearly always about the same client.
  thread_local std::optional<std::pair<std::string, OpensshVersion>> last;
  if (last && last->first == version) return last->second;
  const std::optional<OpensshVersion> parsed = parse_openssh_version(version);
  OpensshVersion release = k_newest_known_release;
  if (parsed)
    release =
        std::clamp(OpensshVersion{parsed->major, parsed->minor, 0}, k_oldest_known_release, k_newest_known_release);
  last.emplace(std::string(version), release);
  return release;
}

OpensshVersion dialect_of(const ClientCapabilities& client) { return dialect_of(client.version()); }

}  // namespace sshtune::config
