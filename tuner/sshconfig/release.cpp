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

std::optional<OpensshVersion> newer_than_known(const ClientCapabilities& client) {
  const std::optional<OpensshVersion> parsed = parse_openssh_version(client.version());
  if (!parsed) return std::nullopt;
  const OpensshVersion release{parsed->major, parsed->minor, 0};
  return release > k_newest_known_release ? std::optional(release) : std::nullopt;
}

std::string dialect_name(const OpensshVersion& release) {
  return std::to_string(release.major) + "." + std::to_string(release.minor);
}

}  // namespace sshtune::config
