#pragma once
// What `config` and `audit` say about the ssh_config dialect they read: a notice on
// standard error when the user's ssh is newer than every release ssh-tune knows,
// and the "dialect" field of their JSON.

#include "tuner/cli/command.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <string>

namespace sshtune::cli {

// Where the notice asks users to report a release ssh-tune does not know yet: the
// package's contact (cmake/Package.cmake, CPACK_PACKAGE_CONTACT); keep them alike.
inline constexpr const char* k_report_address = "maintainers@users.noreply.a-seed-962a2372.example";

// When `client` is newer than the releases ssh-tune knows, writes once to io.err:
// "ssh-tune: OpenSSH 10.9 is newer than the releases ssh-tune knows (up to 10.6);
// reading its config as 10.6 — please report at ADDRESS". Nothing otherwise.
void notice_newer_release(const sshconfig::ClientCapabilities& client, Io& io);

// The release whose dialect ssh-tune reads `client`'s configuration in ("10.6").
std::string dialect_field(const sshconfig::ClientCapabilities& client);

}  // namespace sshtune::cli
