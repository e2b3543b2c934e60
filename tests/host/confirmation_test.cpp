// The confirmation with the user's ssh through the whole host pipeline, on fakes.
#include "tests/host/host_fixtures.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/host/schedule.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>

namespace sshtune::host {
namespace {

using std::chrono::milliseconds;
using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

class Confirmation : public ::testing::Test {
 protected:
  Confirmation() {
    m_request.host = "web";
    m_request.overrides.config_file = m_dir.write("config", "Host web\n  HostName 10.0.0.5\n").string();
  }

  Result<HostOutcome> tune() { return tune_host(m_request, m_env); }

  // A 20 s budget, and a survey whose every cipher moves what 2 MiB / 40 ms (52 MB/s) allows.
  void survey_a_window_at_40_ms() {
    m_request.budget = std::chrono::seconds(20);
    auto flat = m_world.runner.on_run;
    m_world.runner.on_run = [flat](const probes::TrialSpec& spec) {
      auto result = flat(spec);
      result.value().round_trip_seconds = {0.04, 0.04, 0.04};
      result.value().bytes = spec.compression ? 20'000'000 : 50'000'000;
      return result;
    };
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
  HostRequest m_request;
};

TEST_F(Confirmation, TheBudgetHoldsTheConfirmationOfLeadersAndTheCurrentSetting) {
  testing::script_cpu_bound_survey(m_world.runner);
  testing::script_client_speeds(
      m_world.client,
      {{"aes128-gcm@openssh.com", 600}, {"aes256-gcm@openssh.com", 500}, {"chacha20-poly1305@openssh.com", 300}});
  ASSERT_TRUE(tune());
  ASSERT_EQ(m_world.client.in_turn.size(), 1u);
  EXPECT_TRUE(m_world.client.again.front().empty()) << "no trial crawled: none is timed again";
  const auto& specs = m_world.client.in_turn.front();
  std::vector<std::string> ciphers;
  for (const auto& spec : specs) ciphers.push_back(spec.cipher);
  EXPECT_EQ(ciphers, (std::vector<std::string>{"aes128-gcm@openssh.com", "aes256-gcm@openssh.com",
                                               "chacha20-poly1305@openssh.com"}));
  // Each trial's warm-up at the survey's figure fits its overhead, and streaming each for its time with
  // that overhead fits the confirmation's share.
  milliseconds planned{0};
  for (const auto& spec : specs) {
    const double rate = spec.cipher == "aes128-gcm@openssh.com"   ? 900
                        : spec.cipher == "aes256-gcm@openssh.com" ? 700
                                                                  : 280;
    EXPECT_LE(static_cast<double>(spec.warm_up_bytes) / (rate * 1e6), MeasureTiming{}.trial_overhead.count() / 1000.0)
        << spec.cipher;
    planned += spec.time_cap + MeasureTiming{}.trial_overhead;
  }
  EXPECT_LE(planned, split_budget(m_request.budget, MeasureTiming{}).confirm);
  EXPECT_EQ(m_world.client_targets.front().destination, "web");
}

TEST_F(Confirmation, AConfirmationThatFailsLeavesTheSurveysFiguresWithTheReason) {
  m_world.client.on_run = [](const probes::TrialSpec&, std::size_t) {
    return Result<probes::TrialResult>(
        Error{ErrorKind::remote, "web: ssh: connect to host 10.0.0.5 port 22: Connection refused"});
  };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  const auto& d = outcome.value().entry.decision;
  EXPECT_EQ(d.expected_source, rules::FigureSource::libssh);
  EXPECT_TRUE(std::find(outcome.value().notes.begin(), outcome.value().notes.end(),
                        "your ssh could not be timed (web: ssh: connect to host 10.0.0.5 port 22: Connection "
                        "refused); the figures are the libssh survey's") != outcome.value().notes.end());
  EXPECT_TRUE(m_world.client.together.empty());  // no parallel sessions against a refusing server
}

TEST_F(Confirmation, ATieInTheSurveyIsResolvedByTheOpensshFigures) {
  // The survey ties the GCM ciphers (within 5%: the stronger first); the user's ssh moves aes128-gcm faster.
  testing::script_speeds(m_world.runner, {{"aes128-gcm@openssh.com", 300}, {"aes256-gcm@openssh.com", 290}});
  testing::script_client_speeds(m_world.client, {{"aes128-gcm@openssh.com", 250}, {"aes256-gcm@openssh.com", 200}});
  const auto outcome = tune();
  ASSERT_TRUE(outcome);
  const auto& d = outcome.value().entry.decision;
  EXPECT_EQ(d.ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 250);
  EXPECT_EQ(d.expected_source, rules::FigureSource::openssh);
  const auto& trials = outcome.value().entry.trials;
  EXPECT_TRUE(std::any_of(trials.begin(), trials.end(),
                          [](const CachedTrial& t) { return t.client == probes::TrialClient::openssh; }));
}

TEST_F(Confirmation, ATrialThatCrawledIsTimedAgainAndKeepsItsBetterRun) {
  testing::script_cpu_bound_survey(m_world.runner);
  int chacha_runs = 0;
  m_world.client.on_run = [&chacha_runs](const probes::TrialSpec& spec, std::size_t) {
    const bool chacha = spec.cipher == "chacha20-poly1305@openssh.com";
    return testing::client_trial(spec, chacha && chacha_runs++ == 0 ? 9 : chacha ? 300 : 800);
  };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_GE(m_world.client.again.size(), 1u);
  ASSERT_EQ(m_world.client.again[0].size(), 1u) << "only the crawl is timed again";
  EXPECT_EQ(m_world.client.again[0][0].cipher, "chacha20-poly1305@openssh.com");
  const auto& d = outcome.value().entry.decision;
  ASSERT_TRUE(d.current_mb_per_s);
  EXPECT_DOUBLE_EQ(*d.current_mb_per_s, 300);
  const auto& notes = outcome.value().notes;
  EXPECT_TRUE(std::find(notes.begin(), notes.end(),
                        "ssh upload chacha20-poly1305@openssh.com read 9.0 MB/s, under a quarter of the survey's "
                        "280 MB/s: a stall, not the cipher; timed again") != notes.end())
      << ::testing::PrintToString(notes);
}

TEST_F(Confirmation, AContestedLeadIsTimedAgainAndEachFigureIsTheMeanOfItsRuns) {
  testing::script_cpu_bound_survey(m_world.runner);
  std::map<std::string, std::vector<double>> runs{{"aes128-gcm@openssh.com", {450, 850}},
                                                  {"aes256-gcm@openssh.com", {400}},
                                                  {"chacha20-poly1305@openssh.com", {502, 490}}};
  m_world.client.on_run = [&runs](const probes::TrialSpec& spec, std::size_t) {
    auto& figures = runs.at(spec.cipher);
    const double figure = figures.front();
    if (figures.size() > 1) figures.erase(figures.begin());
    auto trial = testing::client_trial(spec, figure);
    if (figure == 450) trial.value().start_s = 0.5;  // a second turn on the same session measures none
    return trial;
  };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_EQ(m_world.client.in_turn.size(), 1u) << "timed again within the same batch";
  const auto& kept = outcome.value().entry.trials;
  const auto aes = std::find_if(kept.begin(), kept.end(), [](const CachedTrial& t) {
    return t.client == probes::TrialClient::openssh && t.cipher == "aes128-gcm@openssh.com";
  });
  ASSERT_NE(aes, kept.end());
  EXPECT_DOUBLE_EQ(aes->mb_per_s, 650);
  EXPECT_EQ(aes->start_s, 0.5) << "the first run's start cost stands";
  std::vector<std::string> again;
  for (const auto& spec : m_world.client.again[0]) again.push_back(spec.cipher);
  EXPECT_EQ(again, (std::vector<std::string>{"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"}));
  const auto& d = outcome.value().entry.decision;
  EXPECT_EQ(d.ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_DOUBLE_EQ(d.expected_mb_per_s, 650);
  ASSERT_TRUE(d.current_mb_per_s);
  EXPECT_DOUBLE_EQ(*d.current_mb_per_s, 496) << "the mean of ChaCha20's runs";
  const auto& notes = outcome.value().notes;
  EXPECT_TRUE(std::find(notes.begin(), notes.end(),
                        "ssh upload aes128-gcm@openssh.com read 450 MB/s behind chacha20-poly1305@openssh.com's "
                        "502 MB/s, though the survey had it ahead (900 MB/s against 280 MB/s): both timed again, "
                        "each the mean of its runs") != notes.end())
      << ::testing::PrintToString(notes);
}

TEST_F(Confirmation, RunsTimedAgainWithBudgetLeftStreamAsLongAsTheFirst) {
  testing::script_cpu_bound_survey(m_world.runner);
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t) {
    return testing::client_trial(spec, spec.cipher == "chacha20-poly1305@openssh.com" ? 9 : 800);
  };
  m_request.budget = std::chrono::seconds(8);  // first runs under the 1 s cap
  ASSERT_TRUE(tune());
  ASSERT_EQ(m_world.client.again.size(), 1u);
  ASSERT_EQ(m_world.client.again[0].size(), 1u);
  EXPECT_EQ(m_world.client.again[0][0].time_cap, m_world.client.in_turn[0].back().time_cap);
}

// Each run streams `overrun` times as long as planned, so the first runs spend the confirmation's share
// (and with an overrun, more); chacha20's first run crawled. `link_bound`: every cipher surveyed (and
// streaming) at 50 MB/s, where no ladder runs; otherwise a CPU-bound survey, streams at 800 MB/s.
// Returns the stream times the last first run and chacha20's second run were given.
std::pair<milliseconds, milliseconds> retime_after_spent_share(FakeHostWorld& world, bool link_bound, int overrun,
                                                               const std::function<Result<HostOutcome>()>& tune) {
  if (link_bound) {
    testing::script_speeds(world.runner, {});
  } else {
    testing::script_cpu_bound_survey(world.runner);
  }
  const double speed = link_bound ? 50 : 800;
  int chacha_runs = 0;
  world.client.on_run = [&world, &chacha_runs, speed, overrun](const probes::TrialSpec& spec, std::size_t) {
    const auto streamed = spec.time_cap * overrun;
    world.clock.advance(streamed + MeasureTiming{}.trial_overhead);
    const bool crawl = spec.cipher == "chacha20-poly1305@openssh.com" && chacha_runs++ == 0;
    const double seconds = std::chrono::duration<double>(streamed).count();
    auto trial = testing::client_trial(spec, (crawl ? 9 : speed) * seconds);
    trial.value().seconds = seconds;
    return trial;
  };
  EXPECT_TRUE(tune());
  if (world.client.again.size() != 1 || world.client.again[0].size() != 1) return {};
  return {world.client.in_turn[0].back().time_cap, world.client.again[0][0].time_cap};
}

TEST_F(Confirmation, RunsTimedAgainLeaveTheParallelShareToALadderThatWillRun) {
  // A CPU-bound remote host: the ladder will run, so the crawl's second run gets what is left of the
  // confirmation's share, less than its first run.
  const auto [first, again] = retime_after_spent_share(m_world, false, 2, [this] { return tune(); });
  EXPECT_GE(again, milliseconds(150));
  EXPECT_LT(again, first);
}

TEST_F(Confirmation, RunsTimedAgainTakeTheParallelShareNoLadderWillUse) {
  // A link-bound host: no ladder will run. Its first runs spend exactly their share: a parallel share
  // kept back would leave the crawl only the shortest stream.
  const auto [first, again] = retime_after_spent_share(m_world, true, 1, [this] { return tune(); });
  EXPECT_GT(first, milliseconds(150));
  EXPECT_EQ(again, first);
}

TEST_F(Confirmation, SetUpThatMovedTheDeadlineDoesNotLengthenRunsTimedAgain) {
  testing::script_speeds(m_world.runner, {});      // link-bound, no ladder: runs timed again may use what is left
  m_world.runner.setup = std::chrono::seconds(3);  // the survey's set-up moved the deadline by 3 s
  m_world.client.on_run = [this](const probes::TrialSpec& spec, std::size_t) {
    m_world.clock.advance(std::chrono::milliseconds(2500));  // the first runs end past the budget's end
    return testing::client_trial(spec, spec.cipher == "chacha20-poly1305@openssh.com" ? 9 : 50);
  };
  ASSERT_TRUE(tune());
  ASSERT_EQ(m_world.client.again.size(), 1u);
  ASSERT_EQ(m_world.client.again[0].size(), 1u);
  EXPECT_GT(m_world.client.in_turn[0].back().time_cap, milliseconds(150)) << "the first runs keep their share";
  EXPECT_EQ(m_world.client.again[0][0].time_cap, milliseconds(150)) << "past the budget: the shortest stream";
}

TEST_F(Confirmation, ACpuBoundServerOnALoopbackAddressIsLadderedToo) {
  // Its sessions may share this machine's cores, or a port forward may lead to another machine: either
  // way the ladder measures what more sessions move.
  m_request.overrides.config_file = m_dir.write("config", "Host web\n  HostName 127.0.0.1\n").string();
  testing::script_cpu_bound_survey(m_world.runner);
  testing::script_client_speeds(
      m_world.client,
      {{"aes128-gcm@openssh.com", 600}, {"aes256-gcm@openssh.com", 500}, {"chacha20-poly1305@openssh.com", 300}});
  ASSERT_TRUE(tune());
  EXPECT_FALSE(m_world.client.together.empty());
}

TEST_F(Confirmation, AWindowBoundPathTimesTheLadderFromTheTop) {
  survey_a_window_at_40_ms();
  // Every session at its window, 48 MB/s, however many run at once.
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t) { return testing::client_trial(spec, 48); };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  std::vector<std::size_t> ladder;
  for (const auto& batch : m_world.client.together) ladder.push_back(batch.size());
  // One session at its window: the ladder starts at the top, then 4 falls short of 8's aggregate.
  EXPECT_EQ(ladder, (std::vector<std::size_t>{8, 4}));
  // The 8 sessions open before the confirmation streams, each next step's while one streams.
  std::vector<std::size_t> prepared;
  for (const auto& batch : m_world.client.prepared) prepared.push_back(batch.size());
  EXPECT_EQ(prepared, (std::vector<std::size_t>{8, 4, 2}));
  EXPECT_EQ(m_world.client.prepared_after, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(m_world.client.prepared[0][0].cipher, m_world.client.together[0][0].cipher);
  EXPECT_EQ(m_world.client.prepared[0][0].openssh.file_input, m_world.client.together[0][0].openssh.file_input);
  EXPECT_FALSE(m_world.client.in_turn[0][0].openssh.clock_warm_up) << "40 ms, no loss: ramped within its warm-up";
  EXPECT_EQ(m_world.client.together[0][0].openssh.clock_warm_up, milliseconds(480));
  const auto& d = outcome.value().entry.decision;
  EXPECT_EQ(d.bottleneck, rules::Bottleneck::window);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);
}

// 200 ms on a CPU that encrypts every cipher at 1 GB/s: window/RTT (10 MB/s) is a hundredth of that, so
// the survey times no cipher, your ssh times the strongest allowed one (chacha20 ties with aes256-gcm and
// comes first in the survey's order), and 8 sessions decide.
TEST_F(Confirmation, ALongPathsRoundTripLeavesEveryCipherToYourSsh) {
  m_env.cipher_speeds = [] {
    std::vector<probes::CipherSpeed> speeds;
    for (const auto& name : probes::libssh_ciphers()) speeds.push_back({name, "", "", false, false, true, 1000, 1000});
    return speeds;
  };
  auto echo = m_world.runner.on_run;
  m_world.runner.on_run = [echo](const probes::TrialSpec& spec) {
    auto result = echo(spec);
    result.value().round_trip_seconds = {0.2, 0.2, 0.2};
    return result;
  };
  // Streamed, the compressed trial would read 20 MB/s and switch compression on.
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t) {
    return testing::client_trial(spec, spec.compression ? 20 : 9.6);
  };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  for (const auto& spec : m_world.runner.specs) {
    EXPECT_TRUE(spec.kind == probes::TrialKind::round_trips || spec.kind == probes::TrialKind::command) << spec.cipher;
  }
  ASSERT_FALSE(m_world.client.in_turn.empty());
  EXPECT_EQ(m_world.client.in_turn.front().front().cipher, "chacha20-poly1305@openssh.com");
  // TCP's ramp sets a long path's warm-up: the uncompressed trial is timed on the clock, 12 round trips
  // in; the compressed one's connection carries less than its payload, so its warm-up stays in bytes.
  for (const auto& spec : m_world.client.in_turn.front()) {
    EXPECT_EQ(spec.openssh.clock_warm_up, spec.compression ? std::nullopt : std::optional(milliseconds(2400)));
  }
  const auto& d = outcome.value().entry.decision;
  EXPECT_EQ(d.ciphers.front(), "chacha20-poly1305@openssh.com");
  EXPECT_EQ(d.expected_source, rules::FigureSource::openssh);
  EXPECT_EQ(d.bottleneck, rules::Bottleneck::window);
  ASSERT_TRUE(d.parallel);
  EXPECT_EQ(d.parallel->streams, 8);
  // The compressed trial was planned (zlib's model could pay) but 9.6 MB/s leaves it nothing to gain.
  const auto& planned = m_world.client.in_turn.front();
  EXPECT_TRUE(std::any_of(planned.begin(), planned.end(), [](const probes::TrialSpec& s) { return s.compression; }));
  EXPECT_FALSE(d.compression);
  const auto& notes = outcome.value().notes;
  EXPECT_TRUE(std::any_of(notes.begin(), notes.end(), [](const std::string& n) {
    return n.find("not timed: OpenSSH's 2 MiB channel window counts data before compression") != std::string::npos;
  })) << ::testing::PrintToString(notes);
  EXPECT_TRUE(outcome.value().failures.empty()) << ::testing::PrintToString(outcome.value().failures);
}

TEST_F(Confirmation, TheLadderStreamsOnThePreparedSessionsWhicheverTiedCipherYourSshFoundFastest) {
  survey_a_window_at_40_ms();
  m_world.client.on_run = [&](const probes::TrialSpec& spec, std::size_t) {
    // The prepared sessions' cipher moves a little less alone than another one: noise on a window.
    const bool prepared = !m_world.client.prepared.empty() && spec.cipher == m_world.client.prepared[0][0].cipher;
    return testing::client_trial(spec, prepared ? 46 : 48);
  };
  const auto outcome = tune();
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_FALSE(m_world.client.together.empty());
  ASSERT_FALSE(m_world.client.prepared.empty());
  EXPECT_NE(outcome.value().entry.decision.ciphers.front(), m_world.client.prepared[0][0].cipher);
  EXPECT_EQ(m_world.client.together[0][0].cipher, m_world.client.prepared[0][0].cipher)
      << "no sessions beyond the prepared ones are opened";
}

}  // namespace
}  // namespace sshtune::host
