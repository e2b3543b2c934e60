#include "probes/core/host_trials.hpp"
#include "tests/support/fake_runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>

namespace sshtune::probes {
namespace {

using Names = std::vector<std::string>;
using testing::FakeRunner;
using testing::openssh_defaults;

HostTrialPlan generous(HostTrialPlan plan) {
  plan.budget = std::chrono::seconds(60);
  return plan;
}

TEST(MacForCipher, PinsHmacSha256EtmForNonAeadCiphers) {
  const Names macs = {"umac-64-etm@openssh.com", "hmac-sha2-256-etm@openssh.com"};
  EXPECT_EQ(mac_for_cipher("aes128-ctr", macs), "hmac-sha2-256-etm@openssh.com");
  EXPECT_EQ(mac_for_cipher("aes128-gcm@openssh.com", macs), "");
  EXPECT_EQ(mac_for_cipher("chacha20-poly1305@openssh.com", macs), "");
  EXPECT_EQ(mac_for_cipher("aes256-ctr", {"umac-64@openssh.com", "hmac-sha1"}), "hmac-sha1");
  EXPECT_EQ(mac_for_cipher("aes256-ctr", {"umac-64@openssh.com"}), "");
}

TEST(MakeTrialPlan, KeepsCiphersBothSidesSupport) {
  const auto plan = make_trial_plan(openssh_defaults(), nullptr);
  EXPECT_EQ(plan.ciphers, (Names{"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com", "aes256-gcm@openssh.com",
                                 "aes128-ctr", "aes256-ctr", "aes192-ctr"}));
  EXPECT_TRUE(plan.server_offers_compression);
  auto one_way = openssh_defaults();
  one_way.ciphers_s2c = {"aes128-ctr"};
  EXPECT_EQ(make_trial_plan(one_way, nullptr).ciphers, (Names{"aes128-ctr"}));
}

TEST(RunHostTrials, RunsEveryStepInOrder) {
  FakeRunner runner;
  auto sample = std::make_shared<const std::string>("text");
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), sample)), "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(runner.specs.size(), 1u + 6u + 1u + 2u);
  EXPECT_EQ(runner.specs[0].kind, TrialKind::round_trips);
  EXPECT_EQ(runner.specs[1].cipher, "aes128-gcm@openssh.com");
  EXPECT_EQ(runner.specs[1].mac, "");
  EXPECT_EQ(runner.specs[4].cipher, "aes128-ctr");
  EXPECT_EQ(runner.specs[4].mac, "hmac-sha2-256-etm@openssh.com");
  // Tools and compression come before the ciphers that rarely win.
  EXPECT_EQ(runner.specs[5].kind, TrialKind::command);
  EXPECT_TRUE(runner.specs[6].compression);
  EXPECT_EQ(runner.specs[6].payload, sample);
  EXPECT_TRUE(runner.specs[7].compression);
  EXPECT_EQ(runner.specs[7].payload->size(), 1u << 20);
  EXPECT_EQ(runner.specs[8].cipher, "aes256-ctr");
  EXPECT_EQ(runner.specs[9].cipher, "aes192-ctr");
  EXPECT_DOUBLE_EQ(*report.value().rtt_seconds, 0.002);
  EXPECT_EQ(report.value().trials.size(), 8u);
  ASSERT_TRUE(report.value().tools);
  EXPECT_TRUE(report.value().tools->rsync_zstd);
  EXPECT_TRUE(report.value().failures.empty());
}

TEST(RunHostTrials, TheRoundTripsTimeTheFirstRemoteCommandsStart) {
  FakeRunner runner;
  const auto exchanges = runner.on_run;
  runner.on_run = [&exchanges, &runner](const TrialSpec& spec) {
    // A remote shell slow to start: what the round trips took beyond their 6 ms of exchanges.
    if (spec.kind == TrialKind::round_trips) runner.clock.advance(std::chrono::milliseconds(50));
    return exchanges(spec);
  };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_TRUE(report.value().command_start_seconds);
  EXPECT_GE(*report.value().command_start_seconds, 0.050 - 0.006);
}

