#include "rules/parallel_advice.hpp"

#include "base/format.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

std::string measured_list(const std::vector<ParallelTrial>& trials) {
  std::string text;
  for (const auto& trial : trials) {
    text += (text.empty() ? "" : ", ") + std::to_string(trial.streams) + " sessions " + mbps(trial.mb_per_s);
  }
  return text;
}

}  // namespace

std::optional<ParallelAdvice> advise_parallel(const HostFacts& facts, double single, const Policy& policy,
                                              std::vector<std::string>& reasons) {
  if (facts.openssh.parallel_trials.empty() || single <= 0) return std::nullopt;
  std::vector<ParallelTrial> trials = facts.openssh.parallel_trials;
  std::sort(trials.begin(), trials.end(), [](const auto& a, const auto& b) { return a.streams < b.streams; });
  double best = single;
  for (const auto& trial : trials) best = std::max(best, trial.mb_per_s);
  const std::string measured = "parallel sessions (your ssh): 1 session " + mbps(single) + ", " + measured_list(trials);
  const auto enough = std::find_if(trials.begin(), trials.end(),
                                   [&](const auto& t) { return t.mb_per_s >= policy.parallel_near * best; });
  if (best < policy.parallel_gain * single || enough == trials.end()) {
    reasons.push_back(measured + ": one session is as good (" + two_decimals(best / single) + "x at best)");
    return std::nullopt;
  }
  reasons.push_back(measured + ": " + std::to_string(enough->streams) + " sessions move " +
                    two_decimals(enough->mb_per_s / single) + "x as much as one");
  return ParallelAdvice{enough->streams, enough->mb_per_s, single};
}

}  // namespace sshtune::rules
