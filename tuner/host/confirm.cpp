#include "tuner/host/confirm.hpp"

#include "base/format.hpp"
#include "probes/openssh_runner.hpp"
#include "rules/shortlist.hpp"
#include "tuner/host/client_target.hpp"
#include "tuner/host/schedule.hpp"

#include <algorithm>
#include <atomic>
#include <future>
#include <optional>
#include <ostream>

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int k_loaded_round_trips = 4;
constexpr milliseconds k_ladder_margin{100};  // ladder_reserve's room for the runner's own time
constexpr milliseconds k_shell_start{150};    // a login shell's rc files before the remote command runs

// Round trips on the survey's control session once the first confirmation trial streams: the RTT a
// transfer sees (a queue on the path lengthens it; the window cap is judged by it). They use the echo
// channel the survey's round trips left open (a new one, when it was lost, opens at once, while the
// confirmation's connections are set up), so no remote shell starts (a login shell's rc files can take
// a core for a while) inside a timed stream.
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

// The survey's figure for `cipher`, or with `compression` the compressed sample's; none when the survey
// did not measure it.
std::optional<double> survey_figure(const rules::HostFacts& facts, const std::string& cipher, bool compression) {
  if (compression) return facts.compressed_sample_mb_per_s;
  for (const auto& trial : facts.trials) {
    if (trial.cipher == cipher) return trial.mb_per_s;
  }
  return std::nullopt;
}

milliseconds left_until(std::chrono::steady_clock::time_point deadline, HostEnvironment& env) {
  return std::chrono::duration_cast<milliseconds>(deadline - env.now());
}

milliseconds setup_estimate(const ConfirmInput& input) { return input.connect_time * 2 + k_shell_start; }

// The wall time a result's streaming took: its timed seconds and its overhead (k_trial_overhead); none
// for a failed trial.
milliseconds streamed(const Result<TrialResult>& result) {
  if (!result) return milliseconds(0);
  return milliseconds(static_cast<long>(result.value().seconds * 1000)) + k_trial_overhead;
}

// What the confirmation's connections took to set up, beyond their streaming: its wall time less each
// trial's streaming.
milliseconds observed_setup(milliseconds wall, const std::vector<Result<TrialResult>>& results) {
  auto rest = wall;
  for (const auto& result : results) rest -= streamed(result);
  return std::max(rest, milliseconds(0));
}

// The set-up the runs timed again need: none when each streams on its paused session (it reads a memory
// file), else a fresh connection's.
milliseconds retime_setup(const ConfirmInput& in, const std::vector<TrialSpec>& specs,
                          const std::vector<std::size_t>& again) {
  const bool fresh = std::any_of(again.begin(), again.end(),
                                 [&](std::size_t i) { return i >= specs.size() || !upload_timed_here(specs[i]); });
  return fresh ? setup_estimate(in) : milliseconds(0);
}

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
    const double estimate = survey_figure(facts, cipher, false).value_or(list.leader_mb_per_s);
    specs.push_back(openssh_spec(direction_of(in.request), cipher, false, nullptr, estimate, stream));
  }
  if (list.compressed) {
    const double estimate = survey_figure(facts, *list.compressed, true).value_or(list.leader_mb_per_s);
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

// The fastest uncompressed confirmation trial (`leader`) and the other one the survey rated highest,
// with their survey figures.
struct Contest {
  std::size_t leader;
  std::size_t challenger;
  double leader_survey;
  double challenger_survey;
};

std::optional<std::size_t> uncompressed_leader(const std::vector<TrialSpec>& specs,
                                               const std::vector<Result<TrialResult>>& results) {
  std::optional<std::size_t> leader;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (!results[i] || specs[i].compression) continue;
    if (!leader || mb_per_s(results[i].value()) > mb_per_s(results[*leader].value())) leader = i;
  }
  return leader;
}

// The leader and its challenger when the survey contests their order (schedule's contested()).
std::optional<Contest> find_contest(const std::vector<TrialSpec>& specs,
                                    const std::vector<Result<TrialResult>>& results, const rules::HostFacts& facts) {
  const auto leader = uncompressed_leader(specs, results);
  if (!leader) return std::nullopt;
  std::optional<std::size_t> challenger;
  double challenger_survey = 0;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const auto survey = survey_figure(facts, specs[i].cipher, false);
    if (i == *leader || !results[i] || specs[i].compression || !survey || *survey <= challenger_survey) continue;
    challenger = i, challenger_survey = *survey;
  }
  const auto leader_survey = survey_figure(facts, specs[*leader].cipher, false);
  if (!challenger || !leader_survey || !contested(*leader_survey, challenger_survey)) return std::nullopt;
  return Contest{*leader, *challenger, *leader_survey, challenger_survey};
}

