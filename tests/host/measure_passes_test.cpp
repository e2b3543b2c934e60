// The passes of gather_facts (measure.hpp), each driven alone on fakes with a clock the test moves.
#include "tests/host/host_fixtures.hpp"
#include "tuner/host/loaded_rtt.hpp"
#include "tuner/host/measure.hpp"
#include "tuner/host/schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sshtune::host {
namespace {

using std::chrono::milliseconds;
using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

const Clock::time_point t0 = Clock::time_point{} + std::chrono::hours(1);

// The passes on a world of fakes whose clock moves only when the test (or a fake trial) moves it.
class MeasurePasses : public ::testing::Test {
 protected:
  MeasurePasses() {
    m_request.host = "web";
    m_request.overrides.config_file = m_dir.write("config", "Host web\n  HostName 10.0.0.5\n").string();
    m_clock.set_now(t0);
    m_env.clock = &m_clock;        // these tests set the time themselves ...
    m_world.runner.paced = false;  // ... so no fake trial moves it
    testing::script_cpu_bound_survey(m_world.runner);
  }

  ResolvedHost resolved() { return resolve_host(m_request, *m_env.client).value(); }
  Survey survey() {
    auto survey = survey_host(m_request, resolved(), m_env);
    EXPECT_TRUE(survey) << survey.error().message;
    return std::move(survey.value());
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
  HostRequest m_request;
  testing::FakeClock m_clock;
};

// A plan by hand: aes128-gcm then chacha20, sized from survey figures of 900 and 280 MB/s.
ConfirmPlan two_trial_plan() {
  ConfirmPlan plan;
  plan.setup = milliseconds(150);
  plan.share = milliseconds(2250);
  plan.parallel_share = milliseconds(1000);
  plan.specs = {openssh_spec(probes::TrialKind::upload, "aes128-gcm@openssh.com", false, nullptr, 900,
                             milliseconds(500), {}, MeasureTiming{}),
                openssh_spec(probes::TrialKind::upload, "chacha20-poly1305@openssh.com", false, nullptr, 280,
                             milliseconds(500), {}, MeasureTiming{})};
  return plan;
}

rules::HostFacts survey_facts() {
  rules::HostFacts facts;
  facts.survey.trials = {{"aes128-gcm@openssh.com", 900}, {"chacha20-poly1305@openssh.com", 280}};
  return facts;
}

std::vector<Result<probes::TrialResult>> first_runs(const ConfirmPlan& plan, std::vector<double> figures) {
  std::vector<Result<probes::TrialResult>> results;
  for (std::size_t i = 0; i < figures.size(); ++i) results.push_back(testing::client_trial(plan.specs[i], figures[i]));
  return results;
}

TEST_F(MeasurePasses, TheSurveyOpensTheBudgetAsItConnectsAndChargesItsSetUp) {
  m_world.runner.setup = std::chrono::seconds(3);
  const Survey s = survey();
  EXPECT_EQ(s.budget.end(), t0 + m_request.budget);
  EXPECT_GE(s.budget.charged(), std::chrono::seconds(3));
  EXPECT_EQ(s.connect_time, milliseconds(0)) << "the clock did not move while it connected";
  ASSERT_NE(s.runner, nullptr) << "kept for the loaded round trips";
  EXPECT_EQ(survey_figure(s.measurement.facts, "aes128-gcm@openssh.com", false), 900);
  ASSERT_TRUE(s.measurement.facts.path.rtt_seconds);
  EXPECT_NEAR(*s.measurement.facts.path.rtt_seconds, 0.002, 1e-12);
}

TEST_F(MeasurePasses, TheSurveyTellsTheSamplesCompressedTrialByItsPayload) {
  m_request.sample_path = m_dir.write("sample.txt", std::string(4096, 'a')).string();
  m_env.compression_speeds = [](const std::string&) {  // zlib faster than the link: compression may pay
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 4000, 9000, 1u << 20}};
  };
  auto plain = m_world.runner.on_run;
  m_world.runner.on_run = [plain](const probes::TrialSpec& spec) {
    auto result = plain(spec);
    const bool sample = spec.payload != nullptr && spec.payload->size() == 4096;
    if (spec.compression) result.value().bytes = sample ? 30'000'000 : 12'000'000;
    return result;
  };
  const Survey s = survey();
  ASSERT_TRUE(s.measurement.facts.survey.compressed_sample_mb_per_s);
  EXPECT_DOUBLE_EQ(*s.measurement.facts.survey.compressed_sample_mb_per_s, 30);
  ASSERT_TRUE(s.measurement.facts.survey.compressed_random_mb_per_s);
  EXPECT_DOUBLE_EQ(*s.measurement.facts.survey.compressed_random_mb_per_s, 12);
}

