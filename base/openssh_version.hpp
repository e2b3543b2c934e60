#pragma once
// An OpenSSH release number as `ssh -V` and a server's banner print it
// ("OpenSSH_10.0p2 Debian-7~bpo12+1", "SSH-2.0-OpenSSH_9.2p1 Debian-2"), so every
// layer that behaves per release compares one type rather than strings.

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace sshtune {

// major.minor and the portable patch level ("p2" -> 2; 0 when absent).
struct OpensshVersion {
  int major = 0;
  int minor = 0;
  int portable = 0;

  // Orders releases; the portable level counts last (10.0p1 < 10.0p2 < 10.1p1).
  auto operator<=>(const OpensshVersion&) const = default;
  // True for this release and every later one (`since(9, 8)`: 9.8 and newer).
  bool since(int since_major, int since_minor) const { return *this >= OpensshVersion{since_major, since_minor, 0}; }
};

// The release in text holding "OpenSSH_X.Y[pN]" anywhere (an `ssh -V` line or a
// server's identification string), or nullopt when there is none (another SSH
// implementation, or a banner that hides its version).
std::optional<OpensshVersion> parse_openssh_version(std::string_view text);

// "10.0p2" (or "10.0" when there is no portable level): how messages name a release.
std::string to_string(const OpensshVersion& version);

}  // namespace sshtune
