#pragma once
// gather_facts (pass 3 of the host pipeline) as passes of its own over one Budget, each a function with
// explicit inputs that can be called and tested alone:
//
//   survey_host          the libssh survey: the server's offer, every cipher, compression, RTT, rsync
//   plan_confirmation    the shortlist the user's ssh times, whether a ladder follows, the shares
//   confirm_with_openssh the shortlist timed in turn, the loaded round trip beside its first trial
//   choose_retimes       which first runs are timed once more, and for how long (called between them)
//   climb_ladder         k = 2, 4, 8 parallel ssh sessions while each step gains and the budget holds
//
// Every figure lands in a Measurement; every pass reads the time from HostEnvironment::clock and charges
// the set-up it saw to the Budget.

#include "base/budget.hpp"
#include "probes/core/host_trials.hpp"
#include "probes/core/openssh_runner.hpp"
#include "rules/shortlist.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/host/schedule.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::host {

// What the survey leaves the passes after it.
struct Survey {
  Measurement measurement;                       // the survey's facts, trials, notes and failures
  std::unique_ptr<probes::RemoteRunner> runner;  // its control session stays open for the loaded round trips
  std::shared_ptr<const std::string> sample;     // the user's data (or the built-in corpus)
  milliseconds connect_time{0};                  // what the control session's set-up took
  Budget budget;                                 // opened as the control session connected; its set-up charged
};

// Adds what TCP counted on `trial`'s connection, an upload's (TrialResult::tcp), to `loss`: the survey's,
// your ssh's and the ladder's sessions all tell how much the path loses.
void count_loss(const probes::TrialResult& trial, std::optional<rules::PathLoss>& loss);

// The survey: access (host key, authentication), the server's offer, the survey's trials within its
// share, this CPU's cipher and compression speeds. Errors as gather_facts'.
Result<Survey> survey_host(const HostRequest& request, const ResolvedHost& resolved, HostEnvironment& env);

// What the confirmation and the ladder will do, decided once from the survey.
struct ConfirmPlan {
  rules::Shortlist shortlist;
  probes::TrialKind direction = probes::TrialKind::upload;  // the request's
  std::string no_ladder;                 // why no parallel sessions will be timed; "" when the ladder runs
  milliseconds setup{0};                 // of a batch's set-up, what the budget holds (setup_in_budget)
  milliseconds shortest_stream{0};       // no trial of your ssh streams for less (shortest_stream)
  WarmUpFloor warm_up_floor;             // every trial's least warm-up, from the survey's RTT
  milliseconds share{0};                 // the confirmation's share of the time left (confirm_share)
  milliseconds kept_for_ladder{0};       // what runs timed again leave a ladder that will run
  milliseconds parallel_share{0};        // the ladder's share (split_budget)
  std::vector<probes::TrialSpec> specs;  // the shortlist's trials, in turn order
  milliseconds rtt_wait{0};              // how long the loaded round trips wait for the first to stream
  std::string nothing_to_confirm;        // when specs is empty: why (facts.openssh.missing)
  std::string cut;                       // what the budget could not hold of the shortlist ("" all)
  // Where the ladder runs from the top (a window-suspect shortlist): one session of its first step, the
  // shortlist's leader at its survey figure; prepare_ladder opens them while the confirmation streams.
  std::optional<probes::TrialSpec> ladder_spec;
};

// The plan over the survey's facts, its connect time and the budget left now.
ConfirmPlan plan_confirmation(const HostRequest& request, const ResolvedHost& resolved, const Survey& survey,
                              HostEnvironment& env);

// Times plan.specs in turn through `client` (the runs timed again: choose_retimes), the loaded round trip
// on `survey_runner` while the first trial streams; charges the set-up beyond plan.setup to `budget` and
// files every figure in `m` (facts.openssh.trials, facts.path.loaded_rtt_seconds, trials, notes, failures,
// session_setup_s from your ssh's sessions).
// A compressed trial does not stream where an uncompressed one before it shows that OpenSSH's channel
// window leaves compression nothing to gain (rules::window_stops_compression); a note says why. With no
// figure, facts.openssh.missing says why. plan.specs must not be empty.
void confirm_with_openssh(const ConfirmPlan& plan, probes::RemoteRunner& survey_runner, probes::OpensshRunner& client,
                          Budget& budget, HostEnvironment& env, Measurement& m);

// Given every first run (`first`, one per plan.specs): the runs to time once more (those that crawled,
// then a contested lead's challenger and leader, each with a note in TimeAgain::why) and how long each
// streams: their share of what is left `now` before the budget's end, less what a ladder that will run keeps.
probes::OpensshRunner::TimeAgain choose_retimes(const ConfirmPlan& plan,
                                                const std::vector<Result<probes::TrialResult>>& first,
                                                const rules::HostFacts& facts, const Budget& budget,
                                                Clock::time_point now, const rules::Policy& policy);

// The index of the fastest successful uncompressed figure among `results` (results[i] is specs[i]'s; there
// may be fewer results than specs), or nullopt when there is none.
std::optional<std::size_t> uncompressed_leader(const std::vector<probes::TrialSpec>& specs,
                                               const std::vector<Result<probes::TrialResult>>& results);

// One figure per spec of `runs`: runs.first with each run timed again (runs.retimed, one per
// runs.again.chosen index) folded into its spec's by probes::fold_runs.
std::vector<Result<probes::TrialResult>> fold_retimes(probes::OpensshRunner::TurnRuns runs, double crawl_fraction);

// Where plan.ladder_spec is set: the ladder's first step (k_max_streams sessions of it) starts connecting
// in the background, so its set-up overlaps the confirmation.
void prepare_ladder(const ConfirmPlan& plan, probes::OpensshRunner& client);

// The parallel ladder with the best uncompressed figure in m.facts.openssh.trials (none: nothing runs; where
// that figure is rules::near_window of its window, from the top down whatever plan.no_ladder says):
// k sessions at once until a step fails, gains too little or the budget's deadline cannot hold another
// (next_parallel_step); on a window-suspect shortlist from the top down instead (next_step_down), its
// first step run whatever the budget says. Each step's set-up beyond its estimate is charged to `budget`. Files
// facts.openssh.parallel_trials, trials and a note when no step ran. From the top down, the step after each one
// (half as many sessions) is prepared while it streams; plan.ladder_spec is the step's spec when it has
// the best figure's cipher (its sessions were prepared for it).
void climb_ladder(const ConfirmPlan& plan, probes::OpensshRunner& client, Budget& budget, HostEnvironment& env,
                  Measurement& m);

// The survey's figure for `cipher`, or with `compression` the compressed sample's; none when the survey
// did not measure it.
std::optional<double> survey_figure(const rules::HostFacts& facts, const std::string& cipher, bool compression);

}  // namespace sshtune::host
