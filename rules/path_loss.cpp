#include "rules/path_loss.hpp"

#include "base/format.hpp"
#include "rules/link_model.hpp"

#include <cmath>
#include <cstdio>

namespace sshtune::rules {
namespace {

// Mathis et al.'s constant for periodic loss with delayed ACKs off: sqrt(3/2).
constexpr double k_mathis_constant = 1.22;

// "0.21%": a loss share with two decimals.
std::string loss_percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%", fraction * 100);
  return text;
}

bool backs_off_per_loss(const std::string& congestion) { return !congestion.starts_with("bbr"); }

}  // namespace

std::optional<double> loss_fraction(const HostFacts& facts, const Policy& policy) {
  if (!facts.path.loss || facts.path.loss->segments < policy.loss_min_segments) return std::nullopt;
  return facts.path.loss->retransmitted / facts.path.loss->segments;
}

bool loss_suspected(const HostFacts& facts, const Policy& policy) {
  const auto fraction = loss_fraction(facts, policy);
  const auto rtt = judged_rtt_seconds(facts);
  return fraction && *fraction >= policy.loss_suspect && rtt && *rtt * 1000 >= policy.lan_rtt_ms;
}

std::optional<double> loss_held_mb_per_s(const HostFacts& facts, const Policy& policy) {
  const auto fraction = loss_fraction(facts, policy);
  const auto rtt = judged_rtt_seconds(facts);
  if (!fraction || *fraction <= 0 || !rtt || !backs_off_per_loss(facts.path.loss->congestion)) return std::nullopt;
  return facts.path.loss->mss_bytes / *rtt * k_mathis_constant / std::sqrt(*fraction) / 1e6;
}

std::vector<std::string> loss_reasons(const HostFacts& facts, const Policy& policy) {
  const PathLoss& loss = *facts.path.loss;
  const std::string congestion = loss.congestion.empty() ? "this machine's congestion control" : loss.congestion;
  std::vector<std::string> reasons;
  std::string counted = "loss: TCP sent " + loss_percent(*loss_fraction(facts, policy)) + " of the " +
                        std::to_string(std::llround(loss.segments)) + " segments the trials uploaded again";
  if (const auto held = loss_held_mb_per_s(facts, policy)) {
    counted += "; at that loss " + congestion + " holds one session near " + mbps(*held) + " in a long copy (" +
               std::to_string(std::llround(loss.mss_bytes)) + "-byte segments, RTT " +
               rtt_text(*judged_rtt_seconds(facts)) + ")";
  }
  reasons.push_back(counted);
  if (backs_off_per_loss(loss.congestion)) {
    reasons.push_back(
        "bbr holds a lossy path far better than " + congestion +
        " where the kernel has it: sysctl -w net.ipv4.tcp_congestion_control=bbr on the sending side (this "
        "machine for uploads, the server for downloads)");
  }
  return reasons;
}

}  // namespace sshtune::rules
