#include "tuner/host/confirm.hpp"

#include "base/format.hpp"
#include "probes/openssh_runner.hpp"
#include "rules/shortlist.hpp"
#include "tuner/host/client_target.hpp"
#include "tuner/host/schedule.hpp"

#include <algorithm>
#include <atomic>
#include <future>
#include <ostream>

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int k_loaded_round_trips = 4;
constexpr milliseconds k_shell_start{150};  // a login shell's rc files before the remote command runs

// Round trips on the survey's control session once the first confirmation trial streams: the RTT a
// transfer sees (a queue on the path lengthens it; the window cap is judged by it). The echo channel
// opens at once, while the confirmation's connections are set up, so the remote shell's start-up (a
// login shell's rc files can take a core for a while) never runs inside a timed stream.
class LoadedRtt {
 public:
  explicit LoadedRtt(RemoteRunner& runner, milliseconds wait)
      : m_pings(std::async(std::launch::async, [this, &runner, wait] { return ping(runner, wait); })) {}

  // For spec.on_progress: the first call starts the pings.
  std::function<void(std::uint64_t)> trigger() {
    return [this](std::uint64_t) {
      if (!m_started.exchange(true)) m_streaming.set_value();
    };
  }
  // The median round trip, or nullopt when the trial never streamed or the pings failed.
  std::optional<double> result() {
    if (!m_started.exchange(true)) {  // never streamed: release the thread without pinging
      m_abandoned = true;
      m_streaming.set_value();
    }
    return m_pings.get();
  }

 private:
  std::optional<double> ping(RemoteRunner& runner, milliseconds wait) {
    auto streaming = m_streaming.get_future();
    TrialSpec spec;
    spec.kind = TrialKind::round_trips;
    spec.round_trips = k_loaded_round_trips;
    spec.before_round_trips = [&] { return streaming.wait_for(wait) == std::future_status::ready && !m_abandoned; };
    auto result = runner.run(spec);
    if (!result || result.value().round_trip_seconds.empty()) return std::nullopt;
    auto times = result.value().round_trip_seconds;
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
  }

  std::promise<void> m_streaming;
  std::atomic<bool> m_started{false};
  std::atomic<bool> m_abandoned{false};
  std::future<std::optional<double>> m_pings;
};

double survey_figure(const rules::HostFacts& facts, const std::string& cipher, double fallback) {
  for (const auto& trial : facts.trials) {
    if (trial.cipher == cipher) return trial.mb_per_s;
  }
  return fallback;
}

milliseconds left_until(std::chrono::steady_clock::time_point deadline, HostEnvironment& env) {
  return std::chrono::duration_cast<milliseconds>(deadline - env.now());
}

milliseconds setup_estimate(const ConfirmInput& input) { return input.connect_time * 2 + k_shell_start; }

TrialKind direction_of(const HostRequest& request) {
  return request.direction == Direction::download ? TrialKind::download : TrialKind::upload;
}

std::vector<TrialSpec> confirmation_specs(const ConfirmInput& in, const rules::Shortlist& list,
                                          const rules::HostFacts& facts, milliseconds budget) {
  const std::size_t count = list.ciphers.size() + (list.compressed ? 1 : 0);
  const milliseconds stream = confirm_stream_time(budget, setup_estimate(in), count);
  std::vector<TrialSpec> specs;
  if (stream.count() == 0) return specs;
  for (const auto& cipher : list.ciphers) {
    const double estimate = survey_figure(facts, cipher, list.leader_mb_per_s);
    specs.push_back(openssh_spec(direction_of(in.request), cipher, false, nullptr, estimate, stream));
  }
  if (list.compressed) {
    const double estimate = facts.compressed_sample_mb_per_s.value_or(list.leader_mb_per_s);
    specs.push_back(openssh_spec(TrialKind::upload, *list.compressed, true, in.sample, estimate, stream));
  }
  return specs;
}

std::string label(const TrialSpec& spec) {
  return std::string("ssh ") + (spec.kind == TrialKind::download ? "download " : "upload ") + spec.cipher +
         (spec.compression ? " +zlib" : "");
}

void show(HostEnvironment& env, const std::string& what) {
  if (env.progress != nullptr) *env.progress << "\r\033[Kprobing: " << what << std::flush;
}

