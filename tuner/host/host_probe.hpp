#pragma once
// `ssh-tune host`'s pipeline: resolve the alias, read the server's algorithms,
// run the trials, measure the sample locally, decide, and cache — or reuse a
// fresh cache entry.

#include "probes/host_trials.hpp"
#include "probes/server_algorithms.hpp"
#include "rules/decision.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/host_target.hpp"

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>

namespace sshtune {

struct HostRequest {
  std::string host;                        // the alias as typed
  TargetOverrides overrides;
  std::optional<std::string> sample_path;  // --sample; the built-in corpus otherwise
  std::chrono::milliseconds budget{5000};  // total trial time
  bool fresh = false;                      // ignore the cache
  TrialKind direction = TrialKind::upload; // cipher trials push (upload) or pull (download)
};

// What `host` learned, from the network or the cache.
struct HostOutcome {
  CachedHost entry;                 // what is (now) cached, decision included
  bool from_cache = false;
  std::string target;               // "hostname:port" actually probed
  std::vector<std::string> notes;   // what could not be measured, and why
  std::vector<std::string> failures;
  std::vector<std::string> current_ciphers;  // `ssh -G` now, for the comparison
  bool current_compression = false;
  double elapsed_s = 0;
};

// Runs the pipeline. `progress` (null for none) receives a live status line.
// Errors: bad config (file:line), unreachable host, refused host key, no
// usable cipher — each one line naming the host or file.
Result<HostOutcome> tune_host(const HostRequest& request, std::ostream* progress);

}  // namespace sshtune
