#pragma once
// The OpenSSH releases the tests run against: the system's (Debian 12's 9.2p1 in
// /usr), Debian's 10.0 from bookworm-backports (client and server), and the
// clients of bullseye (8.4) and sid (the newest), all unpacked by
// tools/fetch-openssh into the build tree (never installed). Tests that need a
// release that is not there skip with its unavailable reason.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::testing {

// Where one release's programs are. `sshd_session`/`sshd_auth` are empty for a
// release whose sshd does not exec helpers (before 9.8 / 10.0).
struct OpensshRelease {
  std::string name;            // "system" or "10.0"
  std::filesystem::path root;  // the unpacked tree (tools/test-host --openssh); empty for the system's
  std::filesystem::path ssh;
  std::filesystem::path sshd;
  std::filesystem::path sshd_session;
  std::filesystem::path sshd_auth;
  std::filesystem::path sftp_server;
};

// The system's OpenSSH (/usr/bin/ssh, /usr/sbin/sshd).
OpensshRelease system_openssh();

// OpenSSH 10.0 from tools/fetch-openssh, or nullopt when it is not unpacked.
std::optional<OpensshRelease> openssh_10();

// Why openssh_10() is nullopt: the reason tools/fetch-openssh wrote, or how to get it.
std::string openssh_10_unavailable_reason();

// A client-only release tools/fetch-openssh unpacks with its own libraries:
// "8.4" (bullseye) or "sid". Its `ssh` is the wrapper DIR/ssh that runs it
// through its suite's loader; root is DIR; the server paths are empty. nullopt
// when it is not unpacked.
std::optional<OpensshRelease> openssh_client(const std::string& name);

// Why openssh_client(name) is nullopt: the reason tools/fetch-openssh wrote
// ("OpenSSH sid unavailable: ..."), or how to get it.
std::string openssh_client_unavailable_reason(const std::string& name);

// Every release present: the system's first, then 10.0 when unpacked (for parameterised tests).
std::vector<OpensshRelease> available_openssh_releases();

}  // namespace sshtune::testing
