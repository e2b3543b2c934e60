// The OpenSSH-client trials against a real sshd, through the real `ssh`.
#include "probes/openssh/openssh_command.hpp"
#include "probes/openssh/make_openssh_runner.hpp"
#include "probes/openssh/openssh_stream.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

#include <poll.h>

#include <regex>
#include <thread>

namespace sshtune::probes {
namespace {

// Every run of a run_in_turn: the first turns, then the runs timed again.
std::vector<Result<probes::TrialResult>> all_runs(const probes::OpensshRunner::TurnRuns& runs) {
  auto all = runs.first;
  all.insert(all.end(), runs.retimed.begin(), runs.retimed.end());
  return all;
}

class OpensshRunnerTest : public testing::SshdProbeTest {
 protected:
  static probes::TrialSpec upload(const std::string& cipher, bool compression = false) {
    probes::TrialSpec spec;
    spec.kind = probes::TrialKind::upload;
    spec.cipher = cipher;
    spec.compression = compression;
    spec.warm_up_bytes = 32u << 20;  // host's floor (tuner/host/schedule.cpp): past a new session's slow start
    spec.byte_cap = 64u << 20;
    spec.time_cap = std::chrono::milliseconds(400);
    spec.warm_up_time = std::chrono::milliseconds(1000);
    return spec;
  }
};

TEST(OpensshRemoteCommand, AFastUploadIsCountedByOneReaderAndASlowOneTimedOnTheServer) {
  probes::TrialSpec spec;
  spec.warm_up_bytes = 1024;
  EXPECT_EQ(probes::openssh_remote_command(spec),
            "printf SSH-TUNE-READY; head -c 1024 >/dev/null && date +%s.%N && wc -c && date +%s.%N");
  EXPECT_EQ(probes::upload_warm_up(spec), 1024u);
  spec.openssh.file_input = true;  // what ssh reads ahead of its turn is warm-up too: 16 MiB more
  EXPECT_EQ(probes::openssh_remote_command(spec), "printf SSH-TUNE-READY; exec wc -c");
  EXPECT_EQ(probes::upload_warm_up(spec), 16778240u);
  spec.kind = probes::TrialKind::download;
  spec.byte_cap = 4096;
  EXPECT_EQ(probes::openssh_remote_command(spec),
            "printf SSH-TUNE-READY; head -c 1 | grep -q g && exec head -c 5120 /dev/zero");
}

TEST(OpensshRemoteCommand, TheServersCountIsOneNumber) {
  EXPECT_EQ(probes::server_count("52428800\n"), 52428800u);
  EXPECT_EQ(probes::server_count("   52428800\n"), 52428800u);  // a BSD wc pads its count
  EXPECT_FALSE(probes::server_count(""));
  EXPECT_FALSE(probes::server_count("100.25\n52428800\n"));
  EXPECT_FALSE(probes::server_count("-5\n"));
}

TEST(OpensshRemoteCommand, ServerIntervalNeedsTwoIncreasingTimes) {
  const auto interval = probes::server_interval("100.25\n52428800\n101.75\n");
  ASSERT_TRUE(interval);
  EXPECT_DOUBLE_EQ(interval->seconds, 1.5);
  EXPECT_EQ(interval->bytes, 52428800u);
  EXPECT_TRUE(probes::server_interval("100.25\n   52428800\n101.75\n"));  // a BSD wc pads its count
  EXPECT_FALSE(probes::server_interval("100.25\n101.75\n"));
  EXPECT_FALSE(probes::server_interval("1764.%N\n10\n1765.%N\n"));  // a date without %N
  EXPECT_FALSE(probes::server_interval("5\n10\n4\n"));
}

TEST(OpensshTrialArgv, PinsCipherAndCompressionAfterTheUsersOptions) {
  probes::OpensshTarget target;
  target.options = {"-F", "/c"};
  target.session_options = {"-T"};
  target.destination = "web";
  probes::TrialSpec spec;
  spec.cipher = "aes128-ctr";
  spec.compression = true;
  const auto argv = probes::openssh_trial_argv(target, spec);
  ASSERT_GE(argv.size(), 10u);
  EXPECT_EQ((std::vector<std::string>(argv.begin(), argv.begin() + 9)),
            (std::vector<std::string>{"ssh", "-F", "/c", "-T", "-o", "Compression=yes", "-c", "aes128-ctr", "--"}));
  EXPECT_EQ(argv[9], "web");
}

TEST_F(OpensshRunnerTest, UploadsInTurnWithTheRealClient) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  const auto results =
      runner->run_in_turn({upload("aes128-gcm@openssh.com"), upload("chacha20-poly1305@openssh.com")}).first;
  ASSERT_EQ(results.size(), 2u);
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result.value().client, probes::TrialClient::openssh);
    EXPECT_GT(result.value().bytes, 1u << 20);
    EXPECT_GT(result.value().seconds, 0.0);
    EXPECT_GT(probes::mb_per_s(result.value()), 5.0);
    ASSERT_TRUE(result.value().setup_s) << "the remote command's start was seen";
    EXPECT_GT(*result.value().setup_s, 0.0);
    EXPECT_LT(*result.value().setup_s, 10.0);  // the target's timeout
  }
  EXPECT_EQ(sshd->log().find("[preauth]"), std::string::npos) << sshd->log();
}

