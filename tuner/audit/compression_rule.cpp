#include "tuner/audit/compression_rule.hpp"

#include <cstdio>

namespace sshtune::audit {
namespace {

std::string why(const HostFacts& facts) {
  if (facts.cpu_bound.value_or(false)) return "the last measurement found the link CPU-bound";
  char rtt[32];
  std::snprintf(rtt, sizeof rtt, "%.1f", facts.rtt_ms.value_or(0));
  return std::string("it is on a LAN (RTT ") + rtt + " ms)";
}

}  // namespace

std::optional<Finding> audit_compression_link(const config::Evaluation& evaluation, const HostFacts& facts) {
  if (evaluation.value("compression") != "yes") return std::nullopt;
  const bool lan = facts.rtt_ms && *facts.rtt_ms < k_lan_rtt_ms;
  if (!facts.cpu_bound.value_or(false) && !lan) return std::nullopt;
  const config::Origin origin = evaluation.origin("compression");
  return Finding{Severity::warn, "compression-lan", origin.file, origin.line, evaluation.host,
                 "Compression yes is in effect for " + evaluation.host + ", but " + why(facts) +
                     "; ssh's zlib (always level 6) then slows transfers several times",
                 "set Compression no for " + evaluation.host};
}

}  // namespace sshtune::audit