TEST(RunHostTrials, DownloadDirectionPullsEachCipherAndStillUploadsCompression) {
  FakeRunner runner;
  auto plan = generous(make_trial_plan(openssh_defaults(), std::make_shared<const std::string>("text")));
  plan.direction = TrialKind::download;
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_EQ(runner.specs.size(), 1u + 6u + 1u + 2u);
  for (std::size_t i : {1, 2, 3, 4, 8, 9}) {
    EXPECT_EQ(runner.specs[i].kind, TrialKind::download) << i;
    EXPECT_FALSE(runner.specs[i].compression) << i;
  }
  EXPECT_EQ(runner.specs[6].kind, TrialKind::upload);
  EXPECT_TRUE(runner.specs[6].compression);
}

// A survey whose first chacha20-poly1305 run moves `first_bytes` in its second (100 MB/s for the others).
Result<HostTrialReport> survey_with_chacha_disturbed(FakeRunner& runner, std::uint64_t first_bytes) {
  auto normal = runner.on_run;
  runner.on_run = [normal, first_bytes, chacha_runs = 0](const TrialSpec& spec) mutable {
    auto result = normal(spec);
    if (spec.cipher == "chacha20-poly1305@openssh.com" && !spec.compression && ++chacha_runs == 1) {
      result.value().bytes = first_bytes;
    }
    return result;
  };
  return run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
}

TEST(RunHostTrials, ADisturbedTrialIsRepeatedAndAStallLeftOut) {
  FakeRunner runner;
  auto report = survey_with_chacha_disturbed(runner, 10'000'000);  // under a quarter of 100 MB/s: a stall
  ASSERT_TRUE(report);
  ASSERT_EQ(runner.specs.back().cipher, "chacha20-poly1305@openssh.com");
  EXPECT_EQ(runner.specs.size(), 1u + 6u + 1u + 1u + 1u);  // rtt, ciphers, tools, compressed random, repeat
  for (const auto& trial : report.value().trials) {
    EXPECT_DOUBLE_EQ(mb_per_s(trial), 100) << trial.cipher;
  }
}

TEST(RunHostTrials, ADisturbedTrialThatDidNotStallStandsAtTheMeanOfItsRuns) {
  FakeRunner runner;
  auto report = survey_with_chacha_disturbed(runner, 40'000'000);  // under half of 100 MB/s, over a quarter
  ASSERT_TRUE(report);
  ASSERT_EQ(runner.specs.back().cipher, "chacha20-poly1305@openssh.com");
  for (const auto& trial : report.value().trials) {
    if (trial.cipher == "chacha20-poly1305@openssh.com" && !trial.compression) {
      EXPECT_DOUBLE_EQ(mb_per_s(trial), 70) << "the median of 40 and 100, not the better run";
    }
  }
}

TEST(RunHostTrials, RefusedAccessRunsNothing) {
  FakeRunner runner;
  runner.on_access = [] { return Result<AccessCheck>(Error{ErrorKind::remote, "h: HOST KEY CHANGED"}); };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message, "h: HOST KEY CHANGED");
  EXPECT_TRUE(runner.specs.empty());
}

TEST(RunHostTrials, AFailingCipherIsReportedAndSkipped) {
  FakeRunner runner;
  auto normal = runner.on_run;
  runner.on_run = [normal](const TrialSpec& spec) {
    if (spec.cipher == "aes256-ctr") {
      return Result<TrialResult>(Error{ErrorKind::remote, "h: no matching cipher"});
    }
    return normal(spec);
  };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_TRUE(report);
  ASSERT_EQ(report.value().failures.size(), 1u);
  EXPECT_EQ(report.value().failures[0].trial, "upload aes256-ctr");
  EXPECT_EQ(report.value().failures[0].message, "h: no matching cipher");
  EXPECT_EQ(report.value().trials.size(), 5u + 1u);  // the other uploads, one compressed
}

TEST(RunHostTrials, StopsAfterTwoConsecutiveFailuresAndKeepsEarlierResults) {
  FakeRunner runner;
  auto normal = runner.on_run;
  runner.on_run = [normal, calls = 0](const TrialSpec& spec) mutable {
    return ++calls <= 3 ? normal(spec) : Result<TrialResult>(Error{ErrorKind::remote, "h: connection lost"});
  };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_TRUE(report);
  EXPECT_EQ(report.value().trials.size(), 2u);
  EXPECT_EQ(report.value().failures.size(), 2u);
  EXPECT_EQ(runner.specs.size(), 5u);
  EXPECT_EQ(report.value().notes.back(), "stopped after two consecutive failed trials; h may be down");
}

