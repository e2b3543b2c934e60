// plan_confirmation: what the user's own ssh times after the survey (rules::shortlist: the leaders, the
// setting in effect now, compression when it can matter), whether the parallel ladder follows, and how
// the time left is shared between them.
#include "tuner/host/measure.hpp"

#include "rules/link_model.hpp"
#include "rules/path_loss.hpp"
#include "tuner/host/schedule.hpp"

#include <algorithm>

namespace sshtune::host {
namespace {

probes::TrialKind direction_of(const HostRequest& request) {
  return request.direction == Direction::download ? probes::TrialKind::download : probes::TrialKind::upload;
}

// Why no parallel sessions are timed for this shortlist ("" when the ladder runs).
// A CPU-bound server on this machine's own cores is laddered too: one session's ssh, sshd and reader
// do not fill even two cores (doc/benchmarks.md, bench/parallel's loopback row), and a loopback address
// may be a port forward to another machine.
std::string ladder_skipped(const rules::Shortlist& list) {
  if (!list.window_suspect && !list.cpu_bound) return "the link, not a window or a CPU, sets the pace";
  return "";
}

// What a session of your ssh can move by the survey's figure: never more than its window allows at the
// round trip (rules::window_cap). libssh's survey may read more (its own window, or a fresh connection's
// burst before a lossy path's first losses); sized by that, a trial would read a memory file whose
// read-ahead the path drains for seconds.
double ssh_estimate(double survey, const rules::HostFacts& facts, const rules::Policy& policy) {
  const auto cap = rules::window_cap(facts, policy);
  return cap ? std::min(survey, *cap) : survey;
}

// One trial per shortlisted cipher, then the compressed one, each sized from its survey figure to stream
// for its part of plan.share.
std::vector<probes::TrialSpec> confirmation_specs(const ConfirmPlan& plan, const rules::HostFacts& facts,
                                                  const rules::Policy& policy,
                                                  const std::shared_ptr<const std::string>& sample) {
  const rules::Shortlist& list = plan.shortlist;
  const std::size_t count = list.ciphers.size() + (list.compressed ? 1 : 0);
  const milliseconds stream = confirm_stream_time(plan.share, plan.setup, count, plan.shortest_stream, policy.timing);
  std::vector<probes::TrialSpec> specs;
  const auto uncompressed = [&](const std::string& cipher, double estimate, milliseconds time) {
    probes::TrialSpec spec = openssh_spec(plan.direction, cipher, false, nullptr, ssh_estimate(estimate, facts, policy),
                                          time, plan.warm_up_floor, policy.timing);
    // Where TCP's ramp sets the warm-up (a long or lossy path), the clock times it: a warm-up of bytes
    // would wait for a window's worth twice over, and the read-ahead's drain, at a lossy path's pace.
    if (plan.warm_up_floor.time.count() > 0) {
      spec.openssh.clock_warm_up = clock_warm_up(facts.path.rtt_seconds, policy.timing);
      spec.path_rtt_seconds = facts.path.rtt_seconds.value_or(0);
    }
    return list.leader_is_bound ? sized_by_bound(std::move(spec), plan.warm_up_floor) : spec;
  };
  if (stream.count() == 0) {
    // The verdict's figure comes from your ssh: the leader streams whatever the budget says.
    if (list.ciphers.empty()) return specs;
    specs.push_back(uncompressed(list.ciphers.front(), list.leader_mb_per_s, plan.shortest_stream));
    return specs;
  }
  for (const auto& cipher : list.ciphers) {
    specs.push_back(uncompressed(cipher, survey_figure(facts, cipher, false).value_or(list.leader_mb_per_s), stream));
  }
  if (list.compressed) {
    const auto measured = survey_figure(facts, *list.compressed, true);
    const double estimate = ssh_estimate(measured.value_or(list.leader_mb_per_s), facts, policy);
    probes::TrialSpec spec = openssh_spec(probes::TrialKind::upload, *list.compressed, true, sample, estimate, stream,
                                          plan.warm_up_floor, policy.timing);
    specs.push_back(!measured && list.leader_is_bound ? sized_by_bound(std::move(spec), plan.warm_up_floor) : spec);
  }
  return specs;
}

}  // namespace

std::optional<double> survey_figure(const rules::HostFacts& facts, const std::string& cipher, bool compression) {
  if (compression) return facts.survey.compressed_sample_mb_per_s;
  for (const auto& trial : facts.survey.trials) {
    if (trial.cipher == cipher) return trial.mb_per_s;
  }
  return std::nullopt;
}

ConfirmPlan plan_confirmation(const HostRequest& request, const ResolvedHost& resolved, const Survey& survey,
                              HostEnvironment& env) {
  const rules::HostFacts& facts = survey.measurement.facts;
  const ProbeBudget shares = split_budget(survey.budget.total(), env.policy.timing);
  ConfirmPlan plan;
  plan.shortlist = rules::shortlist(facts, env.catalog, env.policy);
  plan.direction = direction_of(request);
  plan.no_ladder = ladder_skipped(plan.shortlist);
  plan.setup = setup_in_budget(setup_estimate(survey.connect_time, env.policy.timing), shares.confirm);
  plan.shortest_stream = shortest_stream(facts.path.rtt_seconds, env.policy.timing);
  // Where the survey counted no upload (none timed, or downloads) the loss is unknown: a long path's trials
  // get a lossy path's bound, which costs nothing where the ramp is quick.
  const PathLossSeen loss = rules::loss_suspected(facts, env.policy) ? PathLossSeen::suspected
                            : facts.path.loss                        ? PathLossSeen::none
                                                                     : PathLossSeen::unknown;
  plan.warm_up_floor = slow_start_floor(facts.path.rtt_seconds, env.policy, loss);
  plan.parallel_share = shares.parallel;
  plan.kept_for_ladder =
      plan.no_ladder.empty() ? ladder_reserve(plan.setup, shares.parallel, env.policy.timing) : milliseconds(0);
  // A ladder that will not run still keeps the parallel share from the first runs: runs timed again
  // may use it.
  const milliseconds reserve = plan.no_ladder.empty() ? plan.kept_for_ladder : shares.parallel;
  plan.share = confirm_share(shares, survey.budget.left(env.clock->now()), reserve);
  plan.specs = confirmation_specs(plan, facts, env.policy, survey.sample);
  const std::size_t listed = plan.shortlist.ciphers.size() + (plan.shortlist.compressed ? 1 : 0);
  if (!plan.specs.empty() && plan.specs.size() < listed) {
    plan.cut = "the budget held only " + plan.specs.front().cipher + " of the shortlist's " + std::to_string(listed) +
               " trials with your ssh";
  }
  // The first trial streams its shortest stream whatever the share: its figure is the verdict's.
  if (!plan.specs.empty())
    plan.share = std::max(plan.share, plan.setup + plan.shortest_stream + env.policy.timing.trial_overhead);
  if (plan.specs.empty()) {
    plan.nothing_to_confirm = "the survey measured nothing to confirm";
  } else {
    plan.rtt_wait = resolved.target.timeout + plan.specs.front().time_cap;  // its connection, then its stream
  }
  if (!plan.specs.empty() && plan.no_ladder.empty() && plan.shortlist.window_suspect) {
    const probes::TrialSpec& leader = plan.specs.front();
    plan.ladder_spec =
        parallel_spec(plan.direction, leader.cipher, ssh_estimate(plan.shortlist.leader_mb_per_s, facts, env.policy),
                      parallel_planned_stream(plan.parallel_share, plan.shortest_stream, env.policy.timing),
                      plan.warm_up_floor, env.policy.timing);
    if (plan.shortlist.leader_is_bound) plan.ladder_spec = sized_by_bound(*plan.ladder_spec, plan.warm_up_floor);
  }
  return plan;
}

}  // namespace sshtune::host