TEST_F(MeasurePasses, ASurveyWhoseSampleTrialFailedKeepsOnlyTheRandomDatasFigure) {
  m_request.sample_path = m_dir.write("sample.txt", std::string(4096, 'a')).string();
  m_env.compression_speeds = [](const std::string&) {
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 4000, 9000, 1u << 20}};
  };
  auto plain = m_world.runner.on_run;
  m_world.runner.on_run = [plain](const probes::TrialSpec& spec) -> Result<probes::TrialResult> {
    if (spec.compression && spec.payload != nullptr && spec.payload->size() == 4096) {
      return Error{ErrorKind::remote, "web: channel closed"};
    }
    return plain(spec);
  };
  const Survey s = survey();
  EXPECT_FALSE(s.measurement.facts.survey.compressed_sample_mb_per_s);
  EXPECT_TRUE(s.measurement.facts.survey.compressed_random_mb_per_s);
}

TEST_F(MeasurePasses, AConfirmationOnTimeHasItsShareAndKeepsALadderStep) {
  Survey s = survey();
  s.budget = Budget(t0, milliseconds(5000));
  m_clock.set_now(t0 + milliseconds(1750));  // the survey took its share
  const ConfirmPlan plan = plan_confirmation(m_request, resolved(), s, m_env);
  std::vector<std::string> ciphers;
  for (const auto& spec : plan.specs) ciphers.push_back(spec.cipher);
  EXPECT_EQ(ciphers, (std::vector<std::string>{"aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
                                               "chacha20-poly1305@openssh.com"}));
  EXPECT_EQ(plan.no_ladder, "") << "CPU-bound: the survey's ciphers differ";
  EXPECT_EQ(plan.setup, setup_estimate(milliseconds(0), MeasureTiming{}));
  EXPECT_EQ(plan.kept_for_ladder, ladder_reserve(plan.setup, milliseconds(1000), MeasureTiming{}));
  EXPECT_EQ(plan.share, milliseconds(2250));
  EXPECT_EQ(plan.rtt_wait, milliseconds(10000) + plan.specs.front().time_cap);
}

TEST_F(MeasurePasses, ASurveyThatRanLongShortensTheConfirmationsShare) {
  Survey s = survey();
  s.budget = Budget(t0, milliseconds(5000));
  s.budget.charge(milliseconds(500));
  m_clock.set_now(t0 + milliseconds(3250));  // 1.5 s late, a third of it charged set-up
  const ConfirmPlan plan = plan_confirmation(m_request, resolved(), s, m_env);
  EXPECT_EQ(plan.share, milliseconds(2250) - milliseconds(1000)) << "left 2250 less the parallel share";
  m_clock.set_now(t0 + milliseconds(6000));
  // Past the deadline your ssh still times the leader: the verdict's figure is its.
  const ConfirmPlan late = plan_confirmation(m_request, resolved(), s, m_env);
  ASSERT_EQ(late.specs.size(), 1u);
  EXPECT_EQ(late.specs.front().cipher, plan.specs.front().cipher);
  EXPECT_EQ(late.specs.front().time_cap, MeasureTiming{}.shortest_stream);
  EXPECT_EQ(late.cut, "the budget held only " + plan.specs.front().cipher + " of the shortlist's " +
                          std::to_string(plan.specs.size()) + " trials with your ssh");
}

TEST_F(MeasurePasses, ALinkBoundHostPlansNoLadderAndLeavesItsShareToRunsTimedAgain) {
  testing::script_speeds(m_world.runner, {});  // every cipher 50 MB/s: the link sets the pace
  Survey s = survey();
  s.budget = Budget(t0, milliseconds(5000));
  m_clock.set_now(t0 + milliseconds(1750));
  const ConfirmPlan plan = plan_confirmation(m_request, resolved(), s, m_env);
  EXPECT_EQ(plan.no_ladder, "the link, not a window or a CPU, sets the pace");
  EXPECT_EQ(plan.kept_for_ladder, milliseconds(0));
  EXPECT_EQ(plan.share, milliseconds(2250));
}