TEST(RunHostTrials, CommandlessAccountDegradesWithANote) {
  FakeRunner runner;
  runner.on_run = [](const TrialSpec&) {
    return Result<TrialResult>(Error{ErrorKind::remote, "h: remote command ended at once"});
  };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_TRUE(report);
  EXPECT_EQ(runner.specs.size(), 1u);
  EXPECT_FALSE(report.value().rtt_seconds);
  EXPECT_FALSE(report.value().command_start_seconds) << "no remote command ran";
  EXPECT_EQ(report.value().notes.back(),
            "remote commands could not run, so throughput, compression and remote tools were not measured");
}

TEST(RunHostTrials, SkippedCompressionIsNotTimedAndItsShareOfTheBudgetIsNotSpent) {
  FakeRunner runner;  // instant trials at 100 MB/s
  auto plan = make_trial_plan(openssh_defaults(), std::make_shared<const std::string>("text"));
  plan.budget = std::chrono::seconds(4);
  plan.max_trial_time = std::chrono::seconds(10);  // slots follow the time left alone
  std::vector<double> asked;
  plan.skip_compression = [&asked](double fastest) -> std::optional<std::string> {
    asked.push_back(fastest);
    return "zlib is too slow";
  };
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(asked, (std::vector<double>{100}));
  ASSERT_EQ(runner.specs.size(), 1u + 6u + 1u);  // rtt, ciphers, tools
  for (const auto& spec : runner.specs) EXPECT_FALSE(spec.compression);
  EXPECT_EQ(report.value().notes.front(), "zlib is too slow");
  // After the tools 4 of 10 planned trials were left, 2 of them compressed, and the fake takes none of
  // the 4 s. The 2 ciphers left share half of it: 2 s less the overhead (50 ms) each time, 1 s then 2 s
  // (spent, the share would leave 4 s: 2 s then 4 s; kept for trials that never run: 1 s then 1.3 s).
  const auto slot = [](const TrialSpec& spec) { return (spec.warm_up_time + spec.time_cap).count(); };
  const auto& aes256 = runner.specs[runner.specs.size() - 2];
  const auto& aes192 = runner.specs.back();
  EXPECT_EQ(aes256.cipher, "aes256-ctr");
  EXPECT_EQ(aes192.cipher, "aes192-ctr");
  EXPECT_NEAR(slot(aes256), 950, 150);
  EXPECT_NEAR(slot(aes192), 1950, 150);
}

// Once skip_ciphers says every cipher moves the same, no further cipher is timed: the rest are listed
// as untimed, compression and the tools still run, and the time goes to them.
TEST(RunHostTrials, CiphersSettledByTheFirstTrialsAreLeftUntimed) {
  FakeRunner runner;
  auto plan = generous(make_trial_plan(openssh_defaults(), std::make_shared<const std::string>("text")));
  std::vector<std::size_t> asked;
  plan.skip_ciphers = [&asked](const std::vector<TrialResult>& timed,
                               std::optional<double> rtt) -> std::optional<std::string> {
    asked.push_back(timed.size());
    EXPECT_TRUE(rtt);
    return timed.size() == 2 ? std::optional<std::string>("the window sets the pace") : std::nullopt;
  };
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(asked, (std::vector<std::size_t>{0, 1, 2}));  // after the round trips, then each trial
  const auto& r = report.value();
  EXPECT_EQ(r.untimed_reason, "the window sets the pace");
  EXPECT_EQ(r.untimed_ciphers, (std::vector<std::string>(plan.ciphers.begin() + 2, plan.ciphers.end())));
  std::size_t timed = 0, compressed = 0;
  for (const auto& trial : r.trials) (trial.compression ? compressed : timed) += 1;
  EXPECT_EQ(timed, 2u);
  EXPECT_EQ(compressed, 2u);  // the sample and random data
  EXPECT_TRUE(r.tools);
  EXPECT_EQ(r.notes.front(), "cipher trials ended: the window sets the pace");
}

