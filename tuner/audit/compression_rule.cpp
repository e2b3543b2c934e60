#include "tuner/audit/compression_rule.hpp"

#include <cstdio>

namespace sshtune::audit {
namespace {

std::string why(const MeasuredHost& facts) {
  if (facts.cpu_bound.value_or(false)) return "the last measurement found the link CPU-bound";
  char rtt[32];
  std::snprintf(rtt, sizeof rtt, "%.1f", facts.rtt_ms.value_or(0));
  return std::string("it is on a LAN (RTT ") + rtt + " ms)";
}

}  // namespace

std::optional<Finding> audit_compression_link(const config::Evaluation& evaluation, const MeasuredHost& facts,
                                              double lan_rtt_ms) {
  if (evaluation.value("compression") != "yes") return std::nullopt;
  const bool lan = facts.rtt_ms && *facts.rtt_ms < lan_rtt_ms;
  if (!facts.cpu_bound.value_or(false) && !lan) return std::nullopt;
  const config::Origin origin = evaluation.origin("compression");
  return Finding{Severity::warn, RuleId::compression_lan, origin.file, origin.line, evaluation.host,
                 "Compression yes is in effect for " + evaluation.host + ", but " + why(facts) +
                     "; ssh's zlib (always level 6) then slows transfers several times",
                 "set Compression no for " + evaluation.host};
}

}  // namespace sshtune::audit