TEST(ChooseRetimes, ACrawlIsTimedAgainInWhatIsLeftBeforeTheBudgetsEnd) {
  const ConfirmPlan plan = two_trial_plan();
  const rules::Policy policy;
  Budget budget(t0, milliseconds(5000));
  budget.charge(milliseconds(2000));  // set-up does not lengthen runs timed again
  const auto again =
      choose_retimes(plan, first_runs(plan, {800, 9}), survey_facts(), budget, t0 + milliseconds(4000), policy);
  EXPECT_EQ(again.chosen, (std::vector<std::size_t>{1}));
  // Both read memory files: no new set-up; 1000 ms left, less the overhead.
  EXPECT_EQ(again.stream_time, milliseconds(850));
  EXPECT_EQ(again.why, (std::vector<std::string>{"ssh upload chacha20-poly1305@openssh.com read 9.0 MB/s, under a "
                                                 "quarter of the survey's 280 MB/s: a stall, not the cipher; timed "
                                                 "again"}));
}

TEST(ChooseRetimes, WhatALadderKeepsIsNotTheirs) {
  ConfirmPlan plan = two_trial_plan();
  plan.kept_for_ladder = milliseconds(600);
  const auto again = choose_retimes(plan, first_runs(plan, {800, 9}), survey_facts(), Budget(t0, milliseconds(5000)),
                                    t0 + milliseconds(4000), rules::Policy{});
  EXPECT_EQ(again.stream_time, milliseconds(250));
}

TEST(ChooseRetimes, AContestedLeadTimesChallengerThenLeaderUnlessThePolicyAllowsTheGap) {
  const ConfirmPlan plan = two_trial_plan();
  const auto results = first_runs(plan, {450, 502});
  const Budget budget(t0, milliseconds(5000));
  const auto again = choose_retimes(plan, results, survey_facts(), budget, t0, rules::Policy{});
  EXPECT_EQ(again.chosen, (std::vector<std::size_t>{0, 1}));
  ASSERT_EQ(again.why.size(), 1u);
  EXPECT_EQ(again.why[0],
            "ssh upload aes128-gcm@openssh.com read 450 MB/s behind chacha20-poly1305@openssh.com's 502 MB/s, though "
            "the survey had it ahead (900 MB/s against 280 MB/s): both timed again, each the mean of its runs");
  rules::Policy wide;
  wide.contest_margin = 4;  // 900 is within 4x of 280
  const auto none = choose_retimes(plan, results, survey_facts(), budget, t0, wide);
  EXPECT_TRUE(none.chosen.empty());
  EXPECT_TRUE(none.why.empty());
}

TEST(ChooseRetimes, ACrawlUnderAnotherPolicyFractionSaysItsPercentage) {
  const ConfirmPlan plan = two_trial_plan();
  rules::Policy policy;
  policy.crawl_fraction = 0.5;
  const auto again =
      choose_retimes(plan, first_runs(plan, {800, 120}), survey_facts(), Budget(t0, milliseconds(5000)), t0, policy);
  ASSERT_EQ(again.why.size(), 1u);
  EXPECT_NE(again.why[0].find("read 120 MB/s, under 50% of the survey's 280 MB/s"), std::string::npos) << again.why[0];
}

// The runner's answer for `first` with `retimed` timed again for `chosen`.
probes::OpensshRunner::TurnRuns turn_runs(std::vector<Result<probes::TrialResult>> first,
                                          std::vector<Result<probes::TrialResult>> retimed,
                                          std::vector<std::size_t> chosen) {
  probes::OpensshRunner::TurnRuns runs;
  runs.skipped.resize(first.size());
  runs.first = std::move(first);
  runs.retimed = std::move(retimed);
  runs.again.chosen = std::move(chosen);
  return runs;
}

TEST(FoldRetimes, EachTrialsFigureIsTheMeanOfItsRunsAndItsStartTheFirstRuns) {
  const ConfirmPlan plan = two_trial_plan();
  auto results = first_runs(plan, {450, 502});
  results[0].value().start_s = 0.5;
  results = fold_retimes(turn_runs(std::move(results), first_runs(plan, {850, 490}), {0, 1}), 0.25);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_DOUBLE_EQ(probes::mb_per_s(results[0].value()), 650) << "not the better run: a bias upward";
  EXPECT_EQ(results[0].value().start_s, 0.5) << "the second run, on the same session, measured no start";
  EXPECT_DOUBLE_EQ(probes::mb_per_s(results[1].value()), 496);
  EXPECT_EQ(results[1].value().start_s, std::nullopt);
}

