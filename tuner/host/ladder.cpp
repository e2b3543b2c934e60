// climb_ladder: k sessions of the user's ssh at once (run_together), stopping at the first refused
// connection. On CPU-bound hosts k = 2, 4, 8 while each step gains and the budget's deadline holds
// another; where one session is held by its window, from the top down: 8, then 4 and 2 while they stay
// near the best.
#include "tuner/host/measure.hpp"

#include "rules/link_model.hpp"
#include "rules/path_loss.hpp"
#include "tuner/host/progress_runner.hpp"

#include <algorithm>

namespace sshtune::host {
namespace {

// The fastest uncompressed OpenSSH figure and its cipher.
std::optional<rules::ClientTrial> best_client_trial(const rules::HostFacts& facts) {
  std::optional<rules::ClientTrial> best;
  for (const auto& trial : facts.openssh.trials) {
    if (!trial.compression && (!best || trial.mb_per_s > best->mb_per_s)) best = trial;
  }
  return best;
}

// A step's wait before its stretch on the clock (`warm_up`; none: not on the clock) while the next step's
// sessions open: at least your ssh's set-up as the confirmation saw it, so their log-ins take no CPU from
// the stretch.
std::optional<milliseconds> past_log_ins(std::optional<milliseconds> warm_up, const Measurement& m) {
  if (!warm_up) return warm_up;
  const auto setup = std::chrono::duration<double>(m.session_setup_s.value_or(0));
  return std::max(*warm_up, std::chrono::duration_cast<milliseconds>(setup));
}

// One step: k sessions at once, their aggregate as `sharing` says; false when any of them failed (the
// ladder stops: a server refusing connections must not be pressed further).
bool parallel_step(probes::OpensshRunner& client, const probes::TrialSpec& spec, int k, probes::SessionSharing sharing,
                   Measurement& m) {
  auto results = client.run_together(std::vector<probes::TrialSpec>(static_cast<std::size_t>(k), spec));
  CachedTrial total{TrialRole::parallel, spec.cipher, false, 0, 0, 0, probes::TrialClient::openssh, k};
  std::vector<probes::TrialResult> sessions;
  for (auto& result : results) {
    if (!result) {
      m.notes.push_back(std::to_string(k) + " parallel sessions failed (" + result.error().message +
                        "); no more were tried");
      return false;
    }
    count_loss(result.value(), m.facts.path.loss);
    total.bytes += result.value().bytes;
    total.seconds = std::max(total.seconds, result.value().seconds);
    if (const auto setup = result.value().setup_s) total.setup_s = std::max(total.setup_s.value_or(0), *setup);
    sessions.push_back(std::move(result.value()));
  }
  total.mb_per_s = probes::aggregate_mb_per_s(sessions, sharing);
  m.facts.openssh.parallel_trials.push_back({k, total.mb_per_s});
  m.trials.push_back(total);
  return true;
}

// The ladder's steps in turn, as `next` orders them, each aggregated as `sharing` says; each step's set-up
// beyond its estimate moves the deadline. False when a step failed.
// `guess_next(k)`: how many sessions the step after k will likely want (0: none), opened while k streams.
template <typename Next, typename GuessNext>
bool climb(const ConfirmPlan& plan, const probes::TrialSpec& spec, probes::SessionSharing sharing,
           probes::OpensshRunner& client, Budget& budget, HostEnvironment& env, Measurement& m, Next next,
           GuessNext guess_next) {
  const milliseconds step_cost =
      ladder_step_cost(plan.setup, plan.parallel_share, plan.shortest_stream, env.policy.timing) +
      spec.openssh.clock_warm_up.value_or(milliseconds(0));
  bool failed = false;
  for (int k = 0; (k = next(k, failed, budget.left(env.clock->now()), step_cost));) {
    show_probing(env.progress, "ssh, " + std::to_string(k) + " sessions at once");
    const auto started = env.clock->now();
    probes::TrialSpec step = spec;
    // The next step's sessions open while this one streams, where the budget can hold that step after it.
    const int after = guess_next(k);
    if (after > 0 && budget.left(started) >= 2 * step_cost) {
      client.prepare(std::vector<probes::TrialSpec>(static_cast<std::size_t>(after), spec));
      step.openssh.clock_warm_up = past_log_ins(spec.openssh.clock_warm_up, m);
    }
    failed = !parallel_step(client, step, k, sharing, m);
    budget.charge(std::chrono::duration_cast<milliseconds>(env.clock->now() - started) - step_cost);
  }
  return !failed;
}

// The ladder's spec: the prepared one (plan.ladder_spec), whichever cipher the user's ssh found fastest.
// Sessions are prepared only where a window is suspected, and there every cipher moves the same: a tie
// the ssh trials broke by noise must not open k sessions more (each start runs the remote login shell,
// up to a second of CPU, while the prepared ones wait). Otherwise sized by your ssh's best session, with
// the slow-start floor of a path that loses packets where its connections saw loss the survey did not.
probes::TrialSpec ladder_step_spec(const ConfirmPlan& plan, const rules::ClientTrial& best,
                                   const rules::HostFacts& facts, const rules::Policy& policy) {
  if (plan.ladder_spec) return *plan.ladder_spec;
  const bool lossy = rules::loss_suspected(facts, policy);
  const WarmUpFloor floor =
      lossy ? slow_start_floor(facts.path.rtt_seconds, policy, PathLossSeen::suspected) : plan.warm_up_floor;
  return parallel_spec(plan.direction, best.cipher, best.mb_per_s,
                       parallel_planned_stream(plan.parallel_share, plan.shortest_stream, policy.timing), floor,
                       policy.timing);
}

void note_no_time(Measurement& m) {
  m.notes.push_back("parallel sessions not timed: the budget had no time left for them (a larger --budget has)");
}

// From the top down (a window-suspect shortlist): 8, then half as many while a step beats the best so far,
// the step after each prepared while it streams. Each step is timed on the clock: its sessions, each held
// by its own window or by loss, are counted over one stretch, and none waits for the slowest warm-up.
void climb_down(const ConfirmPlan& plan, const rules::ClientTrial& best, probes::TrialSpec spec,
                probes::OpensshRunner& client, Budget& budget, HostEnvironment& env, Measurement& m) {
  spec.openssh.clock_warm_up = clock_warm_up(m.facts.path.rtt_seconds, env.policy.timing);
  spec.path_rtt_seconds = m.facts.path.rtt_seconds.value_or(0);
  const auto& trials = m.facts.openssh.parallel_trials;
  const auto last = [&] { return trials.empty() ? 0.0 : trials.back().mb_per_s; };
  const auto best_so_far = [&] {
    return rules::best_parallel(m.facts).value_or(rules::ParallelTrial{1, best.mb_per_s}).mb_per_s;
  };
  const bool ran = climb(
      plan, spec, probes::SessionSharing::independent, client, budget, env, m,
      [&](int k, bool failed, milliseconds left, milliseconds cost) {
        return next_step_down(k, failed, last(), best_so_far(), left, cost, env.policy);
      },
      [](int k) { return k > 2 ? k / 2 : 0; });
  if (trials.empty() && ran) note_no_time(m);
}

// From the bottom up (a CPU- or link-bound host): 2, 4, 8 while each step gains on the one before it.
// Nothing is prepared: sessions starting beside a step would take its CPU.
void climb_up(const ConfirmPlan& plan, const rules::ClientTrial& best, const probes::TrialSpec& spec,
              probes::OpensshRunner& client, Budget& budget, HostEnvironment& env, Measurement& m) {
  const auto& trials = m.facts.openssh.parallel_trials;
  double previous = best.mb_per_s;
  const bool ran = climb(
      plan, spec, probes::SessionSharing::shared, client, budget, env, m,
      [&](int k, bool failed, milliseconds left, milliseconds cost) {
        // next_parallel_step reads no gain before the first step or after a failed one.
        const double gain = k == 0 || failed ? 0.0 : trials.back().mb_per_s / previous;
        if (k != 0 && !failed) previous = trials.back().mb_per_s;
        return next_parallel_step(k, failed, gain, left, cost, env.policy);
      },
      [](int) { return 0; });
  if (trials.empty() && ran) note_no_time(m);
}

// Whether your ssh's best session reached rules::near_window of its window: then parallel sessions decide,
// from the top, whatever the survey's figures suggested (a short libssh trial can read a fresh session's
// slow start, or ciphers that differ below the window).
bool held_near_window(const rules::ClientTrial& best, const rules::HostFacts& facts, const rules::Policy& policy) {
  const auto cap = rules::window_cap(facts, policy);
  return cap && rules::near_window(best.mb_per_s, *cap, policy);
}

}  // namespace

void prepare_ladder(const ConfirmPlan& plan, probes::OpensshRunner& client) {
  if (plan.ladder_spec) client.prepare(std::vector<probes::TrialSpec>(k_max_streams, *plan.ladder_spec));
}

void climb_ladder(const ConfirmPlan& plan, probes::OpensshRunner& client, Budget& budget, HostEnvironment& env,
                  Measurement& m) {
  const auto best = best_client_trial(m.facts);
  if (!best) return;
  // Your ssh's sessions may show what the survey missed: a session near its window, or the path's loss
  // (their own connections count it too).
  const bool held_by_path = held_near_window(*best, m.facts, env.policy) || rules::loss_suspected(m.facts, env.policy);
  if (!plan.no_ladder.empty() && !held_by_path) {
    m.notes.push_back("parallel sessions not timed: " + plan.no_ladder);
    return;
  }
  const auto started = env.clock->now();
  const milliseconds given = budget.left(started);
  const milliseconds charged_before = budget.charged();
  // Never shorter (ladder_reserve keeps room for it): the sessions' warm-ups end apart (tens of ms on a
  // LAN, up to a few round trips on a long path) and, on a shared CPU or link, their spans' union is the
  // time, so a much shorter step reads that skew as speed lost. Window-held sessions add their own rates
  // instead (SessionSharing).
  const probes::TrialSpec spec = ladder_step_spec(plan, *best, m.facts, env.policy);
  if (plan.shortlist.window_suspect || held_by_path)
    climb_down(plan, *best, spec, client, budget, env, m);
  else
    climb_up(plan, *best, spec, client, budget, env, m);
  m.passes.push_back({MeasuringPass::ladder, given,
                      std::chrono::duration_cast<milliseconds>(env.clock->now() - started),
                      budget.charged() - charged_before});
}

}  // namespace sshtune::host