// A turn skipped on the figures before it never streams: its result is the reason, and its session ends
// logged in (no [preauth] close), while the turns around it stream as usual.
TEST_F(OpensshRunnerTest, ATurnSkippedOnTheFiguresBeforeItNeverStreams) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  std::vector<std::size_t> seen;
  const auto skip = [&](std::size_t index, const std::vector<Result<probes::TrialResult>>& before) {
    seen.push_back(before.size());
    const bool first_moved = !before.empty() && before.front() && before.front().value().bytes > 0;
    return index == 1 && first_moved ? std::optional<std::string>("the first one settled it") : std::nullopt;
  };
  const auto runs = runner->run_in_turn({upload("aes128-gcm@openssh.com"), upload("aes128-gcm@openssh.com", true),
                                         upload("chacha20-poly1305@openssh.com")},
                                        {}, skip);
  EXPECT_EQ(runs.skipped,
            (std::vector<std::optional<std::string>>{std::nullopt, "the first one settled it", std::nullopt}));
  const auto& results = runs.first;
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2}));
  ASSERT_TRUE(results[0]) << results[0].error().message;
  ASSERT_FALSE(results[1]);
  EXPECT_EQ(results[1].error().message, "the first one settled it");
  ASSERT_TRUE(results[2]) << results[2].error().message;
  EXPECT_GT(results[2].value().bytes, 1u << 20);
  EXPECT_EQ(sshd->log().find("[preauth]"), std::string::npos) << sshd->log();
}

// The phase end bounds the streams; the connections' set-up (a login shell's rc files) moves it later.
TEST_F(OpensshRunnerTest, TrialsInTurnKeepToTheirPhaseEndAfterTheirSetUp) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  std::vector<probes::TrialSpec> specs{upload("aes128-gcm@openssh.com"), upload("chacha20-poly1305@openssh.com")};
  const auto start = std::chrono::steady_clock::now();
  for (auto& spec : specs) {
    spec.byte_cap = std::uint64_t{1} << 40;  // time-bound, as the confirmation's trials
    spec.time_cap = std::chrono::seconds(3);
    spec.openssh.phase_end = start + std::chrono::seconds(2);
  }
  const auto results = runner->run_in_turn(specs).first;
  double streamed = 0;
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_LT(result.value().seconds, 1.5);  // not the 3 s each would stream unfitted
    EXPECT_GT(result.value().seconds,
              0.2);  // nor cut to nothing by the set-up (0.37 s seen: warm-ups and exits run over)
    streamed += result.value().seconds;
  }
  EXPECT_LT(streamed, 2.0);  // two unfitted 3 s streams would take 6 s
}