TEST(FoldRetimes, ALongerRunWeighsMoreAndAStallIsLeftOut) {
  const ConfirmPlan plan = two_trial_plan();
  auto results = first_runs(plan, {800, 9});
  results[0].value().seconds = 3, results[0].value().bytes = 2'400'000'000;  // 800 MB/s for 3 s
  results[1].value().start_s = 0.2;
  auto more = first_runs(plan, {400, 300});
  more[1].value().start_s = 0.4;
  results = fold_retimes(turn_runs(std::move(results), std::move(more), {0, 1}), 0.25);
  EXPECT_DOUBLE_EQ(probes::mb_per_s(results[0].value()), 700) << "3 s at 800 and 1 s at 400";
  EXPECT_DOUBLE_EQ(probes::mb_per_s(results[1].value()), 300) << "9 MB/s is under a quarter of 300: a stall";
  EXPECT_DOUBLE_EQ(*results[1].value().start_s, 0.3) << "the stall's start is a start all the same";
  auto failed = first_runs(plan, {800, 500});
  failed = fold_retimes(turn_runs(std::move(failed), {Error{ErrorKind::io, "lost"}}, {1}), 0.25);
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_DOUBLE_EQ(probes::mb_per_s(failed[1].value()), 500) << "a failed run is no run";
}

TEST_F(MeasurePasses, TheConfirmationChargesSetUpBeyondThePlanAndMeasuresTheLoadedRoundTrip) {
  const ConfirmPlan plan = two_trial_plan();
  bool first = true;
  m_world.client.on_run = [this, &first](const probes::TrialSpec& spec, std::size_t) {
    m_clock.advance(milliseconds(1000) + MeasureTiming{}.trial_overhead +
                    (first ? milliseconds(400) : milliseconds(0)));
    first = false;
    return testing::client_trial(spec, 800);
  };
  Budget budget(t0, milliseconds(5000));
  Measurement m;
  m.facts = survey_facts();
  confirm_with_openssh(plan, m_world.runner, m_world.client, budget, m_env, m);
  EXPECT_EQ(budget.charged(), milliseconds(400) - plan.setup);
  ASSERT_EQ(m_world.client.in_turn.size(), 1u);
  for (const auto& spec : m_world.client.in_turn[0]) {
    EXPECT_EQ(spec.openssh.phase_end, t0 + plan.share - plan.setup) << "on the environment's clock";
  }
  EXPECT_EQ(m.facts.openssh.trials.size(), 2u);
  ASSERT_TRUE(m.facts.path.loaded_rtt_seconds);
  EXPECT_DOUBLE_EQ(*m.facts.path.loaded_rtt_seconds, 0.002);
  ASSERT_FALSE(m_world.runner.specs.empty());
  EXPECT_EQ(m_world.runner.specs.back().kind, probes::TrialKind::round_trips);
}

TEST_F(MeasurePasses, AConfirmationThatCannotConnectSaysWhyAndKeepsTheSurveysFigures) {
  m_world.client.on_run = [](const probes::TrialSpec&, std::size_t) {
    return Result<probes::TrialResult>(Error{ErrorKind::remote, "web: Connection refused"});
  };
  Budget budget(t0, milliseconds(5000));
  Measurement m;
  m.facts = survey_facts();
  confirm_with_openssh(two_trial_plan(), m_world.runner, m_world.client, budget, m_env, m);
  EXPECT_EQ(m.facts.openssh.missing, "web: Connection refused");
  EXPECT_EQ(m.notes,
            (std::vector<std::string>{
                "your ssh could not be timed (web: Connection refused); the figures are the libssh survey's"}));
  EXPECT_EQ(m.failures.size(), 2u);
}

TEST(LoadedRoundTrips, PingOnlyOnceTheStreamBegan) {
  testing::FakeRunner runner;
  runner.on_run = [](const probes::TrialSpec& spec) -> Result<probes::TrialResult> {
    probes::TrialResult result;
    if (spec.remote.before_round_trips()) result.round_trip_seconds = {0.030, 0.010, 0.020, 0.040};
    return result;
  };
  StreamStart began;
  auto pings = loaded_round_trips(runner, began, milliseconds(10000));
  began.on_progress()(1);
  began.abandon();  // after the word: harmless
  EXPECT_EQ(pings.get(), 0.030);

  StreamStart never;
  auto none = loaded_round_trips(runner, never, milliseconds(10000));
  never.abandon();
  EXPECT_EQ(none.get(), std::nullopt) << "released at once, without pinging";
}

