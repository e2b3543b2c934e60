#pragma once
// The production RemoteRunner: every trial is a fresh libssh connection with the
// trial's algorithms pinned, host key verified first, read-only remote commands.

#include "probes/host_trials.hpp"
#include "probes/remote_target.hpp"

#include <memory>

namespace sshtune {

// A RemoteRunner that connects to `target` with libssh (no ~/.ssh/config, never prompts).
std::unique_ptr<RemoteRunner> make_libssh_runner(const RemoteTarget& target);

}  // namespace sshtune
