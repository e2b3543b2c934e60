#pragma once
// The user's own OpenSSH client as the confirmation trials run it: the same `ssh`
// (or $SSHTUNE_SSH), the alias resolved by ssh itself from the user's config with
// the user's -F/-p/-l/-i, plus the options that keep a trial a plain batch
// session — never prompting, no TTY, no multiplexing (each trial is its own
// connection), no forwardings, no RemoteCommand or LocalCommand from the config.

#include "probes/core/openssh_runner.hpp"
#include "probes/core/remote_target.hpp"
#include "tuner/host/host_target.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <string>
#include <vector>

namespace sshtune::host {

// The ssh program the trials run: ssh_program() ($SSHTUNE_SSH when set, else "ssh" in PATH).
std::string openssh_program();

// The options of a plain batch session for an ssh of `version` ("OpenSSH_9.2p1 ..."): options added in
// OpenSSH 8.7 (SessionType, StdinNull, ForkAfterAuthentication) only where the client knows them.
std::vector<std::string> batch_session_options(const std::string& version);

// The OpenSSH target for `host` as typed, with the user's overrides; `resolved` gives the label and
// the timeout (ConnectTimeout, else 10 s).
probes::OpensshTarget openssh_target(const std::string& host, const TargetOverrides& overrides,
                                     const probes::RemoteTarget& resolved, const sshconfig::ClientCapabilities& client);

}  // namespace sshtune::host