// A ladder plan by hand: one step costs 150 ms of set-up, 250 ms of streaming and its overhead.
ConfirmPlan ladder_plan() {
  ConfirmPlan plan;
  plan.setup = milliseconds(150);
  plan.parallel_share = milliseconds(1000);
  return plan;
}

// A link-bound survey's plan: no ladder.
ConfirmPlan plan_without_ladder() {
  ConfirmPlan plan = ladder_plan();
  plan.no_ladder = "the link, not a window or a CPU, sets the pace";
  return plan;
}

TEST_F(MeasurePasses, TheLadderClimbsWhileItGainsAndChargesEachStepsLateSetUp) {
  m_world.client.on_run = [this](const probes::TrialSpec& spec, std::size_t) {
    m_clock.advance(milliseconds(150));  // each session: its step costs 550 ms planned
    return testing::client_trial(spec, 48);
  };
  Budget budget(t0, milliseconds(20000));
  Measurement m;
  m.facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 48}};
  climb_ladder(ladder_plan(), m_world.client, budget, m_env, m);
  std::vector<std::size_t> steps;
  for (const auto& batch : m_world.client.together) steps.push_back(batch.size());
  EXPECT_EQ(steps, (std::vector<std::size_t>{2, 8})) << "two sessions moved 2x: straight on to 8";
  EXPECT_TRUE(m_world.client.prepared.empty()) << "sessions opening beside a CPU-bound step would take its CPU";
  EXPECT_FALSE(m_world.client.together[0][0].openssh.clock_warm_up) << "timed by its warm-up bytes";
  EXPECT_EQ(m_world.client.together[0][0].time_cap,
            parallel_planned_stream(milliseconds(1000), MeasureTiming{}.shortest_stream, MeasureTiming{}));
  // Two sessions took 300 ms (under the 550 planned: nothing), eight 1200 ms: 650 charged.
  EXPECT_EQ(budget.charged(), milliseconds(650));
  EXPECT_EQ(m.facts.openssh.parallel_trials.size(), 2u);
}

TEST_F(MeasurePasses, TheLadderStopsAtTheDeadlineAndSaysSoWhenNoStepFitted) {
  Budget budget(t0, milliseconds(5000));
  m_clock.set_now(t0 + milliseconds(4600));  // 400 ms left; a step costs 550
  Measurement m;
  m.facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 48}};
  climb_ladder(ladder_plan(), m_world.client, budget, m_env, m);
  EXPECT_TRUE(m_world.client.together.empty());
  EXPECT_EQ(m.notes, (std::vector<std::string>{"parallel sessions not timed: the budget had no time left for them "
                                               "(a larger --budget has)"}));
}

TEST_F(MeasurePasses, APlanWithoutALadderSaysWhyAndAConfirmationWithoutFiguresSaysNothing) {
  const ConfirmPlan plan = plan_without_ladder();
  Budget budget(t0, milliseconds(5000));
  Measurement m;
  climb_ladder(plan, m_world.client, budget, m_env, m);
  EXPECT_TRUE(m.notes.empty()) << "no ssh figure: nothing to climb from";
  m.facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 48}};
  climb_ladder(plan, m_world.client, budget, m_env, m);
  EXPECT_EQ(m.notes,
            (std::vector<std::string>{"parallel sessions not timed: the link, not a window or a CPU, sets the pace"}));
  EXPECT_TRUE(m_world.client.together.empty());
}

// 60 ms: 2 MiB per round trip is 35 MB/s; your ssh's session moved 33.5 of the 35.
Measurement near_its_window_at_60_ms() {
  Measurement m;
  m.facts.path.rtt_seconds = 0.06;
  m.facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 33.5}};
  return m;
}

