#pragma once
// The last check before a managed block is written: it holds exactly what
// ssh-tune means to write and nothing ssh would act on otherwise. Names and
// ciphers are validated where they enter (the command line, the cache); this
// check makes sure no value can smuggle a line such as `Match exec`,
// `ProxyCommand`, `LocalCommand` or `KnownHostsCommand` into ssh_config, which
// the `ssh -G` verification after the write would then run.

#include "base/result.hpp"
#include "tuner/edit/host_settings.hpp"
#include "tuner/edit/managed_file.hpp"

#include <string>

namespace sshtune::edit {

// Ok when `block` is its begin marker, `Host HOST`, `Ciphers CIPHERS_VALUE`,
// `Compression yes|no` (each a single argument equal to the intended value, as
// ssh tokenises it) and its end marker, and no line holds a control character.
// Error (invalid_input) naming the host and the first offending line otherwise.
Result<void> check_block(const ManagedBlock& block, const HostSettings& settings, const std::string& ciphers_value);

}  // namespace sshtune::edit
