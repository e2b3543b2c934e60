#pragma once
// The composition root: the real adapters (libssh, the user's OpenSSH client,
// the KEXINIT probes, the linked libraries' versions) wired into the seams the
// host pipeline and the audit take. Only the command line calls it; every layer
// below reaches the machine and the network through those seams alone.

#include "base/result.hpp"
#include "tuner/host/cpu_cache.hpp"
#include "tuner/host/environment.hpp"
#include "tuner/host/server_offer_probe.hpp"

#include <iosfwd>

namespace sshtune::wiring {

// The real machine: the local ssh's capabilities, the shipped catalog and the
// user's policy, libssh trials, trials through the user's ssh, the ledger-guarded
// KEXINIT probe, the local benchmarks, the cache under cache_home() (validated
// against that catalog, policy and client), the system clocks. `progress` is
// what shows the step being measured (unset: nothing). Errors: ssh missing, a
// broken rule file.
Result<host::HostEnvironment> production_environment(host::ProgressStatus progress);

// The offer readers of `audit --server`: known_hosts and the logged-in KEXINIT
// through libssh, the pre-authentication KEXINIT over plain TCP (or the ProxyCommand); their deadlines on
// `clock` (which must outlive them).
host::OfferReaders production_offer_readers(const Clock& clock);

// This machine's CPU model and the loaded OpenSSL, with no figures: what a stored
// CPU benchmark must match.
host::CpuBench this_cpu();

}  // namespace sshtune::wiring
