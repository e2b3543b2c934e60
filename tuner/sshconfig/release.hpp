#pragma once
// Which OpenSSH release's ssh_config dialect the engine reads: the one the user's
// ssh reports (`ssh -V`), held to the releases ssh-tune knows. Keywords, Match
// criteria, %-tokens, ${VAR} expansion and value forms differ between releases;
// every such difference is decided by comparing against this one value.

#include "base/openssh_version.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// The oldest and newest releases whose differences ssh-tune knows. An older ssh
// reads as the oldest, a newer one (or one whose -V names no OpenSSH release) as
// the newest: its keywords are the newest known ones.
inline constexpr OpensshVersion k_oldest_known_release{8, 0, 0};
inline constexpr OpensshVersion k_newest_known_release{10, 6, 0};

// The dialect for a `ssh -V` version string ("OpenSSH_9.2p1 Debian-2+deb12u10").
OpensshVersion dialect_of(std::string_view version);

// The dialect of `client` (dialect_of(client.version())).
OpensshVersion dialect_of(const ClientCapabilities& client);

// The release (major.minor) `client`'s -V names when it is newer than every
// release ssh-tune knows, so its configuration is read as k_newest_known_release;
// nullopt for a known release, an older one, or a -V naming no OpenSSH release.
std::optional<OpensshVersion> newer_than_known(const ClientCapabilities& client);

// How messages and JSON name a dialect: "10.6" (major.minor).
std::string dialect_name(const OpensshVersion& release);

}  // namespace sshtune::sshconfig