// Files each confirmation result; returns the first failure's message ("" when none failed).
std::string record_confirmation(const std::vector<TrialSpec>& specs, std::vector<Result<TrialResult>>& results,
                                Measurement& m) {
  std::string first_failure;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!results[i]) {
      m.failures.push_back(label(specs[i]) + ": " + results[i].error().message);
      if (first_failure.empty()) first_failure = results[i].error().message;
      continue;
    }
    const TrialResult& trial = results[i].value();
    m.facts.openssh_trials.push_back({trial.cipher, trial.compression, mb_per_s(trial)});
    const TrialRole role = trial.compression               ? TrialRole::zlib_sample
                           : trial.kind == TrialKind::download ? TrialRole::download
                                                               : TrialRole::upload;
    m.trials.push_back({role, trial.cipher, trial.compression, mb_per_s(trial), trial.bytes, trial.seconds,
                        TrialClient::openssh, 1});
  }
  return first_failure;
}

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
bool parallel_step(OpensshRunner& client, const HostRequest& request, const rules::ClientTrial& best, int k,
                   milliseconds stream, Measurement& m) {
  const TrialSpec spec = parallel_spec(direction_of(request), best.cipher, best.mb_per_s, stream);
  auto results = client.run_together(std::vector<TrialSpec>(static_cast<std::size_t>(k), spec));
  CachedTrial total{TrialRole::parallel, best.cipher, false, 0, 0, 0, TrialClient::openssh, k};
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

// What the confirmation's connections took to set up, beyond their streaming: its wall time less each
// trial's timed seconds and its overhead (k_trial_overhead).
milliseconds observed_setup(milliseconds wall, const std::vector<Result<TrialResult>>& results) {
  auto rest = wall;
  for (const auto& result : results) {
    if (result) rest -= milliseconds(static_cast<long>(result.value().seconds * 1000)) + k_trial_overhead;
  }
  return std::max(rest, milliseconds(0));
}

void run_parallel_ladder(const ConfirmInput& in, const rules::Shortlist& list, OpensshRunner& client,
                         milliseconds budget, milliseconds setup_seen, HostEnvironment& env, Measurement& m) {
  const auto best = best_client_trial(m.facts);
  if (!best) return;
  if (!list.window_suspect && !list.cpu_bound) {
    m.notes.push_back("parallel sessions not timed: the link, not a window or a CPU, sets the pace");
    return;
  }
  const milliseconds stream = std::clamp(budget / 4, milliseconds(150), milliseconds(500));
  // A login shell's rc files can make ssh's set-up far dearer than the survey's connect: the step is
  // costed by what the confirmation's own connections took, when that was more.
  const milliseconds step_cost = std::max(setup_estimate(in), setup_seen) + stream + k_trial_overhead;
  double previous = best->mb_per_s, gain = 10;
  bool failed = false;
  for (int k = 0; (k = next_parallel_step(k, failed, gain, left_until(in.deadline, env), step_cost));) {
    show(env, "ssh, " + std::to_string(k) + " sessions at once");
    failed = !parallel_step(client, in.request, *best, k, stream, m);
    if (!failed) gain = m.facts.parallel_trials.back().mb_per_s / previous, previous = m.facts.parallel_trials.back().mb_per_s;
  }
}

}  // namespace

void confirm_with_openssh(const ConfirmInput& in, HostEnvironment& env, Measurement& m) {
  const ProbeBudget budget = split_budget(in.request.budget);
  const rules::Shortlist list = rules::shortlist(m.facts, env.catalog, env.policy);
  const milliseconds confirm = confirm_share(budget, left_until(in.deadline, env));
  std::vector<TrialSpec> specs = confirmation_specs(in, list, m.facts, confirm);
  if (specs.empty()) {
    m.facts.openssh_missing = list.ciphers.empty() ? "the survey measured nothing to confirm" : "the budget left no time";
    return;
  }
  // The runner keeps to this on its own (steady) clock: a slow set-up shortens the streams, not the ladder.
  for (auto& spec : specs) spec.phase_end = std::chrono::steady_clock::now() + confirm;
  auto client = env.make_client_runner(openssh_target(in.request.host, in.request.overrides, in.resolved.target,
                                                      *env.client));
  LoadedRtt loaded(in.survey_runner, in.resolved.target.timeout + specs.front().time_cap);
  specs.front().on_progress = loaded.trigger();
  show(env, "timing your ssh: " + label(specs.front()) + (specs.size() > 1 ? " and " + std::to_string(specs.size() - 1) + " more" : ""));
  const auto started = env.now();
  auto results = client->run_in_turn(specs);
  const auto setup_seen = observed_setup(std::chrono::duration_cast<milliseconds>(env.now() - started), results);
  const std::string failure = record_confirmation(specs, results, m);
  if (const auto rtt = loaded.result()) m.facts.loaded_rtt_seconds = *rtt, m.loaded_rtt_ms = *rtt * 1000;
  if (m.facts.openssh_trials.empty()) {
    m.facts.openssh_missing = failure;
    m.notes.push_back("your ssh could not be timed (" + failure + "); the figures are the libssh survey's");
  } else {
    run_parallel_ladder(in, list, *client, budget.parallel, setup_seen, env, m);  // until the deadline
  }
  if (env.progress != nullptr) *env.progress << "\r\033[K" << std::flush;
}

}  // namespace sshtune