// Keeps the better of two runs of one trial (load only slows a stream); a second run on the first's
// session measured no start cost, so the first run's stands.
void keep_better(Result<TrialResult>& kept, Result<TrialResult>& again) {
  if (!again || (kept && mb_per_s(again.value()) <= mb_per_s(kept.value()))) return;
  if (!again.value().start_s && kept) again.value().start_s = kept.value().start_s;
  kept = std::move(again);
}

void add_once(std::vector<std::size_t>& chosen, std::size_t i) {
  if (std::find(chosen.begin(), chosen.end(), i) == chosen.end()) chosen.push_back(i);
}

// The trials to time once more, each with a note: those that crawled (schedule's crawled(): a crawl is a
// stall's, and shown it would be read as the cipher's), then a contested lead's challenger and leader
// (schedule's contested()). Each later keeps its better run (keep_better).
std::vector<std::size_t> choose_again(const std::vector<TrialSpec>& specs, const rules::HostFacts& facts,
                                      const std::vector<Result<TrialResult>>& results,
                                      std::vector<std::string>& notes) {
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < specs.size() && i < results.size(); ++i) {
    const auto survey = survey_figure(facts, specs[i].cipher, specs[i].compression);
    if (!results[i] || !survey || !crawled(mb_per_s(results[i].value()), *survey)) continue;
    notes.push_back(label(specs[i]) + " read " + mbps(mb_per_s(results[i].value())) +
                    ", under a quarter of the survey's " + mbps(*survey) + ": a stall, not the cipher; timed again");
    chosen.push_back(i);
  }
  const auto contest = find_contest(specs, results, facts);
  if (!contest) return chosen;
  const auto& leader = specs[contest->leader];
  notes.push_back(label(specs[contest->challenger]) + " read " + mbps(mb_per_s(results[contest->challenger].value())) +
                  " behind " + leader.cipher + "'s " + mbps(mb_per_s(results[contest->leader].value())) +
                  ", though the survey had it ahead (" + mbps(contest->challenger_survey) + " against " +
                  mbps(contest->leader_survey) + "): both timed again, each keeps its better run");
  add_once(chosen, contest->challenger);
  add_once(chosen, contest->leader);
  return chosen;
}

// Folds the runs timed again (results past `count`, one per `chosen` index) into the first `count`.
void keep_better_runs(std::vector<Result<TrialResult>>& results, std::size_t count,
                      const std::vector<std::size_t>& chosen) {
  for (std::size_t j = 0; j < chosen.size() && count + j < results.size(); ++j) {
    keep_better(results[chosen[j]], results[count + j]);
  }
  results.erase(results.begin() + static_cast<long>(std::min(count, results.size())), results.end());
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
    const TrialRole role = trial.compression                   ? TrialRole::zlib_sample
                           : trial.kind == TrialKind::download ? TrialRole::download
                                                               : TrialRole::upload;
    m.trials.push_back({role, trial.cipher, trial.compression, mb_per_s(trial), trial.bytes, trial.seconds,
                        TrialClient::openssh, 1, trial.start_s});
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

// Why no parallel sessions are timed for this shortlist ("" when the ladder runs).
std::string ladder_skipped(const ConfirmInput& in, const rules::Shortlist& list, const HostEnvironment& env) {
  if (!list.window_suspect && !list.cpu_bound) return "the link, not a window or a CPU, sets the pace";
  if (!list.window_suspect && server_shares_the_clients_cores(in.resolved.target, env.local_cores)) {
    return "the server runs on this machine's " + std::to_string(env.local_cores) +
           " cores, which one session's ssh and sshd already use";
  }
  return "";
}

// What one step of the parallel ladder costs: its connections' set-up, its streaming and its overhead.
milliseconds ladder_step_cost(const ConfirmInput& in, milliseconds parallel_share) {
  return setup_estimate(in) + parallel_planned_stream(parallel_share) + k_trial_overhead;
}

// What the confirmation leaves a ladder that will run: the parallel share, or one step with a margin for
// the runner's own time when that is more (a 40 ms path's set-up estimate is most of the share, and its
// step was lost to overruns of 0.03-0.15 s).
milliseconds ladder_reserve(const ConfirmInput& in, const ProbeBudget& budget) {
  return std::max(budget.parallel, ladder_step_cost(in, budget.parallel) + k_ladder_margin);
}

void run_parallel_ladder(const ConfirmInput& in, const rules::Shortlist& list, OpensshRunner& client,
                         milliseconds budget, milliseconds late, HostEnvironment& env, Measurement& m) {
  const auto best = best_client_trial(m.facts);
  if (!best) return;
  if (const std::string why = ladder_skipped(in, list, env); !why.empty()) {
    m.notes.push_back("parallel sessions not timed: " + why);
    return;
  }
  // Never shorter (ladder_reserve keeps room for it): sessions whose warm-ups end tens of ms apart, timed
  // over 150-170 ms, read 40-57 MB/s for two on a 40 ms path where each moved 48 (their spans' union is
  // the time).
  const milliseconds stream = parallel_planned_stream(budget);
  // The deadline moves by `late` (the confirmation's set-up beyond the estimate), then by each step's
  // set-up beyond its estimate.
  auto deadline = in.deadline + late;
  const milliseconds step_cost = ladder_step_cost(in, budget);
  double previous = best->mb_per_s, gain = 10;
  bool failed = false;
  for (int k = 0; (k = next_parallel_step(k, failed, gain, left_until(deadline, env), step_cost));) {
    show(env, "ssh, " + std::to_string(k) + " sessions at once");
    const auto started = env.now();
    failed = !parallel_step(client, in.request, *best, k, stream, m);
    const auto step_setup =
        std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(env.now() - started) - step_cost);
    deadline += step_setup;
    m.setup += step_setup;
    if (!failed)
      gain = m.facts.parallel_trials.back().mb_per_s / previous, previous = m.facts.parallel_trials.back().mb_per_s;
  }
  if (m.facts.parallel_trials.empty() && !failed) {
    m.notes.push_back("parallel sessions not timed: the budget had no time left for them (a larger --budget has)");
  }
}

}  // namespace

