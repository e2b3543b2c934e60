#pragma once
// compression-lan: `Compression yes` in effect for a host that cached facts show
// to be CPU-bound, window-bound or on a LAN, where ssh's fixed zlib level 6 costs
// throughput (5-10x on a LAN) or, against the window, buys nothing.
// compression-all-hosts: `Compression yes` in a block that applies to every host
// (`Host *`, the lines before the first Host/Match, `Match all`), LAN hosts too.

#include "tuner/audit/config_set.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/audit/measured_host.hpp"
#include "tuner/audit/speed_figures.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// This CPU's figures for the messages: ssh's zlib (level 6) compression speed on
// the built-in corpus and the fastest usable cipher; either may be unknown (--no-bench).
struct LocalCompressionFigures {
  std::optional<double> zlib_mb_per_s;
  std::optional<CipherFigure> fastest;
};

// A warn located at the line that switched compression on, or nullopt when
// compression is off, or the facts show neither a CPU-bound nor a window-bound
// link nor a LAN (an RTT below the policy's link.lan_rtt_ms). The message quotes
// the host's trials with and without compression when the cache has them, else
// this CPU's zlib and cipher speeds.
std::optional<Finding> audit_compression_link(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                                              const AlgorithmContext& context, const LocalCompressionFigures& local);

// True for a scope label (see line_scopes) whose block applies to every host: "*"
// (before the first block, or `Host *`), a Host line with a "*" pattern, or a
// Match whose only criterion is all.
bool applies_to_every_host(const std::string& scope);

// compression-all-hosts for each `Compression yes` line of `file` in a block that
// applies to every host, quoting this CPU's figures. `slow_links` are the measured
// hosts whose measurement recommended compression: the finding's targets, where
// --fix moves the line (none: --fix comments it out).
std::vector<Finding> audit_compression_everywhere(const LoadedFile& file, const LocalCompressionFigures& local,
                                                  const std::vector<std::string>& slow_links);

}  // namespace sshtune::audit