// The survey read a fresh session's slow start, so the plan has no ladder; your ssh's session near its
// window gets parallel sessions, from the top down.
TEST_F(MeasurePasses, YourSshNearItsWindowGetsTheLadderThePlanLeftOut) {
  Budget budget(t0, milliseconds(20000));
  Measurement m = near_its_window_at_60_ms();
  climb_ladder(plan_without_ladder(), m_world.client, budget, m_env, m);
  ASSERT_FALSE(m_world.client.together.empty()) << "near its window: parallel sessions decide";
  EXPECT_EQ(m_world.client.together[0].size(), 8u) << "from the top down";
  // Each session held by its own window: all counted over one stretch of the clock, 12 round trips in.
  EXPECT_EQ(m_world.client.together[0][0].openssh.clock_warm_up, milliseconds(720));
  EXPECT_DOUBLE_EQ(m_world.client.together[0][0].path_rtt_seconds, 0.06) << "its stretch spans whole round trips";
  EXPECT_TRUE(m.notes.empty());
}

// The next step's sessions open while a step streams: where your ssh's log-in takes longer than 12 round
// trips, the stretch waits for them, so their log-ins take no CPU from it.
TEST_F(MeasurePasses, AStepOnTheClockWaitsOutTheNextStepsLogIns) {
  Budget budget(t0, milliseconds(20000));
  Measurement m = near_its_window_at_60_ms();
  m.session_setup_s = 1.5;
  climb_ladder(plan_without_ladder(), m_world.client, budget, m_env, m);
  ASSERT_FALSE(m_world.client.together.empty());
  EXPECT_EQ(m_world.client.together[0][0].openssh.clock_warm_up, milliseconds(1500));
}

// Where the budget holds no step after this one, nothing opens beside it, and its stretch starts 12 round
// trips in, however long a log-in takes.
TEST_F(MeasurePasses, ALastStepPreparesNothingAndWaitsOnlyForTcp) {
  Budget budget(t0, milliseconds(1000));
  Measurement m = near_its_window_at_60_ms();
  m.session_setup_s = 1.5;
  climb_ladder(plan_without_ladder(), m_world.client, budget, m_env, m);
  ASSERT_EQ(m_world.client.together.size(), 1u) << "the first step runs whatever the budget says";
  EXPECT_TRUE(m_world.client.prepared.empty());
  EXPECT_EQ(m_world.client.together[0][0].openssh.clock_warm_up, milliseconds(720));
}

// Uploads of your ssh whose connections TCP saw lose 0.5% of 1000 segments each (process_tcp_sample).
Result<probes::TrialResult> lossy_upload(const probes::TrialSpec& spec, double mb_per_s) {
  auto result = testing::client_trial(spec, mb_per_s);
  result.value().tcp = probes::TcpSample{1000, 5, 8948, "cubic"};
  return result;
}

TEST_F(MeasurePasses, WhatTcpCountedOnYourSshsUploadsAddsToTheSurveysCount) {
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t) { return lossy_upload(spec, 5); };
  Budget budget(t0, milliseconds(5000));
  Measurement m;
  m.facts = survey_facts();
  m.facts.path.loss = rules::PathLoss{400, 0, 8948, "cubic"};
  confirm_with_openssh(two_trial_plan(), m_world.runner, m_world.client, budget, m_env, m);
  ASSERT_TRUE(m.facts.path.loss);
  EXPECT_DOUBLE_EQ(m.facts.path.loss->segments, 2400) << "the survey's 400 and two trials' 1000";
  EXPECT_DOUBLE_EQ(m.facts.path.loss->retransmitted, 10);
}

// The survey's few segments saw no loss, so the plan has no ladder; your ssh's connections lost 0.5%:
// parallel sessions decide, from the top down, and their connections count too.
TEST_F(MeasurePasses, LossYourSshSawGetsTheLadderThePlanLeftOut) {
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t) { return lossy_upload(spec, 1); };
  const ConfirmPlan plan = plan_without_ladder();
  Budget budget(t0, milliseconds(20000));
  Measurement m;
  m.facts.path.rtt_seconds = 0.03;
  m.facts.openssh.trials = {{"aes128-gcm@openssh.com", false, 5}};
  m.facts.path.loss = rules::PathLoss{1000, 5, 8948, "cubic"};
  climb_ladder(plan, m_world.client, budget, m_env, m);
  ASSERT_FALSE(m_world.client.together.empty()) << "loss: parallel sessions decide";
  EXPECT_EQ(m_world.client.together[0].size(), 8u) << "from the top down";
  std::size_t sessions = 0;
  for (const auto& step : m_world.client.together) sessions += step.size();
  EXPECT_DOUBLE_EQ(m.facts.path.loss->segments, 1000.0 * static_cast<double>(1 + sessions))
      << "each of the ladder's sessions counts its own segments, once";
}

}  // namespace
}  // namespace sshtune::host
