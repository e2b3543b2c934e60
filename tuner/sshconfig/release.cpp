#include "tuner/sshconfig/release.hpp"

#include <algorithm>

namespace sshtune::config {

OpensshVersion dialect_of(std::string_view version) {
  const std::optional<OpensshVersion> parsed = parse_openssh_version(version);
  if (!parsed) return k_newest_known_release;
  const OpensshVersion release{parsed->major, parsed->minor, 0};
  return std::clamp(release, k_oldest_known_release, k_newest_known_release);
}

OpensshVersion dialect_of(const ClientCapabilities& client) { return dialect_of(client.version()); }

}  // namespace sshtune::config