// When the round trip alone settles them, no cipher is timed (the user's ssh gives the figure): the
// tools still run on the round trips' shell, and with no figure to compare no compressed trial runs.
TEST(RunHostTrials, CiphersSettledByTheRoundTripAreAllLeftUntimed) {
  FakeRunner runner;
  auto plan = generous(make_trial_plan(openssh_defaults(), std::make_shared<const std::string>("text")));
  plan.skip_ciphers = [](const std::vector<TrialResult>& timed, std::optional<double>) -> std::optional<std::string> {
    EXPECT_TRUE(timed.empty());
    return "the window holds them all";
  };
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report) << report.error().message;
  const auto& r = report.value();
  EXPECT_TRUE(r.trials.empty());
  EXPECT_EQ(r.untimed_ciphers, plan.ciphers);
  EXPECT_TRUE(r.tools);
  EXPECT_TRUE(r.rtt_seconds);
  for (const auto& spec : runner.specs) EXPECT_NE(spec.kind, TrialKind::upload);
  EXPECT_EQ(r.notes.front(), "no cipher trial: the window holds them all");
}

TEST(RunHostTrials, NotesWhenTheServerRefusesCompression) {
  FakeRunner runner;
  auto server = openssh_defaults();
  server.compression_c2s = {"none"};
  auto report = run_host_trials(runner, generous(make_trial_plan(server, nullptr)), "h", runner.clock);
  ASSERT_TRUE(report);
  for (const auto& spec : runner.specs) {
    EXPECT_FALSE(spec.compression);
  }
  EXPECT_NE(std::find_if(report.value().notes.begin(), report.value().notes.end(),
                         [](const std::string& note) { return note.find("Compression no") != std::string::npos; }),
            report.value().notes.end());
}

// The verdict needs the round trip and one cipher's figure: a budget too small for anything still
// times them, then says what it cut.
TEST(RunHostTrials, TinyBudgetTimesWhatTheVerdictNeedsAndNotesTheRest) {
  FakeRunner runner;
  auto plan = make_trial_plan(openssh_defaults(), nullptr);
  plan.budget = std::chrono::milliseconds(1);
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report);
  ASSERT_GE(runner.specs.size(), 2u);
  EXPECT_EQ(runner.specs[0].kind, TrialKind::round_trips);
  EXPECT_EQ(runner.specs[1].cipher, plan.ciphers.front());
  EXPECT_EQ(report.value().trials.size(), 1u);
  EXPECT_EQ(report.value().notes, (Names{"time budget used up before upload " + plan.ciphers[1]}));
}

// rsync's abilities decide what to advise for rsync; a survey whose cipher trials ran long still asks.
TEST(RunHostTrials, TheRsyncProbeRunsWhenTheCipherTrialsUsedTheBudget) {
  FakeRunner runner;
  const auto fallback = runner.on_run;
  runner.on_run = [fallback, &runner](const TrialSpec& spec) {
    if (spec.kind == TrialKind::upload) runner.clock.advance(std::chrono::milliseconds(200));
    return fallback(spec);
  };
  auto plan = make_trial_plan(openssh_defaults(), nullptr);
  plan.budget = std::chrono::milliseconds(400);  // the round trips and a cipher or two
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report);
  const auto commands = std::count_if(runner.specs.begin(), runner.specs.end(),
                                      [](const TrialSpec& spec) { return spec.kind == TrialKind::command; });
  EXPECT_EQ(commands, 1);
  ASSERT_TRUE(report.value().tools);
  EXPECT_TRUE(report.value().tools->rsync_zstd);
  EXPECT_LT(report.value().trials.size(), plan.ciphers.size());  // the budget did cut the ciphers
}

// The tools command runs ahead of the round trips' echo, on the shell that starts anyway: a runner that
// answers there is not asked again.
TEST(RunHostTrials, TheRoundTripsShellPrintsTheRemoteTools) {
  FakeRunner runner;
  const auto fallback = runner.on_run;
  runner.on_run = [fallback](const TrialSpec& spec) {
    auto result = fallback(spec);
    if (spec.kind == TrialKind::round_trips && spec.remote.command == k_remote_tools_command) {
      result.value().output = testing::k_fake_rsync_version;
    }
    return result;
  };
  auto report = run_host_trials(runner, generous(make_trial_plan(openssh_defaults(), nullptr)), "h", runner.clock);
  ASSERT_TRUE(report);
  EXPECT_EQ(runner.specs.front().kind, TrialKind::round_trips);
  EXPECT_EQ(std::count_if(runner.specs.begin(), runner.specs.end(),
                          [](const TrialSpec& spec) { return spec.kind == TrialKind::command; }),
            0);
  ASSERT_TRUE(report.value().tools);
  EXPECT_TRUE(report.value().tools->rsync_zstd);
}

