// choose_retimes and fold_retimes: the confirmation's first runs that cannot stand as they are, timed
// once more in the same batch. A run that crawled (schedule's crawled(): a stall's, and shown it would be
// read as the cipher's), and a lead the survey contests (schedule's contested()): its challenger and its
// leader. Each figure is then folded from its runs by the one rule for repeated runs (probes::fold_runs).
#include "tuner/host/measure.hpp"

#include "base/format.hpp"
#include "probes/core/openssh_runner.hpp"
#include "probes/core/repeated_runs.hpp"
#include "tuner/host/trial_label.hpp"

#include <algorithm>

namespace sshtune::host {
namespace {

using Results = std::vector<Result<probes::TrialResult>>;

// The fastest uncompressed confirmation trial (`leader`) and the other one the survey rated highest,
// with their survey figures.
struct Contest {
  std::size_t leader;
  std::size_t challenger;
  double leader_survey;
  double challenger_survey;
};

// The leader and its challenger when the survey contests their order.
std::optional<Contest> find_contest(const std::vector<probes::TrialSpec>& specs, const Results& results,
                                    const rules::HostFacts& facts, const rules::Policy& policy) {
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
  if (!challenger || !leader_survey || !contested(*leader_survey, challenger_survey, policy)) return std::nullopt;
  return Contest{*leader, *challenger, *leader_survey, challenger_survey};
}

void add_once(std::vector<std::size_t>& chosen, std::size_t i) {
  if (std::find(chosen.begin(), chosen.end(), i) == chosen.end()) chosen.push_back(i);
}

// "a quarter" for 0.25, else a percentage.
std::string share_words(double fraction) { return fraction == 0.25 ? "a quarter" : percent(fraction); }

// The runs that crawled, each with a note.
std::vector<std::size_t> crawls(const std::vector<probes::TrialSpec>& specs, const Results& results,
                                const rules::HostFacts& facts, const rules::Policy& policy,
                                std::vector<std::string>& notes) {
  std::vector<std::size_t> chosen;
  for (std::size_t i = 0; i < specs.size() && i < results.size(); ++i) {
    const auto survey = survey_figure(facts, specs[i].cipher, specs[i].compression);
    if (!results[i] || !survey || !crawled(probes::mb_per_s(results[i].value()), *survey, policy)) continue;
    notes.push_back(ssh_trial_label(specs[i]) + " read " + mbps(probes::mb_per_s(results[i].value())) + ", under " +
                    share_words(policy.crawl_fraction) + " of the survey's " + mbps(*survey) +
                    ": a stall, not the cipher; timed again");
    chosen.push_back(i);
  }
  return chosen;
}

std::string contest_note(const std::vector<probes::TrialSpec>& specs, const Results& results, const Contest& contest) {
  return ssh_trial_label(specs[contest.challenger]) + " read " +
         mbps(probes::mb_per_s(results[contest.challenger].value())) + " behind " + specs[contest.leader].cipher +
         "'s " + mbps(probes::mb_per_s(results[contest.leader].value())) + ", though the survey had it ahead (" +
         mbps(contest.challenger_survey) + " against " + mbps(contest.leader_survey) +
         "): both timed again, each the mean of its runs";
}

// The set-up the runs timed again need: none when each streams on its paused session (it reads a memory
// file), else a fresh connection's.
milliseconds retime_setup(const ConfirmPlan& plan, const std::vector<std::size_t>& again) {
  const auto& specs = plan.specs;
  const bool fresh = std::any_of(again.begin(), again.end(), [&](std::size_t i) {
    return i >= specs.size() || !probes::upload_timed_here(specs[i]);
  });
  return fresh ? plan.setup : milliseconds(0);
}

}  // namespace

std::optional<std::size_t> uncompressed_leader(const std::vector<probes::TrialSpec>& specs, const Results& results) {
  std::optional<std::size_t> leader;
  for (std::size_t i = 0; i < results.size() && i < specs.size(); ++i) {
    if (!results[i] || specs[i].compression) continue;
    if (!leader || probes::mb_per_s(results[i].value()) > mb_per_s(results[*leader].value())) leader = i;
  }
  return leader;
}

probes::OpensshRunner::TimeAgain choose_retimes(const ConfirmPlan& plan, const Results& first,
                                                const rules::HostFacts& facts, const Budget& budget,
                                                Clock::time_point now, const rules::Policy& policy) {
  std::vector<std::string> notes;
  std::vector<std::size_t> chosen = crawls(plan.specs, first, facts, policy, notes);
  if (const auto contest = find_contest(plan.specs, first, facts, policy)) {
    notes.push_back(contest_note(plan.specs, first, *contest));
    add_once(chosen, contest->challenger);
    add_once(chosen, contest->leader);
  }
  // Runs timed again are extra figures: set-up does not move their end, the budget the user gave does
  // (at worst each streams the shortest time). What a ladder that will run keeps is not theirs.
  const milliseconds left = budget.left_before_end(now) - plan.kept_for_ladder;
  const milliseconds stream = retime_stream_time(left, retime_setup(plan, chosen), chosen.size(), policy.timing);
  return probes::OpensshRunner::TimeAgain{std::move(chosen), stream, std::move(notes)};
}

std::vector<Result<probes::TrialResult>> fold_retimes(probes::OpensshRunner::TurnRuns runs, double crawl_fraction) {
  Results& figures = runs.first;
  for (std::size_t j = 0; j < runs.again.chosen.size() && j < runs.retimed.size(); ++j) {
    const std::size_t i = runs.again.chosen[j];
    if (i >= figures.size()) continue;
    std::vector<const probes::TrialResult*> kept;
    for (const auto* run : {&figures[i], &runs.retimed[j]}) {
      if (*run) kept.push_back(&run->value());  // a failed run is no run
    }
    if (!kept.empty()) figures[i] = probes::fold_runs(kept, crawl_fraction);
  }
  return std::move(figures);
}

}  // namespace sshtune::host
