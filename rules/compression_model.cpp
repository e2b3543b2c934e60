#include "rules/compression_model.hpp"

#include "base/format.hpp"
#include "rules/link_model.hpp"
#include "rules/session_window.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

std::optional<double> openssh_compressed(const HostFacts& facts) {
  std::optional<double> best;
  for (const auto& trial : facts.openssh.trials) {
    if (trial.compression) best = std::max(best.value_or(0), trial.mb_per_s);
  }
  return best;
}

std::string measured_by(const CompressedFigure& figure) {
  if (figure.modelled) return "would move ";
  return figure.source == FigureSource::openssh ? "moved (your ssh) " : "moved (libssh survey) ";
}

}  // namespace

std::optional<CompressedFigure> compressed_speed(const HostFacts& facts, double best, std::optional<double> cap) {
  if (const auto measured = openssh_compressed(facts)) return CompressedFigure{*measured, FigureSource::openssh};
  if (facts.survey.compressed_sample_mb_per_s)
    return CompressedFigure{*facts.survey.compressed_sample_mb_per_s, FigureSource::libssh};
  if (!facts.local.sample_ratio || !facts.local.zlib_mb_per_s || *facts.local.sample_ratio <= 0) return std::nullopt;
  double speed = std::min(*facts.local.zlib_mb_per_s, best / *facts.local.sample_ratio);
  if (cap) speed = std::min(speed, *cap);  // the window counts payload bytes, before compression
  return CompressedFigure{speed, FigureSource::model, true};
}

bool compression_can_pay(double zlib_mb_per_s, double best, const Policy& policy) {
  return zlib_mb_per_s >= policy.compression_margin * best;
}

bool compression_can_matter(double compressed_mb_per_s, double best, const Policy& policy) {
  return compressed_mb_per_s * policy.compression_margin >= best;
}

bool zlib_can_reach(double zlib_mb_per_s, double best) { return zlib_mb_per_s >= best; }

std::optional<std::string> window_stops_compression(const HostFacts& facts, double uncompressed, const Policy& policy) {
  const auto rtt = judged_rtt_seconds(facts);
  const auto window = session_window(facts, TransferDirection::upload, policy);
  if (!rtt || !window || window->limit != WindowLimit::channel) return std::nullopt;
  const double cap = window_cap_at(*rtt, policy);
  if (uncompressed * policy.compression_margin <= cap) return std::nullopt;
  return window_name(*window) + " counts data before compression: a compressed session moves at most " + mbps(cap) +
         " at " + rtt_text(*rtt) + ", and one session moved " + mbps(uncompressed) +
         " without, so compression cannot pay (" + two_decimals(policy.compression_margin) + "x)";
}

std::optional<double> break_even(const HostFacts& facts, double best, const Policy& policy,
                                 std::vector<std::string>& reasons) {
  if (!facts.local.zlib_mb_per_s) return std::nullopt;
  if (!compression_can_pay(*facts.local.zlib_mb_per_s, best, policy)) {
    reasons.push_back("zlib compresses at " + mbps(*facts.local.zlib_mb_per_s) + " here, slower than the " +
                      mbps(best) + " already reached: compression cannot pay for any data");
    return std::nullopt;
  }
  const double ratio = 1.0 / policy.compression_margin;
  reasons.push_back("compression pays when your data compresses below " + two_decimals(ratio) +
                    " (compressed/original)");
  return ratio;
}

bool decide_compression(const HostFacts& facts, const BestFigures& bests, std::optional<double> cap,
                        const Policy& policy, std::vector<std::string>& reasons) {
  if (!facts.offer.server_offers_compression) {
    reasons.push_back("the server does not offer compression: Compression no");
    return false;
  }
  if (!facts.openssh.compression_stopped.empty()) {
    reasons.push_back("Compression no: " + facts.openssh.compression_stopped);
    return false;
  }
  const auto on = compressed_speed(facts, bests.survey, cap);
  if (!on) {
    reasons.push_back("compression could not be measured: Compression no");
    return false;
  }
  const double best = bests.of(on->source);
  const bool pays = on->mb_per_s >= policy.compression_margin * best;
  reasons.push_back("with compression your data " + measured_by(*on) + mbps(on->mb_per_s) + " against " + mbps(best) +
                    " without: Compression " + (pays ? "yes" : "no"));
  if (facts.survey.compressed_random_mb_per_s) {
    reasons.push_back("incompressible data with compression moved " + mbps(*facts.survey.compressed_random_mb_per_s) +
                      " (libssh survey)");
  }
  return pays;
}

std::string rsync_choice(const HostFacts& facts, bool link_gains, std::vector<std::string>& reasons) {
  if (!link_gains) return "";
  if (facts.offer.rsync_zstd_local && facts.offer.rsync_zstd_remote) {
    reasons.push_back("for rsync: its own zstd compression (--compress-choice=zstd) with ssh compression off");
    return "zstd";
  }
  reasons.push_back(
      "for rsync: its own zlib compression (-z) with ssh compression off (zstd needs rsync >= 3.2 on "
      "both ends)");
  return "zlib";
}

}  // namespace sshtune::rules