// A memory file does not pace ssh as a pipe does: each upload must still stream only in its turn.
TEST_F(OpensshRunnerTest, UploadsFromMemoryFilesStreamOnlyInTheirTurn) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  std::vector<probes::TrialSpec> specs{upload("aes128-gcm@openssh.com"), upload("chacha20-poly1305@openssh.com"),
                                       upload("aes256-gcm@openssh.com")};
  for (auto& spec : specs) {
    spec.openssh.file_input = true;
    spec.byte_cap = std::uint64_t{1} << 40;  // time-bound
    spec.time_cap = std::chrono::milliseconds(300);
  }
  const auto results = runner->run_in_turn(specs).first;
  ASSERT_EQ(results.size(), 3u);
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    ASSERT_TRUE(result.value().span && !result.value().span->server_clock);  // timed here: one remote reader
    EXPECT_GT(result.value().bytes, 0u);  // what is asserted is the turns; a PVM VM's sshd can stall for 0.3 s
  }
  for (std::size_t i = 1; i < results.size(); ++i) {
    EXPECT_LE(results[i - 1].value().span->end, results[i].value().span->start)
        << "trial " << i << " overlapped the one before";
  }
  EXPECT_EQ(sshd->log().find("[preauth]"), std::string::npos) << sshd->log();
}

// A memory file's upload is timed again on its own session (no new login, no start cost: its session
// was past its start); a pipe's upload, which cannot pause, on a new one.
TEST_F(OpensshRunnerTest, ATrialTimedAgainStreamsOnItsOwnSessionWhenItReadsAMemoryFile) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  std::vector<probes::TrialSpec> specs{upload("aes128-gcm@openssh.com"), upload("chacha20-poly1305@openssh.com")};
  specs[0].openssh.file_input = true;
  specs[0].byte_cap = std::uint64_t{1} << 40;  // time-bound
  specs[0].time_cap = std::chrono::milliseconds(300);
  std::size_t first_results = 0;
  const auto runs = runner->run_in_turn(specs, [&](const std::vector<Result<probes::TrialResult>>& first) {
    first_results = first.size();
    return probes::OpensshRunner::TimeAgain{{1, 0}, std::chrono::milliseconds(100), {}};
  });
  EXPECT_EQ(first_results, 2u);
  EXPECT_EQ(runs.again.chosen, (std::vector<std::size_t>{1, 0}));
  const auto results = all_runs(runs);
  ASSERT_EQ(results.size(), 4u);
  for (const auto& result : results) ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(results[2].value().cipher, "chacha20-poly1305@openssh.com");
  EXPECT_EQ(results[3].value().cipher, "aes128-gcm@openssh.com");
  EXPECT_GT(results[3].value().bytes, 0u);
  EXPECT_LT(results[3].value().seconds, 0.28) << "timed again for 100 ms, not its spec's 300";
  EXPECT_TRUE(results[0].value().start_s);
  EXPECT_FALSE(results[3].value().start_s) << "a second turn on the same session has no start to measure";
  ASSERT_TRUE(results[0].value().span && results[3].value().span);
  EXPECT_LE(results[0].value().span->end, results[3].value().span->start);
  sshd->stop();  // so its log is complete
  EXPECT_EQ(testing::count_of(sshd->log(), "Accepted publickey"), 3)
      << "two sessions, and one new for the pipe's upload";
  EXPECT_EQ(sshd->log().find("[preauth]"), std::string::npos) << sshd->log();
}

// A session lost while its ssh was paused: the later turn fails, and with it the first figure, which no
// server count can vouch for any more.
TEST_F(OpensshRunnerTest, AStreamWhoseLaterTurnFailsLosesItsFirstFigureToo) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com");
  spec.openssh.file_input = true;
  spec.byte_cap = std::uint64_t{1} << 40;  // time-bound
  spec.time_cap = std::chrono::milliseconds(300);
  const auto results = all_runs(runner->run_in_turn({spec}, [&](const std::vector<Result<probes::TrialResult>>& first) {
    EXPECT_TRUE(first.at(0)) << first.at(0).error().message;
    sshd->kill_all();
    return probes::OpensshRunner::TimeAgain{{0}, std::nullopt, {}};
  }));
  ASSERT_EQ(results.size(), 2u);
  EXPECT_FALSE(results[1]);
  EXPECT_FALSE(results[0]) << "no server count vouches for the first turn";
}

