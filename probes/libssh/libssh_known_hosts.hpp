#pragma once
// Host key checking like OpenSSH's StrictHostKeyChecking=yes (or accept-new),
// against explicitly given known_hosts files only. Included only by probes/*.cpp.

#include "probes/core/host_trials.hpp"
#include "probes/core/remote_target.hpp"
#include "base/result.hpp"

struct ssh_session_struct;

namespace sshtune::probes {

// Checks the key of the connected `session` against target.known_hosts_files (hashed entries work).
// A key marked @revoked for the host is always refused (REVOKED HOST KEY, with its fingerprint and
// FILE:LINE), whether or not a plain line lists it too. Unknown keys are refused with a hint unless
// target.accept_new (then appended to the first file); a host covered only by a @cert-authority line
// is refused as unsupported, --accept-new or not; a changed key, or a known host with another key
// type, is always refused with both fingerprints; a file that cannot be read or parsed is an error.
Result<AccessCheck> verify_host_key(ssh_session_struct* session, const RemoteTarget& target);

}  // namespace sshtune::probes
