// host's whole measuring pipeline — survey, shortlist, confirmation, runs timed again, ladder — on one
// fake clock that every pass and every runner reads, each fake trial taking its slot on it: what each
// pass was given and what it spent.
#include "tests/host/host_fixtures.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/host/schedule.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

using std::chrono::milliseconds;
using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

class WholeRun : public ::testing::Test {
 protected:
  WholeRun() {
    m_request.host = "web";
    m_request.budget = milliseconds(5000);
    m_request.overrides.config_file = m_dir.write("config", "Host web\n  HostName 10.0.0.5\n").string();
    testing::script_cpu_bound_survey(m_world.runner);
    // Your ssh reads aes256-gcm just ahead of aes128-gcm, which the survey had well ahead (a contested lead:
    // both are timed again), and sessions that each keep 0.8 of one's rate on this CPU-bound host (the
    // ladder climbs while it gains).
    testing::script_client_speeds(
        m_world.client,
        {{"aes128-gcm@openssh.com", 790}, {"aes256-gcm@openssh.com", 800}, {"chacha20-poly1305@openssh.com", 280}},
        0.8);
    m_world.client.paced = &m_world.clock;
  }

  Measurement measure() {
    m_start = m_world.clock.now();
    auto measured = gather_facts(m_request, resolve_host(m_request, *m_env.client).value(), m_env);
    EXPECT_TRUE(measured) << measured.error().message;
    m_elapsed = std::chrono::duration_cast<milliseconds>(m_world.clock.now() - m_start);
    return std::move(measured).value();
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
  HostRequest m_request;
  Clock::time_point m_start;
  milliseconds m_elapsed{0};
};

TEST_F(WholeRun, EachPassKeepsToWhatItWasGivenOnTheOneClock) {
  const Measurement m = measure();
  ASSERT_EQ(m.passes.size(), 3u);
  const PassTime& survey = m.passes[0];
  const PassTime& confirmation = m.passes[1];
  const PassTime& ladder = m.passes[2];
  EXPECT_EQ(survey.pass, MeasuringPass::survey);
  EXPECT_EQ(confirmation.pass, MeasuringPass::confirmation);
  EXPECT_EQ(ladder.pass, MeasuringPass::ladder);

  const ProbeBudget shares = split_budget(m_request.budget, MeasureTiming{});
  EXPECT_EQ(survey.given, shares.survey);
  EXPECT_LE(survey.spent, survey.given + survey.setup) << "the survey's trials end by its share";
  EXPECT_GT(survey.spent, survey.given / 2) << "and use most of it";
  EXPECT_LE(confirmation.given, shares.confirm + shares.survey - survey.spent);
  EXPECT_LE(confirmation.spent, confirmation.given + confirmation.setup + shares.parallel)
      << "the runs timed again may take what no ladder keeps, never more";
  EXPECT_GT(ladder.spent, milliseconds(0));
  EXPECT_LE(ladder.spent, ladder.given + ladder.setup) << "no step starts that cannot end by the deadline";
  EXPECT_LE(m_elapsed, m_request.budget + m.setup) << "the whole run: the budget plus the set-up it charged";
  EXPECT_EQ(m.setup, survey.setup + confirmation.setup + ladder.setup);
}

TEST_F(WholeRun, TheSurveyTheShortlistTheRunsTimedAgainAndTheLadderAllRan) {
  const Measurement m = measure();
  EXPECT_GE(m.facts.survey.trials.size(), 3u) << "the survey timed the ciphers";
  ASSERT_EQ(m_world.client.in_turn.size(), 1u);
  EXPECT_GE(m_world.client.in_turn.front().size(), 2u) << "the shortlist your ssh timed";
  ASSERT_EQ(m_world.client.again.size(), 1u);
  EXPECT_FALSE(m_world.client.again.front().empty()) << "a contested lead is timed again";
  EXPECT_FALSE(m.facts.openssh.parallel_trials.empty()) << "the ladder climbed";
  const Clock::time_point phase_end = m_world.client.in_turn.front().front().openssh.phase_end.value();
  EXPECT_GT(phase_end, m_start) << "the runner's phase end is a time of the pipeline's own clock";
  EXPECT_LT(phase_end, m_start + m_elapsed);
}

TEST_F(WholeRun, TheHashSpeedIsMeasuredOnlyWhereParallelSessionsAreAdvised) {
  const auto advised = tune_host(m_request, m_env);
  ASSERT_TRUE(advised) << advised.error().message;
  ASSERT_TRUE(advised.value().entry.decision.parallel) << "the ladder's sessions pay here";
  EXPECT_EQ(advised.value().hash_mb_per_s, 400);
  EXPECT_EQ(m_world.hash_runs, 1);
  const auto cached = tune_host(m_request, m_env);
  ASSERT_TRUE(cached && cached.value().from_cache);
  EXPECT_EQ(cached.value().hash_mb_per_s, 400) << "a cached verdict's copy line is timed the same way";
  EXPECT_EQ(m_world.hash_runs, 2);
}

}  // namespace
}  // namespace sshtune::host
