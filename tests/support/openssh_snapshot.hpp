#pragma once
// The facts of OpenSSH_9.2p1 Debian-2+deb12u10 as observed (run as root), and
// clients of other releases derived from them: fixed ClientCapabilities for unit
// tests that must not depend on the machine's ssh.

#include "tuner/sshconfig/client_capabilities.hpp"

#include <string>

namespace sshtune::testing {

// `ssh -Q`, `ssh -G -F /dev/null ssh-tune.invalid` and `ssh -V` of Debian 12's 9.2p1.
const sshconfig::ClientCapabilities& openssh_9_2_debian_snapshot();

// A client whose `ssh -V` is `version` ("OpenSSH_10.3p1"), for the dialects no test
// machine has a binary of: the 9.2 snapshot's -Q lists, and its -G defaults with the
// default lines later releases' fill_default_options() and dump_client_config()
// change (10.1: warnweakcrypto yes, ipqos ef cs0, no id_xmss / id_dsa; 10.3:
// revokedhostkeys none among the lists; 10.5: id_mldsa44_ed25519). Kept for the
// life of the process.
const sshconfig::ClientCapabilities& openssh_release_snapshot(const std::string& version);

}  // namespace sshtune::testing
