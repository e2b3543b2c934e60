#include "rules/decision.hpp"

#include "rules/cipher_ranking.hpp"
#include "base/format.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

std::optional<double> window_cap(const HostFacts& facts, const Policy& policy) {
  if (!facts.rtt_seconds || *facts.rtt_seconds <= 0) {
    return std::nullopt;
  }
  return policy.window_bytes / *facts.rtt_seconds / 1e6;
}

// Ciphers that tie within flat_spread mean the link sets the pace; with one
// cipher there is no spread to judge, so the RTT decides.
LinkClass classify(const std::vector<RankedCipher>& ranked, const HostFacts& facts, const Policy& policy,
                   std::vector<std::string>& reasons) {
  double best = 0, worst = 1e300;
  for (const auto& c : ranked) {
    best = std::max(best, c.mb_per_s);
    worst = std::min(worst, c.mb_per_s);
  }
  if (ranked.size() < 2) {
    const bool lan = !facts.rtt_seconds || *facts.rtt_seconds * 1000 < policy.lan_rtt_ms;
    reasons.push_back("only one cipher could be compared; judged by the round-trip time as " +
                      std::string(lan ? "a LAN (cpu-bound)" : "a WAN (link-bound)"));
    return lan ? LinkClass::cpu_bound : LinkClass::link_bound;
  }
  const double spread = (best - worst) / best;
  if (facts.local_cipher_mb_per_s && best < policy.cpu_fraction * *facts.local_cipher_mb_per_s) {
    reasons.push_back("the best trial is under " + percent(policy.cpu_fraction) + " of the " +
                      mbps(*facts.local_cipher_mb_per_s) + " this CPU encrypts: the link, not the CPU, sets the pace "
                      "(link-bound)");
    return LinkClass::link_bound;
  }
  const bool flat = spread <= policy.flat_spread;
  reasons.push_back("the ciphers' trials differ by " + percent(spread) + ": " +
                    (flat ? "the link, not the CPU, sets the pace (link-bound)"
                          : "the CPU sets the pace (cpu-bound)"));
  return flat ? LinkClass::link_bound : LinkClass::cpu_bound;
}

Bottleneck find_bottleneck(double best, std::optional<double> cap, LinkClass link_class, const Policy& policy,
                           std::vector<std::string>& reasons) {
  if (cap) {
    const bool window = best >= policy.window_near * *cap;
    reasons.push_back("OpenSSH's 2 MiB channel window allows " + mbps(*cap) + " at this round-trip time" +
                      (window ? ": transfers are window-limited, so the cipher matters little" : ", not a limit here"));
    if (window) {
      return Bottleneck::window;
    }
  }
  return link_class == LinkClass::link_bound ? Bottleneck::link : Bottleneck::cpu;
}

// Compression pays when min(Z, L/r) >= margin * L, i.e. when zlib keeps up
// with margin * L and the data compresses below 1/margin.
std::optional<double> break_even(const HostFacts& facts, double best, const Policy& policy,
                                 std::vector<std::string>& reasons) {
  if (!facts.zlib_mb_per_s) {
    return std::nullopt;
  }
  if (*facts.zlib_mb_per_s < policy.compression_margin * best) {
    reasons.push_back("zlib compresses at " + mbps(*facts.zlib_mb_per_s) + " here, slower than the " + mbps(best) +
                      " already reached: compression cannot pay for any data");
    return std::nullopt;
  }
  const double ratio = 1.0 / policy.compression_margin;
  reasons.push_back("compression pays when your data compresses below " + two_decimals(ratio) +
                    " (compressed/original)");
  return ratio;
}

// The compressed speed: measured with the user's data when possible, else modelled.
std::optional<double> compressed_speed(const HostFacts& facts, double best, std::optional<double> cap) {
  if (facts.compressed_sample_mb_per_s) {
    return facts.compressed_sample_mb_per_s;
  }
  if (!facts.sample_ratio || !facts.zlib_mb_per_s || *facts.sample_ratio <= 0) {
    return std::nullopt;
  }
  double speed = std::min(*facts.zlib_mb_per_s, best / *facts.sample_ratio);
  return cap ? std::min(speed, *cap / *facts.sample_ratio) : speed;
}

