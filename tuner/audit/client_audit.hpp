#pragma once
// The client audit: every line of every ssh_config file ssh reads (all Host/Match
// blocks, active or not), the files themselves, and the effective configuration
// of each --host and of each host named by a Host line or a Match host criterion.

#include "probes/core/cipher_speed.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/config_set.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/audit/measured_host.hpp"
#include "tuner/sshconfig/config_cache.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace sshtune::audit {

// Told how far the per-host rules are: (0, total) before the first host, then
// (i, total) after the i-th of `total` hosts.
using HostProgress = std::function<void(std::size_t done, std::size_t total)>;

// Everything the client rules read. `speeds` may be empty (no benchmark: the
// slow-cipher rule is skipped, and the slow-setting rules quote no CPU figures);
// `facts` may know nothing.
struct ClientAuditInput {
  const ClientConfigSet& configs;
  ClientSources sources;           // to evaluate hosts exactly as ssh reads these files
  std::vector<std::string> hosts;  // --host names, evaluated and reported under their name
  const AlgorithmContext& algorithms;
  const std::vector<probes::CipherSpeed>& speeds;
  const MeasuredHostLookup& facts;
  std::optional<std::string> rsync_rsh;      // the RSYNC_RSH environment variable, if set
  std::optional<double> zlib_mb_per_s = {};  // ssh's zlib (level 6) on this CPU, when benchmarked
  HostProgress progress = {};                // may be empty
};

// Ok when ssh accepts every line of every file apart from algorithm names (those
// are the audit's findings, and --fix can repair them). Otherwise the file is
// malformed and the audit stops like every other command: an invalid_input
// error naming the first rejected FILE:LINE ("... (+N more)").
Result<void> check_client_syntax(const ClientConfigSet& configs, const sshconfig::ClientCapabilities& client);

// Per-line rules: config-error (what ssh rejects besides algorithm names; the CLI
// stops at check_client_syntax first), algorithm tiers, slow-cipher, slow-first-cipher
// by this CPU's figures (for lines no measured host's trials judge), weak-first-cipher,
// compression-all-hosts, and the release rules of version_rules.hpp (dsa-key, ipqos-ignored, kex-no-post-quantum).
std::vector<Finding> audit_client_lines(const ClientAuditInput& input);

// Per-host rules over effective configurations (Match exec is not run): shadowed-setting, and, where the
// facts know the host, compression-lan, compression-rsync-stacked, terrapin and slow-first-cipher by its
// trials. A host ssh cannot evaluate gives a config-error finding when it was asked for with --host.
std::vector<Finding> audit_client_hosts(const ClientAuditInput& input);

// Host names to evaluate besides --host: each literal (wildcard-free, not negated)
// pattern of every Host line and of the host and originalhost criteria of every
// Match line without exec (not negated), in file order, each once.
std::vector<std::string> hosts_named_in(const ClientConfigSet& configs);

// Every host the per-host rules evaluate: the --host names, hosts_named_in, then
// every host the facts know (a measured host a `Host *` block applies to), each once.
std::vector<std::string> audited_hosts(const ClientAuditInput& input);

// A host's effective configuration from the audited files, as ssh computes it
// (Match exec is not run); through `cache` (made for input.algorithms.client) when
// many hosts are evaluated: the same result, each file read and parsed once.
Result<sshconfig::Evaluation> evaluate_audited(const std::string& host, const ClientAuditInput& input,
                                               sshconfig::ConfigCache* cache = nullptr);

// The raw first argument of the directive at `origin` in the audited files, as
// written ("+aes128-cbc"); "" when the origin is not a line of them.
std::string raw_value_at(const ClientConfigSet& configs, const sshconfig::Origin& origin);

// The lines whose Ciphers a measured host's trials judge (see trials_judge_ciphers):
// slow-first-cipher leaves them to the per-host rule.
std::set<std::pair<std::string, std::size_t>> lines_judged_by_trials(const ClientAuditInput& input);

// The hosts the facts know whose measurement recommended Compression yes: slow
// links, where a `Host *` Compression yes belongs (compression-all-hosts).
std::vector<std::string> slow_link_hosts(const MeasuredHostLookup& facts);

// All client rules (lines, files, hosts, RSYNC_RSH), sorted and de-duplicated.
std::vector<Finding> audit_client(const ClientAuditInput& input);

}  // namespace sshtune::audit
