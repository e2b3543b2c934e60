// climb_ladder: on window-suspect and CPU-bound hosts, k = 2, 4, 8 sessions of the user's ssh at once
// (run_together) while each step gains and the budget's deadline holds another, stopping at the first
// refused connection.
#include "tuner/host/measure.hpp"

#include "tuner/host/progress_runner.hpp"

#include <algorithm>

namespace sshtune {
namespace {

// The fastest uncompressed OpenSSH figure and its cipher.
std::optional<rules::ClientTrial> best_client_trial(const rules::HostFacts& facts) {
  std::optional<rules::ClientTrial> best;
  for (const auto& trial : facts.openssh_trials) {
    if (!trial.compression && (!best || trial.mb_per_s > best->mb_per_s)) best = trial;
  }
  return best;
}

// One step: k sessions at once; false when any of them failed (the ladder stops: a server refusing
// connections must not be pressed further).
bool parallel_step(OpensshRunner& client, const TrialSpec& spec, int k, Measurement& m) {
  auto results = client.run_together(std::vector<TrialSpec>(static_cast<std::size_t>(k), spec));
  CachedTrial total{TrialRole::parallel, spec.cipher, false, 0, 0, 0, TrialClient::openssh, k};
  std::vector<TrialResult> sessions;
  for (auto& result : results) {
    if (!result) {
      m.notes.push_back(std::to_string(k) + " parallel sessions failed (" + result.error().message +
                        "); no more were tried");
      return false;
    }
    total.bytes += result.value().bytes;
    total.seconds = std::max(total.seconds, result.value().seconds);
    sessions.push_back(std::move(result.value()));
  }
  total.mb_per_s = aggregate_mb_per_s(sessions);
  m.facts.parallel_trials.push_back({k, total.mb_per_s});
  m.trials.push_back(total);
  return true;
}

}  // namespace

void climb_ladder(const ConfirmPlan& plan, OpensshRunner& client, Budget& budget, HostEnvironment& env,
                  Measurement& m) {
  const auto best = best_client_trial(m.facts);
  if (!best) return;
  if (!plan.no_ladder.empty()) {
    m.notes.push_back("parallel sessions not timed: " + plan.no_ladder);
    return;
  }
  // Never shorter (ladder_reserve keeps room for it): the sessions' warm-ups end tens of ms apart and
  // their spans' union is the time, so a much shorter step reads that skew as speed (doc/benchmarks.md).
  const TrialSpec spec =
      parallel_spec(plan.direction, best->cipher, best->mb_per_s, parallel_planned_stream(plan.parallel_share));
  const milliseconds step_cost = ladder_step_cost(plan.setup, plan.parallel_share);
  double previous = best->mb_per_s, gain = 10;
  bool failed = false;
  for (int k = 0; (k = next_parallel_step(k, failed, gain, budget.left(env.now()), step_cost, env.policy));) {
    show_probing(env.progress, "ssh, " + std::to_string(k) + " sessions at once");
    const auto started = env.now();
    failed = !parallel_step(client, spec, k, m);
    // Each step's set-up beyond its estimate moves the deadline.
    budget.charge(std::chrono::duration_cast<milliseconds>(env.now() - started) - step_cost);
    if (!failed) {
      gain = m.facts.parallel_trials.back().mb_per_s / previous;
      previous = m.facts.parallel_trials.back().mb_per_s;
    }
  }
  if (m.facts.parallel_trials.empty() && !failed) {
    m.notes.push_back("parallel sessions not timed: the budget had no time left for them (a larger --budget has)");
  }
}

}  // namespace sshtune
