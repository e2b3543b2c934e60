#pragma once
// Reading a server's offer (banner and KEXINIT) without ever getting the user's
// address penalised or refused by sshd (OpenSSH >= 9.8 PerSourcePenalties): inside
// a login where the user can log in, otherwise through a pre-authentication probe
// that the ledger (preauth_ledger.hpp) allows only far below sshd's threshold.

#include "probes/core/remote_target.hpp"
#include "probes/core/server_algorithms.hpp"
#include "base/clock.hpp"
#include "base/result.hpp"

#include <cstdint>
#include <functional>
#include <string>

namespace sshtune::host {

// "host:port" as the ledger keys a target.
std::string ledger_key(const probes::RemoteTarget& target);

// The ledger-guarded pre-authentication probe: refuses (ErrorKind::remote, saying how long ssh-tune's
// probes have left the address penalised and when it may probe again) when one more connection would
// take the target past k_preauth_ceiling_s; otherwise records it in the ledger and runs `fetch`.
// A ledger file that is not the user's or not ssh-tune's format is its own error; nothing connects.
// The ledger's times are clock's wall time.
Result<probes::ServerAlgorithms> guarded_preauth_fetch(
    const probes::RemoteTarget& target,
    const std::function<Result<probes::ServerAlgorithms>(const probes::RemoteTarget&)>& fetch, const Clock& clock);

// The ways to read a server's offer that read_server_offer() chooses between; the composition root
// (tuner/wiring) supplies the real ones, tests fakes.
struct OfferReaders {
  // Whether a login can verify the target's host key (a known_hosts file holds it); reads no network.
  std::function<bool(const probes::RemoteTarget&)> host_key_known;
  // The offer read inside a login (a connection sshd does not penalise unless the login fails).
  std::function<Result<probes::ServerAlgorithms>(const probes::RemoteTarget&)> logged_in;
  // The offer read before authentication (a connection sshd penalises).
  std::function<Result<probes::ServerAlgorithms>(const probes::RemoteTarget&)> preauth;
};

// The offer for `audit --server`: read inside a login (readers.logged_in) when the target's host key is
// known (the user has connected before), a failed login recorded in the ledger as sshd counts it
// (authfail) and returned as the error; else guarded_preauth_fetch() with readers.preauth.
// The ledger's times are clock's wall time.
Result<probes::ServerAlgorithms> read_server_offer(const probes::RemoteTarget& target, const OfferReaders& readers,
                                                   const Clock& clock);

}  // namespace sshtune::host
