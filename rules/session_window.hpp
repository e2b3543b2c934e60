#pragma once
// Which window binds one ssh session on a long path, each way, and what lifts it. Three limits hold
// the data one session has in flight per round trip: the receiver's SSH channel window (stock OpenSSH's
// is fixed at policy.window_bytes; hpn-ssh's follows its TCP receive buffer, so it adds no limit of its
// own), the sender's TCP send buffer (tcp_wmem's maximum) and the receiver's TCP receive buffer
// (policy.tcp_receive_share of tcp_rmem's maximum). The smallest binds.

#include "rules/decision.hpp"
#include "rules/policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// The binding window for `direction`: the smallest known limit (ties go to the channel window); the
// receiver's channel window is left out for uploads to an hpn-ssh server (facts.offer.server_is_hpn; the client
// is taken for stock OpenSSH). A TCP limit carries the maximum advised to lift it: policy.tcp_advised_max,
// or twice the present one when that is more. Unknown limits are left out (local_known, server_known say
// so); nullopt when none is known.
std::optional<SessionWindow> session_window(const HostFacts& facts, TransferDirection direction, const Policy& policy);

// session_window for both directions.
SessionWindows session_windows(const HostFacts& facts, const Policy& policy);

// The window as the reasons name it: "OpenSSH's 2 MiB channel window", "the server's TCP receive buffer
// (3 MiB of window from tcp_rmem's maximum, 6 MiB)", "this machine's TCP send buffer (tcp_wmem's maximum,
// 1 MiB)".
std::string window_name(const SessionWindow& window);

// What gets past it: parallel sessions or hpn-ssh on the receiver for the channel window; for a TCP
// buffer, the sysctl that raises its maximum to advised_max on the end that has it (the kernel's default
// first two fields), or parallel sessions.
std::string window_lift(const SessionWindow& window, TransferDirection direction);

// The why lines of a window-bound verdict: for `measured` and then the other direction, which window
// binds, what is unknown, and what lifts it.
std::vector<std::string> window_reasons(const SessionWindows& windows, TransferDirection measured);

// The line for an hpn-ssh server: which direction its window lifts, and which it does not.
std::string hpn_reason();

}  // namespace sshtune::rules