TEST_F(OpensshRunnerTest, AMemoryFileOfPayloadFeedsACompressedUpload) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com", true);
  spec.openssh.file_input = true;
  spec.payload = std::make_shared<const std::string>(std::string(1 << 20, 'a'));
  const auto results = runner->run_in_turn({spec}).first;
  ASSERT_TRUE(results[0]) << results[0].error().message;
  EXPECT_GT(results[0].value().bytes, 1u << 20);
}

TEST_F(OpensshRunnerTest, CompressedUploadCarriesThePayload) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com", true);
  spec.payload = std::make_shared<const std::string>(std::string(1 << 20, 'a'));
  const auto results = runner->run_in_turn({spec}).first;
  ASSERT_TRUE(results[0]) << results[0].error().message;
  EXPECT_TRUE(results[0].value().compression);
  EXPECT_GT(results[0].value().bytes, 1u << 20);
}

TEST_F(OpensshRunnerTest, ParallelStreamsRunTogether) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  for (const bool file_input : {false, true}) {  // a parallel step's sessions all read one kind of input
    auto spec = upload("aes128-gcm@openssh.com");
    spec.byte_cap = 1ull << 40;                       // time-bound, long enough to overlap on a loaded machine
    spec.time_cap = std::chrono::milliseconds(2000);  // past a new session's slow start (0.6 s seen)
    spec.openssh.file_input = file_input;
    const auto results = runner->run_together({spec, spec, spec});
    ASSERT_EQ(results.size(), 3u);
    double latest_start = 0;
    double earliest_end = 1e300;
    for (const auto& result : results) {
      ASSERT_TRUE(result) << result.error().message;
      EXPECT_GT(result.value().bytes, 0u);
      // What TCP counted on each ssh's own connection, read while it still held it (process_tcp_sample).
      ASSERT_TRUE(result.value().tcp) << "file input: " << file_input;
      EXPECT_GT(result.value().tcp->segments_out * result.value().tcp->mss_bytes, result.value().bytes / 2);
      EXPECT_FALSE(result.value().tcp->congestion.empty());
      ASSERT_TRUE(result.value().span && result.value().span->server_clock == !file_input);
      latest_start = std::max(latest_start, result.value().span->start);
      earliest_end = std::min(earliest_end, result.value().span->end);
    }
    EXPECT_LT(latest_start, earliest_end)
        << "the streams did not run at the same time (file input: " << file_input << ")";
  }
}

// Counts the sessions sshd let in so far.
int logins(const testing::SshdFixture& sshd) { return testing::count_of(sshd.log(), "Accepted publickey"); }

TEST_F(OpensshRunnerTest, EightSessionsConnectStaggeredPastAStrictMaxStartups) {
  auto* sshd = start_sshd({"MaxStartups 5"});  // a sixth unauthenticated connection is dropped
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com");
  spec.warm_up_bytes = 1u << 20;
  spec.time_cap = std::chrono::milliseconds(300);
  const auto results = runner->run_together(std::vector<probes::TrialSpec>(8, spec));
  for (const auto& result : results) EXPECT_TRUE(result) << result.error().message;
  EXPECT_EQ(logins(*sshd), 8);
}