void confirm_with_openssh(const ConfirmInput& in, HostEnvironment& env, Measurement& m) {
  const ProbeBudget budget = split_budget(in.request.budget);
  const rules::Shortlist list = rules::shortlist(m.facts, env.catalog, env.policy);
  const bool ladder = ladder_skipped(in, list, env).empty();
  const milliseconds reserve = ladder ? ladder_reserve(in, budget) : budget.parallel;
  const milliseconds confirm = confirm_share(budget, left_until(in.deadline, env), reserve);
  std::vector<TrialSpec> specs = confirmation_specs(in, list, m.facts, confirm);
  if (specs.empty()) {
    m.facts.openssh_missing =
        list.ciphers.empty() ? "the survey measured nothing to confirm" : "the budget left no time";
    return;
  }
  // The runner keeps to this on its own (steady) clock, moved by the set-up it sees: the streams were
  // planned with setup_estimate() taken off, and set-up beyond it is not budget.
  for (auto& spec : specs) spec.phase_end = std::chrono::steady_clock::now() + confirm - setup_estimate(in);
  auto client =
      env.make_client_runner(openssh_target(in.request.host, in.request.overrides, in.resolved.target, *env.client));
  LoadedRtt loaded(in.survey_runner, in.resolved.target.timeout + specs.front().time_cap);
  specs.front().on_progress = loaded.trigger();
  show(env, "timing your ssh: " + label(specs.front()) +
                (specs.size() > 1 ? " and " + std::to_string(specs.size() - 1) + " more" : ""));
  const auto started = env.now();
  // The plan allowed the set-up the survey's connect suggests; set-up beyond that is not budget (a login
  // shell's rc files can take a second, longer when several start at once) and moves the deadline.
  const auto late_by = [&](const std::vector<Result<TrialResult>>& so_far) {
    const auto wall = std::chrono::duration_cast<milliseconds>(env.now() - started);
    return std::max(milliseconds(0), observed_setup(wall, so_far) - setup_estimate(in));
  };
  // Runs timed again stream in what is left of the confirmation's share, and of the parallel share too
  // when no ladder will use it. They are extra figures, so set-up does not move their end: the budget the
  // user gave does (at worst each streams the shortest time, confirm_stream_time's floor).
  const milliseconds kept_for_ladder = ladder ? ladder_reserve(in, budget) : milliseconds(0);
  std::vector<std::size_t> again;
  auto results = client->run_in_turn(specs, [&](const std::vector<Result<TrialResult>>& first) {
    again = choose_again(specs, m.facts, first, m.notes);
    const milliseconds left = left_until(in.budget_end - kept_for_ladder, env);
    return OpensshRunner::TimeAgain{again, retime_stream_time(left, retime_setup(in, specs, again), again.size())};
  });
  const milliseconds late = late_by(results);
  m.setup += late;
  keep_better_runs(results, specs.size(), again);
  const std::string failure = record_confirmation(specs, results, m);
  if (const auto rtt = loaded.result()) m.facts.loaded_rtt_seconds = *rtt, m.loaded_rtt_ms = *rtt * 1000;
  if (m.facts.openssh_trials.empty()) {
    m.facts.openssh_missing = failure;
    m.notes.push_back("your ssh could not be timed (" + failure + "); the figures are the libssh survey's");
  } else {
    run_parallel_ladder(in, list, *client, budget.parallel, late, env, m);  // until the deadline
  }
  if (env.progress != nullptr) *env.progress << "\r\033[K" << std::flush;
}

}  // namespace sshtune
