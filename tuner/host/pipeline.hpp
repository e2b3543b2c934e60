#pragma once
// `ssh-tune host`'s pipeline as passes (mold's main is the model), each a
// function with explicit inputs that can be called and tested alone:
//
//   resolve_host  alias -> the effective ssh config and the probe target
//   reuse_cached  a fresh cache entry for the same question, if any
//   gather_facts  server offer, trials (probes), local speeds -> rules::HostFacts
//   decide_host   rules::decide over the facts
//   record_outcome the cache entry and what to show
//   (render_snippets and write_decision in render.hpp / write.hpp follow)
//
// tune_host() runs the first five in order, the way the CLI uses them.

#include "probes/core/host_trials.hpp"
#include "probes/core/remote_target.hpp"
#include "probes/core/server_algorithms.hpp"
#include "rules/decision.hpp"
#include "tuner/host/environment.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/host_target.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::host {

struct HostRequest {
  std::string host;  // the alias as typed
  TargetOverrides overrides;
  std::optional<std::string> sample_path;   // --sample; the built-in corpus otherwise
  std::chrono::milliseconds budget{5000};   // total trial time
  bool fresh = false;                       // ignore the cache
  Direction direction = Direction::upload;  // cipher trials push (upload) or pull (download)
  std::optional<std::uint64_t> copy_bytes;  // --size: the whole copy the verdict times (shown, not measured)
};

// The whole copy the verdict times. Only shown: a cached verdict times any size.
inline constexpr std::uint64_t k_standard_copy_bytes = std::uint64_t{1} << 30;
struct CopySize {
  enum class From { size_flag, sample, standard };  // --size, the size of --sample, or 1 GiB
  std::uint64_t bytes = k_standard_copy_bytes;
  From from = From::standard;
};

// The request's copy: --size, else the size of --sample (every file under a directory), else
// k_standard_copy_bytes. Errors name a --sample that is neither a file nor a directory.
Result<CopySize> copy_size(const HostRequest& request);

// The alias resolved as ssh would: the effective configuration and the probe target.
struct ResolvedHost {
  sshconfig::Evaluation evaluation;
  probes::RemoteTarget target;
  std::vector<std::string> current_ciphers;  // `ssh -G`'s ciphers now, for the comparison
  bool current_compression = false;
};

// The measuring passes of gather_facts, in the order they run.
enum class MeasuringPass { survey, confirmation, ladder, tools };

// What one measuring pass was given and what it spent, on the pipeline's clock.
struct PassTime {
  MeasuringPass pass = MeasuringPass::survey;
  std::chrono::milliseconds given{0};  // its share of the budget (the ladder: the time left) as it began
  std::chrono::milliseconds spent{0};  // from its start to its end
  std::chrono::milliseconds setup{0};  // set-up it charged outside the budget (part of `spent`)
};

// What gather_facts measured: the decision's inputs and the raw material of the cache entry.
struct Measurement {
  rules::HostFacts facts;
  probes::ServerAlgorithms server;
  std::vector<CachedTrial> trials;
  std::vector<std::string> notes;     // what could not be measured, and why
  std::vector<std::string> failures;  // "TRIAL: message" for each trial that failed
  // Set-up that moved the deadline (connections opening, remote shells starting, a new sink's warm-up,
  // rsync --version): the run's time beyond the budget.
  std::chrono::milliseconds setup{0};
  // What a new ssh session takes before its command runs, a whole copy's set-up: the median of your ssh's
  // confirmation sessions (TrialResult::setup_s), else the survey's log-in (check_access) and its first
  // remote command's start (HostTrialReport::command_start_seconds); nullopt when no remote command ran.
  std::optional<double> session_setup_s;
  std::vector<PassTime> passes;               // each measuring pass that ran, in order
  std::shared_ptr<const std::string> sample;  // the data the trials carried (--sample or the built-in corpus)
};

// What `host` learned, from the network or the cache.
struct HostOutcome {
  CachedHost entry;  // what is (now) cached, decision included
  bool from_cache = false;
  std::string target;              // "hostname:port" actually probed
  std::vector<std::string> notes;  // what could not be measured, and why
  std::vector<std::string> failures;
  std::vector<std::string> current_ciphers;  // `ssh -G` now, for the comparison
  bool current_compression = false;
  double elapsed_s = 0;
  double setup_s = 0;            // Measurement::setup: of elapsed_s, what set-up took outside the budget
  std::vector<PassTime> passes;  // Measurement::passes: what each measuring pass was given and spent
  CopySize copy;                 // the whole copy the verdict times (the request's)
  // With parallel advice: how fast sha256sum hashes here (the big-file snippet's verification), measured
  // for each run (nullopt: not measured).
  std::optional<double> hash_mb_per_s;
};

// The cache's label for the request's sample: its path escaped as messages show
// it (a newline as "\n", so the entry stays readable), or "built-in mixed corpus".
std::string sample_label(const HostRequest& request);

// Pass 1: the effective configuration for the alias and the target the probes use.
// Errors: a bad config (file:line), a bad port.
Result<ResolvedHost> resolve_host(const HostRequest& request, const sshconfig::ClientCapabilities& client);

// Pass 2: the cached outcome when `cached` answers the same question (sample,
// direction, client version) and --fresh was not given; nullopt otherwise.
std::optional<HostOutcome> reuse_cached(const HostRequest& request, const ResolvedHost& resolved,
                                        std::optional<CachedHost> cached, const sshconfig::ClientCapabilities& client);

// Pass 3: the server's offer, the trials within the budget, and this machine's
// cipher and compression speeds. Errors: unreachable host, a server that accepts
// and never speaks (no trial then waits for the same timeout again), refused host
// key, an unreadable sample. A failing trial is recorded, never fatal; a server
// offer that cannot be parsed is a note.
Result<Measurement> gather_facts(const HostRequest& request, const ResolvedHost& resolved, HostEnvironment& env);

// Pass 4: the decision over the measured facts (pure). Error when nothing measured is allowed.
Result<rules::Decision> decide_host(const Measurement& measurement, const HostEnvironment& env);

// Pass 5: the cache entry and the outcome for one fresh measurement.
HostOutcome record_outcome(const HostRequest& request, const ResolvedHost& resolved, Measurement measurement,
                           rules::Decision decision, const HostEnvironment& env);

// Passes 1-5, saving the new entry in the cache. Errors as the passes', and a
// cache entry that fails the cache checks (host_cache.hpp) unless --fresh.
Result<HostOutcome> tune_host(const HostRequest& request, HostEnvironment& env);

}  // namespace sshtune::host