TEST_F(OpensshRunnerTest, PreparedSessionsStreamTheNextRunOfTheirSetting) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com");
  spec.warm_up_bytes = 1u << 20;
  spec.time_cap = std::chrono::milliseconds(300);
  runner->prepare({spec, spec, spec});
  auto other = spec;
  other.cipher = "aes256-ctr";  // not prepared: a session of its own
  const auto results = runner->run_together({spec, spec, other});
  for (const auto& result : results) EXPECT_TRUE(result) << result.error().message;
  EXPECT_EQ(results[2].value().cipher, "aes256-ctr");
  EXPECT_EQ(logins(*sshd), 4) << "two prepared sessions streamed, the third ended unused, one more for aes256-ctr";
  runner->prepare({spec, spec});  // never used: ended once they are in, never dropped before authenticating
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // (those not started yet never start)
  runner.reset();
  EXPECT_EQ(sshd->log().find("[preauth]"), std::string::npos) << sshd->log();
}

TEST_F(OpensshRunnerTest, DownloadsCountWhatArrivesAfterTheWarmUp) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = upload("aes128-gcm@openssh.com");
  spec.kind = probes::TrialKind::download;
  spec.byte_cap = 32u << 20;
  const auto results = runner->run_in_turn({spec}).first;
  ASSERT_TRUE(results[0]) << results[0].error().message;
  EXPECT_EQ(results[0].value().kind, probes::TrialKind::download);
  EXPECT_GT(results[0].value().bytes, 1u << 20);
  EXPECT_LE(results[0].value().bytes, 32u << 20);
}

// Reads `stream`'s outputs for `period`, or until `enough` download bytes have come.
void read_for(probes::OpensshStream& stream, std::chrono::milliseconds period,
              std::uint64_t enough = ~std::uint64_t{0}) {
  const auto end = std::chrono::steady_clock::now() + period;
  while (std::chrono::steady_clock::now() < end && stream.received() < enough) {
    pollfd fds[]{{stream.stdout_fd(), POLLIN, 0}, {stream.stderr_fd(), POLLIN, 0}};
    ::poll(fds, 2, 20);
    stream.read_stderr();
    if (!stream.read_stdout()) return;
  }
}

// A pre-opened download whose remote side sent at once would share the link with the trial in turn and
// then time its own buffered window as throughput: it must send nothing before it is released.
TEST_F(OpensshRunnerTest, ADownloadSendsNothingBeforeItsTurn) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto spec = upload("aes128-gcm@openssh.com");
  spec.kind = probes::TrialKind::download;
  auto stream = probes::OpensshStream::start(openssh_target_for(*sshd), spec, system_clock());
  ASSERT_TRUE(stream) << stream.error().message;
  probes::OpensshStream& download = *stream.value();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!download.ready() && std::chrono::steady_clock::now() < deadline)
    read_for(download, std::chrono::milliseconds(20));
  ASSERT_TRUE(download.ready()) << download.failure("no marker").message;
  read_for(download, std::chrono::milliseconds(300));
  EXPECT_EQ(download.received(), 0u);
  download.release();
  read_for(download, std::chrono::seconds(5), 1u << 20);
  EXPECT_GE(download.received(), 1u << 20) << download.failure("too little").message;
}

TEST_F(OpensshRunnerTest, AnUnknownCipherFailsWithSshsMessage) {
  auto* sshd = start_sshd({"Ciphers aes128-ctr"});
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  const auto results = runner->run_in_turn({upload("chacha20-poly1305@openssh.com")}).first;
  ASSERT_FALSE(results[0]);
  EXPECT_TRUE(std::regex_search(results[0].error().message, std::regex("^sshtune-test: ssh: .*no matching cipher")))
      << results[0].error().message;
}

TEST_F(OpensshRunnerTest, AMissingClientIsAnErrorNotACrash) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto target = openssh_target_for(*sshd);
  target.program = "/nonexistent/ssh";
  const auto results = probes::make_openssh_runner(target, system_clock(), MeasureTiming{})
                           ->run_in_turn({upload("aes128-gcm@openssh.com")})
                           .first;
  ASSERT_FALSE(results[0]);
  EXPECT_EQ(results[0].error().message,
            "sshtune-test: cannot run the OpenSSH client: /nonexistent/ssh: No such file or directory");
}

}  // namespace
}  // namespace sshtune::probes
