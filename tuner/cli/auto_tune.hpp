#pragma once
// Auto-tune as you go (opt-in; off by default). With `auto = true` in
// $XDG_CONFIG_HOME/ssh-tune/config.toml (default ~/.config/ssh-tune/config.toml)
// or SSHTUNE_AUTO=1, `ssh-tune ssh` for a destination with no fresh measurement
// runs ssh unchanged at once and leaves one background `ssh-tune host DEST`
// behind, so the next transfer is tuned. The background probe:
// - is one per host at a time: it holds the lock cache_dir()/HOST.lock from the
//   moment the wrapper starts it until the measurement has finished;
// - waits until the transfer's ssh has exited, so it never competes with the
//   transfer, nor with its start (authentication, the host key check);
// - never prompts: its own session (no terminal), stdin from /dev/null,
//   SSH_ASKPASS_REQUIRE=never, an unknown host key refused as `host` refuses it;
// - writes what it does and what `host` prints to cache_dir()/auto.log.

#include "tuner/cli/command.hpp"
#include "tuner/cli/ssh_args.hpp"

#include <filesystem>
#include <iosfwd>
#include <optional>
#include <string>

namespace sshtune::cli {

// Whether auto-tune is on. SSHTUNE_AUTO decides when set (1, yes, true or on: on;
// 0, no, false, off or empty: off); else `auto` in config.toml (absent file or key:
// off). An error names the file and line of a bad config.toml, or a bad SSHTUNE_AUTO.
Result<bool> auto_tune_enabled();

// Where auto-tune's settings live: config_home()/config.toml.
std::filesystem::path auto_tune_config_path();

// The `ssh-tune host` arguments that measure the destination of `analysis` the way
// this ssh reaches it: the host, then -F, -p, -l and -i as given (the user and port
// of "user@host" and "ssh://user@host:port" too). nullopt when the command opens no
// session (-G, -O, -Q, -V), names no destination, or routes through -J, -W,
// ProxyJump or ProxyCommand options that `host` cannot follow.
std::optional<Args> probe_arguments(const SshArgs& analysis);

// What start_background_probe() did.
enum class ProbeStart {
  started,  // a background probe now holds the host's lock
  busy,     // one is already pending or running for this host: none started
};

// Starts the background probe `ssh-tune host ARGS` (args[0] is the host) for this
// process's ssh, which must exec right after. Errors (no cache directory, no lock,
// cannot spawn) are for the caller to warn about; the transfer goes on either way.
Result<ProbeStart> start_background_probe(const Args& host_args);

// What `ssh-tune ssh` does for a destination it has no fresh measurement of: when
// auto-tune is on, starts the background probe (see above). Problems are one
// warning line on `err`; the transfer goes on unchanged either way.
void auto_tune_untuned(const SshArgs& analysis, std::ostream& err);

}  // namespace sshtune::cli
