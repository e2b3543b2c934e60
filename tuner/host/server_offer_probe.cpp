#include "tuner/host/server_offer_probe.hpp"

#include "base/format.hpp"
#include "tuner/host/preauth_ledger.hpp"

#include <cmath>
#include <ctime>

namespace sshtune::host {
namespace {

Error refused_probe(const probes::RemoteTarget& target, double remaining, std::int64_t wait, std::int64_t now) {
  return Error{ErrorKind::remote,
               describe(target) + ": not probed: ssh-tune's connections that end before logging in have left " +
                   std::to_string(std::llround(remaining)) +
                   " s of sshd's per-source penalty on your address (OpenSSH >= 9.8 refuses an address past " +
                   std::to_string(static_cast<int>(k_sshd_penalty_min_s)) + " s, your own ssh included); " +
                   "probing again is safe from " + utc_text(now + wait, "%H:%M:%S UTC") + " (in " +
                   std::to_string(wait) + " s), or name a Host you can log in to"};
}

// Records a connection costing `penalty_s` to the target before it is made, so a crash still counts.
Result<void> record(const probes::RemoteTarget& target, double penalty_s, std::int64_t now) {
  SSHTUNE_TRY(ledger, load_ledger());
  charge(ledger, ledger_key(target), penalty_s, now);
  return save_ledger(ledger, now);
}

}  // namespace

std::string ledger_key(const probes::RemoteTarget& target) {
  return target.hostname + ":" + std::to_string(target.port);
}

Result<probes::ServerAlgorithms> guarded_preauth_fetch(
    const probes::RemoteTarget& target,
    const std::function<Result<probes::ServerAlgorithms>(const probes::RemoteTarget&)>& fetch, const Clock& clock) {
  const std::int64_t now = clock.unix_seconds();
  SSHTUNE_TRY(ledger, load_ledger());
  const std::string key = ledger_key(target);
  if (const std::int64_t wait = seconds_until_allowed(ledger, key, k_noauth_penalty_s, now); wait > 0) {
    SSHTUNE_TRYV(save_ledger(ledger, now));  // as of now: a time ahead of the clock runs down from here
    return refused_probe(target, remaining_penalty(ledger, key, now), wait, now);
  }
  charge(ledger, key, k_noauth_penalty_s, now);
  SSHTUNE_TRYV(save_ledger(ledger, now));
  return fetch(target);
}

Result<probes::ServerAlgorithms> read_server_offer(const probes::RemoteTarget& target, const OfferReaders& readers,
                                                   const Clock& clock) {
  if (!readers.host_key_known(target)) return guarded_preauth_fetch(target, readers.preauth, clock);
  auto server = readers.logged_in(target);
  if (!server) {
    SSHTUNE_TRYV(record(target, k_authfail_penalty_s, clock.unix_seconds()));
  }
  return server;
}

}  // namespace sshtune::host
