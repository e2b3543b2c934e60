// confirm_with_openssh: the user's own ssh times the plan's trials in turn (their connections set up
// together), the runs choose_retimes picks timed once more in the same batch, and the loaded round trip
// measured while the first trial streams. Figures land in the Measurement with client "openssh"; a client
// that cannot connect leaves the survey's figures, with the reason.
#include "tuner/host/measure.hpp"

#include "base/stats.hpp"
#include "rules/compression_model.hpp"
#include "tuner/host/loaded_rtt.hpp"
#include "tuner/host/progress_runner.hpp"
#include "tuner/host/trial_label.hpp"

#include <algorithm>

namespace sshtune::host {
namespace {

// The wall time a result's streaming took: its timed seconds and its overhead (timing.trial_overhead);
// none for a failed trial.
milliseconds streamed(const Result<probes::TrialResult>& result, const MeasureTiming& timing) {
  if (!result) return milliseconds(0);
  return milliseconds(static_cast<long>(result.value().seconds * 1000)) + timing.trial_overhead;
}

// What the confirmation's connections took to set up, beyond their streaming: its wall time less each
// run's streaming (those timed again included).
milliseconds observed_setup(milliseconds wall, const probes::OpensshRunner::TurnRuns& runs,
                            const MeasureTiming& timing) {
  auto rest = wall;
  for (const auto& result : runs.first) rest -= streamed(result, timing);
  for (const auto& result : runs.retimed) rest -= streamed(result, timing);
  return std::max(rest, milliseconds(0));
}

// The reason the turns skipped a trial (the compressed one: compression_stopped), or nullopt.
std::optional<std::string> skip_reason(const probes::OpensshRunner::TurnRuns& runs) {
  for (const auto& reason : runs.skipped) {
    if (reason) return reason;
  }
  return std::nullopt;
}

// Before the compressed trial's turn (specs[index]): why it need not stream (rules::window_stops_compression
// over the best uncompressed figure before it), or nullopt.
std::optional<std::string> compression_stopped(const std::vector<probes::TrialSpec>& specs, std::size_t index,
                                               const std::vector<Result<probes::TrialResult>>& before,
                                               const rules::HostFacts& facts, const rules::Policy& policy) {
  if (!specs[index].compression) return std::nullopt;
  const auto leader = uncompressed_leader(specs, before);
  if (!leader) return std::nullopt;
  return rules::window_stops_compression(facts, probes::mb_per_s(before[*leader].value()), policy);
}

// Files each confirmation result; returns the first failure's message ("" when none failed). The
// compressed trial the turns skipped (`stopped` says why) is a note, not a failure.
std::string record_confirmation(const std::vector<probes::TrialSpec>& specs,
                                std::vector<Result<probes::TrialResult>>& results,
                                const std::optional<std::string>& stopped, Measurement& m) {
  std::string first_failure;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!results[i] && specs[i].compression && stopped) {
      m.notes.push_back(ssh_trial_label(specs[i]) + " not timed: " + *stopped);
      continue;
    }
    if (!results[i]) {
      m.failures.push_back(ssh_trial_label(specs[i]) + ": " + results[i].error().message);
      if (first_failure.empty()) first_failure = results[i].error().message;
      continue;
    }
    const probes::TrialResult& trial = results[i].value();
    count_loss(trial, m.facts.path.loss);
    m.facts.openssh.trials.push_back({trial.cipher, trial.compression, probes::mb_per_s(trial)});
    const TrialRole role = trial.compression                           ? TrialRole::zlib_sample
                           : trial.kind == probes::TrialKind::download ? TrialRole::download
                                                                       : TrialRole::upload;
    m.trials.push_back({role, trial.cipher, trial.compression, probes::mb_per_s(trial), trial.bytes, trial.seconds,
                        probes::TrialClient::openssh, 1, trial.start_s});
  }
  return first_failure;
}

// The median of what your ssh's sessions took to start their remote command (TrialResult::setup_s), or
// nullopt when none said.
std::optional<double> ssh_setup(const std::vector<Result<probes::TrialResult>>& results) {
  std::vector<double> setups;
  for (const auto& result : results) {
    if (result && result.value().setup_s) setups.push_back(*result.value().setup_s);
  }
  if (setups.empty()) return std::nullopt;
  return median(setups);
}

std::string announcement(const std::vector<probes::TrialSpec>& specs) {
  return "timing your ssh: " + ssh_trial_label(specs.front()) +
         (specs.size() > 1 ? " and " + std::to_string(specs.size() - 1) + " more" : "");
}

}  // namespace

void confirm_with_openssh(const ConfirmPlan& plan, probes::RemoteRunner& survey_runner, probes::OpensshRunner& client,
                          Budget& budget, HostEnvironment& env, Measurement& m) {
  std::vector<probes::TrialSpec> specs = plan.specs;
  StreamStart first_streams;  // outlives `pings`, which waits on it
  specs.front().on_progress = first_streams.on_progress();
  auto pings = loaded_round_trips(survey_runner, first_streams, plan.rtt_wait);
  show_probing(env.progress, announcement(specs));
  const auto started = env.clock->now();
  // The runner keeps to this on the same clock, moved by the set-up it sees: the streams were planned
  // with plan.setup taken off, and set-up beyond it is not budget.
  for (auto& spec : specs) spec.openssh.phase_end = started + plan.share - plan.setup;
  // The callbacks only read: what the turns chose, skipped and measured comes back in `runs`.
  const auto choose = [&](const std::vector<Result<probes::TrialResult>>& first) {
    return choose_retimes(plan, first, m.facts, budget, env.clock->now(), env.policy);
  };
  const auto skip = [&](std::size_t index, const std::vector<Result<probes::TrialResult>>& before) {
    return compression_stopped(specs, index, before, m.facts, env.policy);
  };
  probes::OpensshRunner::TurnRuns runs = client.run_in_turn(specs, choose, skip);
  // The plan allowed plan.setup; set-up beyond it (a login shell's rc files can take a second, longer
  // when several start at once) is not budget and moves the deadline.
  const auto wall = std::chrono::duration_cast<milliseconds>(env.clock->now() - started);
  const milliseconds charged_before = budget.charged();
  budget.charge(observed_setup(wall, runs, env.policy.timing) - plan.setup);
  m.passes.push_back({MeasuringPass::confirmation, plan.share, wall, budget.charged() - charged_before});
  m.notes.insert(m.notes.end(), runs.again.why.begin(), runs.again.why.end());
  const std::optional<std::string> stopped = skip_reason(runs);
  if (stopped) m.facts.openssh.compression_stopped = *stopped;
  std::vector<Result<probes::TrialResult>> results = fold_retimes(std::move(runs), env.policy.crawl_fraction);
  const std::string failure = record_confirmation(specs, results, stopped, m);
  if (const auto setup = ssh_setup(results)) m.session_setup_s = setup;  // a whole copy's is your ssh's
  first_streams.abandon();  // releases the pings when the first trial never streamed
  m.facts.path.loaded_rtt_seconds = pings.get();
  const bool uncompressed = std::any_of(m.facts.openssh.trials.begin(), m.facts.openssh.trials.end(),
                                        [](const rules::ClientTrial& trial) { return !trial.compression; });
  if (!uncompressed) {  // a compressed figure alone times no cipher
    m.facts.openssh.missing = failure;
    m.notes.push_back("your ssh could not be timed (" + failure + "); the figures are the libssh survey's");
  }
}

}  // namespace sshtune::host
