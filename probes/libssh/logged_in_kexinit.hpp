#pragma once
// The server's offer read the way that never costs the user's address anything:
// inside a session that logs in. OpenSSH >= 9.8 (PerSourcePenalties) penalises
// a source for every connection closed before authentication; a login is not one.

#include "base/clock.hpp"
#include "probes/core/remote_target.hpp"
#include "probes/core/server_algorithms.hpp"
#include "base/result.hpp"

namespace sshtune::probes {

// True when one of target.known_hosts_files holds a key for the target (plain or hashed lines), so a
// login can verify the host key; reads files only, never the network. Unreadable files count as no.
bool host_key_is_known(const RemoteTarget& target);

// Connects, verifies the host key, logs in (agent and identities, never prompting) and returns the
// banner and KEXINIT libssh logged during that handshake. Errors as LibsshSession::open's, or
// "HOST: libssh did not log the server's KEXINIT" when this libssh does not.
Result<ServerAlgorithms> fetch_server_algorithms_logged_in(const RemoteTarget& target, const Clock& clock);

}  // namespace sshtune::probes