bool decide_compression(const HostFacts& facts, double best, std::optional<double> cap, const Policy& policy,
                        std::vector<std::string>& reasons) {
  if (!facts.server_offers_compression) {
    reasons.push_back("the server does not offer compression: Compression no");
    return false;
  }
  const auto on = compressed_speed(facts, best, cap);
  if (!on) {
    reasons.push_back("compression could not be measured: Compression no");
    return false;
  }
  const bool pays = *on >= policy.compression_margin * best;
  std::string sample = facts.compressed_sample_mb_per_s ? "your data moved " : "your data would move ";
  reasons.push_back("with compression " + sample + mbps(*on) + " against " + mbps(best) + " without: Compression " +
                    (pays ? "yes" : "no"));
  if (facts.compressed_random_mb_per_s) {
    reasons.push_back("incompressible data with compression moved " + mbps(*facts.compressed_random_mb_per_s));
  }
  return pays;
}

std::string rsync_choice(const HostFacts& facts, bool link_gains, std::vector<std::string>& reasons) {
  if (!link_gains) {
    return "";
  }
  if (facts.rsync_zstd_local && facts.rsync_zstd_remote) {
    reasons.push_back("for rsync: its own zstd compression (--compress-choice=zstd) with ssh compression off");
    return "zstd";
  }
  reasons.push_back("for rsync: its own zlib compression (-z) with ssh compression off (zstd needs rsync >= 3.2 on "
                    "both ends)");
  return "zlib";
}

// What the configuration in effect now negotiates: the client's first cipher the server has.
void describe_current(const HostFacts& facts, Decision& decision) {
  for (const auto& name : facts.current_ciphers) {
    if (facts.server_ciphers.empty() ||
        std::find(facts.server_ciphers.begin(), facts.server_ciphers.end(), name) != facts.server_ciphers.end()) {
      decision.current_cipher = name;
      break;
    }
  }
  if (facts.current_compression && facts.compressed_sample_mb_per_s) {
    decision.current_mb_per_s = facts.compressed_sample_mb_per_s;
    return;
  }
  for (const auto& trial : facts.trials) {
    if (trial.cipher == decision.current_cipher) {
      decision.current_mb_per_s = std::max(decision.current_mb_per_s.value_or(0), trial.mb_per_s);
    }
  }
}

}  // namespace

std::string_view to_string(LinkClass link_class) {
  return link_class == LinkClass::cpu_bound ? "cpu-bound" : "link-bound";
}

std::string_view to_string(Bottleneck bottleneck) {
  switch (bottleneck) {
    case Bottleneck::cpu: return "cpu";
    case Bottleneck::link: return "link";
    case Bottleneck::window: return "window";
  }
  return "cpu";
}

Result<Decision> decide(const HostFacts& facts, const Catalog& catalog, const Policy& policy) {
  Decision decision;
  const auto cap = window_cap(facts, policy);
  std::vector<std::string> ranking_notes;
  const auto ranked = rank_ciphers(facts, catalog, policy, cap, ranking_notes);
  if (ranked.empty()) {
    return Error{ErrorKind::invalid_input,
                 facts.host + ": no measured cipher is allowed by the policy and supported by both ends"};
  }
  const double best = ranked.front().mb_per_s;
  decision.reasons.push_back(ranked.front().name + " moved " + mbps(best) + ", the best within the security floor");
  decision.link_class = classify(ranked, facts, policy, decision.reasons);
  decision.bottleneck = find_bottleneck(best, cap, decision.link_class, policy, decision.reasons);
  decision.break_even_ratio = break_even(facts, best, policy, decision.reasons);
  decision.compression = decide_compression(facts, best, cap, policy, decision.reasons);
  decision.rsync_compress = rsync_choice(facts, decision.compression, decision.reasons);
  for (const auto& c : ranked) {
    decision.ciphers.push_back(c.name);
  }
  decision.expected_mb_per_s = decision.compression ? *compressed_speed(facts, best, cap) : best;
  describe_current(facts, decision);
  decision.reasons.insert(decision.reasons.end(), ranking_notes.begin(), ranking_notes.end());
  return decision;
}

}  // namespace sshtune::rules
