#pragma once
// The network half of server_algorithms.hpp: one plain TCP exchange (or one through
// the host's ProxyCommand) that reads what a server offers before authentication.

#include "base/clock.hpp"
#include "base/result.hpp"
#include "probes/core/remote_target.hpp"
#include "probes/core/server_algorithms.hpp"

namespace sshtune::probes {

// Connects to target (directly, or through target.proxy_command), sends our identification line and
// returns the parsed banner and KEXINIT. The whole exchange is bounded by target.timeout on `clock`; nothing
// else is sent.
// Errors are ErrorKind::remote when the server cannot be talked to (no address, refused, a timeout; a
// server that accepts and never speaks: "HOST: TCP connected, but the server sent no SSH banner within
// 10 s"), ErrorKind::invalid_input when it spoke but broke the protocol (the parse errors above).
Result<ServerAlgorithms> fetch_server_algorithms(const RemoteTarget& target, const Clock& clock);

}  // namespace sshtune::probes
