#pragma once
// The facts of OpenSSH_9.2p1 Debian-2+deb12u10 as observed (run as root): a fixed
// ClientCapabilities for unit tests that must not depend on the machine's ssh.

#include "tuner/sshconfig/client_capabilities.hpp"

namespace sshtune {

// `ssh -Q`, `ssh -G -F /dev/null ssh-tune.invalid` and `ssh -V` of Debian 12's 9.2p1.
const ClientCapabilities& openssh_9_2_debian_snapshot();

}  // namespace sshtune
