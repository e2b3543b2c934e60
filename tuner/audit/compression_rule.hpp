#pragma once
// compression-lan: `Compression yes` in effect for a host that cached facts show
// to be CPU-bound or on a LAN, where ssh's fixed zlib level 6 costs 5-10x throughput.

#include "tuner/audit/finding.hpp"
#include "tuner/audit/measured_host.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>

namespace sshtune::audit {

// A warn located at the line that switched compression on, or nullopt when
// compression is off, or the facts show neither a CPU-bound link nor a LAN (an
// RTT below `lan_rtt_ms`, the policy's link.lan_rtt_ms).
std::optional<Finding> audit_compression_link(const config::Evaluation& evaluation, const MeasuredHost& facts,
                                              double lan_rtt_ms);

}  // namespace sshtune::audit
