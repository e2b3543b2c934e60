#include "tuner/sshconfig/release.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

namespace sshtune::sshconfig {

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

std::optional<OpensshVersion> newer_than_known(const ClientCapabilities& client) {
  const std::optional<OpensshVersion> parsed = parse_openssh_version(client.version());
  if (!parsed) return std::nullopt;
  const OpensshVersion release{parsed->major, parsed->minor, 0};
  return release > k_newest_known_release ? std::optional(release) : std::nullopt;
}

std::string dialect_name(const OpensshVersion& release) {
  return std::to_string(release.major) + "." + std::to_string(release.minor);
}

}  // namespace sshtune::sshconfig
