#pragma once
// ssh-tune's own connections to a server that end before authentication, counted
// the way OpenSSH >= 9.8's sshd counts them against the client's address
// (PerSourcePenalties, srclimit.c): each adds its penalty to the address's
// remaining time, which runs down by one second per second; once it exceeds
// sshd's threshold the address is refused. ssh-tune stops far below that, so the
// user's own logins are never refused because of it. The ledger is one small file
// in the cache directory; every entry is keyed by "host:port" as connected to.

#include "base/result.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::host {

// sshd's defaults (OpenSSH 10.0's `sshd -T`: persourcepenalties ... noauth:1 authfail:5 min:15).
inline constexpr double k_sshd_penalty_min_s = 15;   // a source is refused once its penalty exceeds this
inline constexpr double k_noauth_penalty_s = 1;      // a connection closed before attempting authentication
inline constexpr double k_authfail_penalty_s = 5;    // a connection whose authentication failed
inline constexpr double k_sshd_penalty_max_s = 600;  // sshd never holds more against one source
// ssh-tune's ceiling: a third of sshd's threshold, leaving the user's own failed or aborted logins room.
inline constexpr double k_preauth_ceiling_s = k_sshd_penalty_min_s / 3;
// A ledger file larger than this is not one ssh-tune wrote.
inline constexpr std::size_t k_max_ledger_file = std::size_t{64} * 1024;

// One server's remaining penalty as ssh-tune caused it, as of a time.
struct PenaltyEntry {
  std::string server;  // "host:port"
  double seconds = 0;  // remaining penalty at `as_of_unix`
  std::int64_t as_of_unix = 0;
};

struct PreauthLedger {
  std::vector<PenaltyEntry> entries;
};

// The penalty ssh-tune's probes left on `server` that has not run down by `now` (0 when none), at most
// k_sshd_penalty_max_s; a time after `now` (a clock set back, a tampered file) counts as `now`.
double remaining_penalty(const PreauthLedger& ledger, const std::string& server, std::int64_t now);

// Records a connection to `server` that ended before or in authentication costing `penalty_s`.
void charge(PreauthLedger& ledger, const std::string& server, double penalty_s, std::int64_t now);

// Whole seconds to wait before a connection costing `penalty_s` keeps `server` under the ceiling; 0 now.
std::int64_t seconds_until_allowed(const PreauthLedger& ledger, const std::string& server, double penalty_s,
                                   std::int64_t now);

// Parses the ledger file: lines "HOST:PORT SECONDS UNIX_TIME"; anything else is an invalid_input Error
// naming FILE:LINE and saying the file may be removed.
Result<PreauthLedger> parse_ledger(std::string_view text, const std::string& file);

// The file's text for `ledger`, without the entries that ran down by `now`.
std::string render_ledger(const PreauthLedger& ledger, std::int64_t now);

// The ledger's file: $XDG_CACHE_HOME/ssh-tune/preauth-probes.
std::string ledger_path();

// Reads the ledger (empty when there is no file yet); the file must be the user's own (private_file).
Result<PreauthLedger> load_ledger();

// Writes the ledger atomically (0600) into the cache directory.
Result<void> save_ledger(const PreauthLedger& ledger, std::int64_t now);

}  // namespace sshtune::host