// A remote shell's start-up is no trial's time: set-up the runner reports moves the survey's deadline.
TEST(RunHostTrials, SetUpTimeMovesTheDeadline) {
  FakeRunner runner;
  const auto fallback = runner.on_run;
  runner.on_run = [fallback, &runner](const TrialSpec& spec) {
    if (spec.kind == TrialKind::upload) {
      runner.clock.advance(std::chrono::milliseconds(200));  // all of it set-up, say a slow rc file
      runner.setup += std::chrono::milliseconds(200);
    }
    return fallback(spec);
  };
  auto plan = make_trial_plan(openssh_defaults(), nullptr);
  plan.budget = std::chrono::milliseconds(400);  // without the move: the round trips and a cipher or two
  auto report = run_host_trials(runner, plan, "h", runner.clock);
  ASSERT_TRUE(report);
  std::size_t uploads = 0;
  for (const auto& trial : report.value().trials) uploads += trial.kind == TrialKind::upload ? 1 : 0;
  EXPECT_GE(uploads, plan.ciphers.size());
  EXPECT_GE(report.value().outside_budget, std::chrono::milliseconds(200) * static_cast<long>(plan.ciphers.size()));
}

TrialResult streamed(std::uint64_t bytes, double start, double end, bool server_clock = true) {
  TrialResult result;
  result.bytes = bytes;
  result.seconds = end - start;
  result.span = TrialResult::Span{start, end, server_clock};
  return result;
}

TEST(AggregateRate, ConcurrentSessionsAreAllTheirBytesOverTheWholeSpan) {
  // Two sessions of 100 MB in 1 s each, the second starting as the first ends: 100 MB/s together,
  // not the 200 MB/s their own rates add up to.
  EXPECT_DOUBLE_EQ(aggregate_mb_per_s({streamed(100'000'000, 10, 11), streamed(100'000'000, 11, 12)}), 100);
  EXPECT_DOUBLE_EQ(aggregate_mb_per_s({streamed(100'000'000, 10, 11), streamed(100'000'000, 10, 11)}), 200);
}

TEST(AggregateRate, WindowHeldSessionsAddTheirRatesOverStaggeredWarmUps) {
  // Each held by its window at 34 MB/s; their warm-ups ended 0.5 s apart, all ended together. The union
  // of their spans (0.8 s) would count the stagger as time nobody streamed: 46.75 MB/s, not 68.
  const std::vector<TrialResult> sessions = {streamed(27'200'000, 10.0, 10.8), streamed(10'200'000, 10.5, 10.8)};
  EXPECT_NEAR(aggregate_mb_per_s(sessions, SessionSharing::independent), 68, 1e-9);
  EXPECT_NEAR(aggregate_mb_per_s(sessions, SessionSharing::shared), 46.75, 1e-9);
  // Spans that never overlap streamed one after the other, whatever held them.
  EXPECT_DOUBLE_EQ(
      aggregate_mb_per_s({streamed(100'000'000, 10, 11), streamed(100'000'000, 11, 12)}, SessionSharing::independent),
      100);
}

TEST(AggregateRate, WithoutSpansOnOneClockTheRatesAreAdded) {
  TrialResult unrecorded = streamed(50'000'000, 0, 1);
  unrecorded.span.reset();
  EXPECT_DOUBLE_EQ(aggregate_mb_per_s({streamed(100'000'000, 10, 11), unrecorded}), 150);
  EXPECT_DOUBLE_EQ(aggregate_mb_per_s({streamed(100'000'000, 10, 11), streamed(50'000'000, 500, 501, false)}), 150);
  EXPECT_DOUBLE_EQ(aggregate_mb_per_s({}), 0);
}

}  // namespace
}  // namespace sshtune::probes
