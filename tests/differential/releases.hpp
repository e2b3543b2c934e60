#pragma once
// The OpenSSH releases the differential suite compares against: the system's
// (Debian 12's 9.2) and the unpacked 10.0 (tests/support/openssh_release.hpp),
// each with ssh-tune told that ssh's facts (its -V, -Q and -G defaults), so the
// engine reads the release's dialect.

#include "tests/support/openssh_release.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace sshtune::differential {

// One release to compare with: where its ssh is and what ssh-tune is told of it.
struct Release {
  std::filesystem::path ssh;
  const ClientCapabilities* client = nullptr;
};

// The parameter names of the suites: the system's ssh and 10.0.
inline const char* const k_system = "system";
inline const char* const k_openssh_10 = "10.0";

// The release `name` names, probed once per process; nullopt (with `why`) when
// 10.0 is not unpacked or its ssh cannot be probed.
inline std::optional<Release> release_named(const std::string& name, std::string& why) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<ClientCapabilities>> probed;
  const std::optional<testing::OpensshRelease> release =
      name == k_system ? std::optional(testing::system_openssh()) : testing::openssh_10();
  if (!release) {
    why = testing::openssh_10_unavailable_reason();
    return std::nullopt;
  }
  std::lock_guard lock(mutex);
  std::unique_ptr<ClientCapabilities>& client = probed[name];
  if (!client) {
    Result<std::unique_ptr<ClientCapabilities>> probe = probe_client_capabilities(release->ssh.string());
    if (!probe) {
      why = probe.error().message;
      return std::nullopt;
    }
    client = std::move(probe).value();
  }
  return Release{release->ssh, client.get()};
}

}  // namespace sshtune::differential
