#pragma once
// The production RemoteRunner: one libssh connection (host key verified first) carries
// the trials, switching cipher, MAC and compression by rekeying between them; remote
// commands are read-only.

#include "base/clock.hpp"
#include "probes/core/host_trials.hpp"
#include "probes/core/remote_target.hpp"

#include <memory>

namespace sshtune::probes {

// A RemoteRunner that connects to `target` with libssh (no ~/.ssh/config, never prompts); every time it
// reads, its trials' spans and set-up included, is `clock`'s (which must outlive it).
std::unique_ptr<RemoteRunner> make_libssh_runner(const RemoteTarget& target, const Clock& clock);

}  // namespace sshtune::probes
