#pragma once
// The OpenSSH releases the differential suite compares against: the system's
// (Debian 12's 9.2), Debian's 10.0 (bookworm-backports), 8.4 (bullseye) and the
// newest client (sid), the last three unpacked by tools/fetch-openssh
// (tests/support/openssh_release.hpp), each with ssh-tune told that ssh's facts
// (its -V, -Q and -G defaults), so the engine reads the release's dialect.

#include "tests/support/openssh_release.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace sshtune::differential {

// One release to compare with: where its ssh is and what ssh-tune is told of it.
struct Release {
  std::filesystem::path ssh;
  const sshconfig::ClientCapabilities* client = nullptr;
};

// The parameter names of the suites: the system's ssh, 10.0, 8.4 and sid's.
inline const char* const k_system = "system";
inline const char* const k_openssh_10 = "10.0";
inline const char* const k_openssh_84 = "8.4";
inline const char* const k_openssh_sid = "sid";

// Every release the suites run against, in the order they are instantiated.
inline std::array<std::string, 4> all_release_names() { return {k_system, k_openssh_84, k_openssh_10, k_openssh_sid}; }

// A test-name prefix for a release name: System, OpenSSH84, OpenSSH10, OpenSSHSid.
inline std::string test_name_of(const std::string& name) {
  if (name == k_system) return "System";
  if (name == k_openssh_84) return "OpenSSH84";
  if (name == k_openssh_10) return "OpenSSH10";
  return "OpenSSHSid";
}

// Where release `name`'s ssh is, or nullopt (with `why`) when it is not unpacked.
inline std::optional<testing::OpensshRelease> locate_release(const std::string& name, std::string& why) {
  if (name == k_system) return testing::system_openssh();
  std::optional<testing::OpensshRelease> release =
      name == k_openssh_10 ? testing::openssh_10() : testing::openssh_client(name);
  if (!release) {
    why = name == k_openssh_10 ? testing::openssh_10_unavailable_reason()
                               : testing::openssh_client_unavailable_reason(name);
  }
  return release;
}

// The release `name` names, probed once per process; nullopt (with `why`) when
// it is not unpacked or its ssh cannot be probed.
inline std::optional<Release> release_named(const std::string& name, std::string& why) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<sshconfig::ClientCapabilities>> probed;
  const std::optional<testing::OpensshRelease> release = locate_release(name, why);
  if (!release) return std::nullopt;
  std::lock_guard lock(mutex);
  std::unique_ptr<sshconfig::ClientCapabilities>& client = probed[name];
  if (!client) {
    Result<std::unique_ptr<sshconfig::ClientCapabilities>> probe =
        sshconfig::probe_client_capabilities(release->ssh.string());
    if (!probe) {
      why = probe.error().message;
      return std::nullopt;
    }
    client = std::move(probe).value();
  }
  return Release{release->ssh, client.get()};
}

}  // namespace sshtune::differential
