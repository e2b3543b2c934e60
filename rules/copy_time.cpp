#include "rules/copy_time.hpp"

#include <cmath>

namespace sshtune::rules {

std::optional<double> copy_seconds(double bytes, double setup_s, double start_s, double steady_mb_per_s) {
  if (!(steady_mb_per_s > 0)) return std::nullopt;
  return setup_s + start_s + bytes / (steady_mb_per_s * 1e6);
}

std::optional<double> split_copy_seconds(double bytes, int sessions, double setup_s, double start_s,
                                         double aggregate_mb_per_s) {
  if (sessions < 1) return std::nullopt;
  const double share = std::ceil(bytes / sessions);  // the largest share ends the copy
  return copy_seconds(share, setup_s, start_s, aggregate_mb_per_s / sessions);
}

CopyPrediction predict_copy(const CopyInputs& in) {
  const double setup = in.setup_s.value_or(0);
  const double start = in.start_s.value_or(0);
  CopyPrediction p;
  p.at_least = !in.setup_s || !in.start_s;
  if (in.now_mb_per_s) p.now_s = copy_seconds(in.bytes, setup, start, *in.now_mb_per_s);
  p.advised_s = copy_seconds(in.bytes, setup, start, in.advised_mb_per_s);
  if (in.parallel)
    p.parallel_s = split_copy_seconds(in.bytes, in.parallel->streams, setup, start, in.parallel->mb_per_s);
  return p;
}

}  // namespace sshtune::rules
