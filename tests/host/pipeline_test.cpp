#include "tests/host/host_fixtures.hpp"
#include "tuner/host/pipeline.hpp"
#include "tuner/host/render.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

class HostPipeline : public ::testing::Test {
 protected:
  HostPipeline() {
    m_request.host = "web";
    m_request.overrides.config_file =
        m_dir.write("config", "Host web\n  HostName 10.0.0.5\n  Port 2222\n  User deploy\n  Ciphers aes256-ctr\n")
            .string();
    testing::script_speeds(
        m_world.runner, {{"aes128-gcm@openssh.com", 300}, {"aes256-ctr", 150}, {"chacha20-poly1305@openssh.com", 200}});
    testing::script_client_speeds(
        m_world.client, {{"aes128-gcm@openssh.com", 250}, {"aes256-ctr", 120}, {"chacha20-poly1305@openssh.com", 180}});
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
  HostRequest m_request;
};

TEST_F(HostPipeline, ResolveReadsTheHostsConfigAsSshWould) {
  const auto resolved = resolve_host(m_request, *m_env.client);
  ASSERT_TRUE(resolved) << resolved.error().message;
  EXPECT_EQ(resolved.value().target.hostname, "10.0.0.5");
  EXPECT_EQ(resolved.value().target.port, 2222);
  EXPECT_EQ(resolved.value().target.user, "deploy");
  EXPECT_EQ(resolved.value().current_ciphers, (std::vector<std::string>{"aes256-ctr"}));
  EXPECT_FALSE(resolved.value().current_compression);
}

TEST_F(HostPipeline, ResolveNamesTheFileOfABadConfig) {
  const auto bad = m_dir.write("bad", "Host web\n  Ciphers nonsense-cipher\n");
  m_request.overrides.config_file = bad.string();
  const auto resolved = resolve_host(m_request, *m_env.client);
  ASSERT_FALSE(resolved);
  EXPECT_EQ(resolved.error().message, bad.string() + ":2: Bad SSH2 cipher spec 'nonsense-cipher'.");
}

TEST_F(HostPipeline, TuneMeasuresDecidesAndCachesOnce) {
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_TRUE(outcome) << outcome.error().message;
  const CachedHost& entry = outcome.value().entry;
  EXPECT_FALSE(outcome.value().from_cache);
  EXPECT_EQ(entry.decision.ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_EQ(entry.decision.current_cipher, "aes256-ctr");
  EXPECT_GE(entry.measured_unix, 1'790'000'000) << "stamped on the environment's clock";
  EXPECT_LE(entry.measured_unix, m_world.clock.unix_seconds());
  EXPECT_EQ(entry.target, "10.0.0.5:2222");
  EXPECT_EQ(m_world.saves, 1);
  EXPECT_EQ(m_world.cache.at("web").decision.ciphers, entry.decision.ciphers);
  EXPECT_GT(outcome.value().elapsed_s, 0);
}

TEST_F(HostPipeline, NoHashSpeedIsMeasuredWithoutParallelAdvice) {
  // Sessions that share one CPU: two move what one does, and no parallel advice follows.
  testing::script_client_speeds(
      m_world.client, {{"aes128-gcm@openssh.com", 250}, {"aes256-ctr", 120}, {"chacha20-poly1305@openssh.com", 180}},
      0.5);
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_FALSE(outcome.value().entry.decision.parallel);
  EXPECT_EQ(outcome.value().hash_mb_per_s, std::nullopt);
  EXPECT_EQ(m_world.hash_runs, 0);
}

TEST_F(HostPipeline, ASecondRunReusesTheCacheWithoutConnecting) {
  ASSERT_TRUE(tune_host(m_request, m_env));
  const int made = m_world.runners_made;
  const auto again = tune_host(m_request, m_env);
  ASSERT_TRUE(again);
  EXPECT_TRUE(again.value().from_cache);
  EXPECT_EQ(m_world.runners_made, made);
  EXPECT_EQ(m_world.saves, 1);
}

TEST_F(HostPipeline, FreshOrAnotherQuestionMeasuresAgain) {
  ASSERT_TRUE(tune_host(m_request, m_env));
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const CachedHost cached = m_world.cache.at("web");
  EXPECT_TRUE(reuse_cached(m_request, resolved, cached, *m_env.client));
  HostRequest fresh = m_request;
  fresh.fresh = true;
  EXPECT_FALSE(reuse_cached(fresh, resolved, cached, *m_env.client));
  HostRequest download = m_request;
  download.direction = Direction::download;
  EXPECT_FALSE(reuse_cached(download, resolved, cached, *m_env.client));
  HostRequest sample = m_request;
  sample.sample_path = "/data/set";
  EXPECT_FALSE(reuse_cached(sample, resolved, cached, *m_env.client));
  CachedHost other_client = cached;
  other_client.client_version = "OpenSSH_10.0p1";
  EXPECT_FALSE(reuse_cached(m_request, resolved, other_client, *m_env.client));
}

TEST_F(HostPipeline, TheSurveysLogInAndFirstCommandAreAWholeCopysSetUp) {
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_TRUE(outcome.value().entry.session_setup_s) << "the round trips ran the first remote command";
  EXPECT_GE(*outcome.value().entry.session_setup_s, 0);
  EXPECT_EQ(m_world.cache.at("web").session_setup_s, outcome.value().entry.session_setup_s);
}

// Where your ssh's sessions said how long they took to start their command, a whole copy's set-up is
// theirs (the median over the confirmation's trials), not the survey's libssh log-in.
TEST_F(HostPipeline, YourSshsOwnLogInIsAWholeCopysSetUp) {
  m_world.client.on_run = [](const probes::TrialSpec& spec, std::size_t together) {
    auto result = testing::client_trial(spec, 300);
    result.value().setup_s = together > 1 ? 9.0 : 0.6;  // a parallel step's sessions are not the copy's
    return result;
  };
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_TRUE(outcome) << outcome.error().message;
  ASSERT_TRUE(outcome.value().entry.session_setup_s);
  EXPECT_DOUBLE_EQ(*outcome.value().entry.session_setup_s, 0.6);
}

TEST_F(HostPipeline, TheCopyIsTheSizeGivenElseTheSamplesElseAGibibyte) {
  EXPECT_EQ(copy_size(m_request).value().bytes, k_standard_copy_bytes);
  EXPECT_EQ(copy_size(m_request).value().from, CopySize::From::standard);
  HostRequest sample = m_request;
  sample.sample_path = m_dir.write("data/a", std::string(3000, 'a')).parent_path().string();
  m_dir.write("data/b", std::string(500, 'b'));
  EXPECT_EQ(copy_size(sample).value().bytes, 3500u);
  EXPECT_EQ(copy_size(sample).value().from, CopySize::From::sample);
  sample.copy_bytes = 4'000'000'000;
  EXPECT_EQ(copy_size(sample).value().bytes, 4'000'000'000u);
  EXPECT_EQ(copy_size(sample).value().from, CopySize::From::size_flag);
  sample.copy_bytes.reset(), sample.sample_path = (m_dir.path() / "nope").string();
  EXPECT_EQ(copy_size(sample).error().message, (m_dir.path() / "nope").string() + ": no such file or directory");
}

TEST_F(HostPipeline, ACachedVerdictTimesANewSizeWithoutMeasuring) {
  ASSERT_TRUE(tune_host(m_request, m_env));
  const int made = m_world.runners_made;
  HostRequest bigger = m_request;
  bigger.copy_bytes = 4'000'000'000;
  const auto again = tune_host(bigger, m_env);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_TRUE(again.value().from_cache);
  EXPECT_EQ(m_world.runners_made, made);
  EXPECT_EQ(again.value().copy.bytes, 4'000'000'000u);
  EXPECT_EQ(again.value().copy.from, CopySize::From::size_flag);
}

TEST_F(HostPipeline, AFailingTrialIsRecordedAndTheRestDecide) {
  auto normal = m_world.runner.on_run;
  m_world.runner.on_run = [normal](const probes::TrialSpec& spec) -> Result<probes::TrialResult> {
    if (spec.cipher == "aes128-gcm@openssh.com") return Error{ErrorKind::remote, "web: channel closed"};
    return normal(spec);
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env);
  ASSERT_TRUE(measurement) << measurement.error().message;
  ASSERT_EQ(measurement.value().failures.size(), 1u);
  EXPECT_EQ(measurement.value().failures[0], "upload aes128-gcm@openssh.com: web: channel closed");
  const auto decision = decide_host(measurement.value(), m_env);
  ASSERT_TRUE(decision);
  EXPECT_NE(decision.value().ciphers.front(), "aes128-gcm@openssh.com");
}

TEST_F(HostPipeline, ARefusedHostKeyStopsThePipelineAndCachesNothing) {
  m_world.runner.on_access = [] {
    return Result<probes::AccessCheck>(Error{ErrorKind::remote, "web: host key is not known"});
  };
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().message, "web: host key is not known");
  EXPECT_EQ(m_world.saves, 0);
}

TEST_F(HostPipeline, ASilentServerStopsThePipelineBeforeAnyTrial) {
  m_env.fetch_server = [](const probes::RemoteTarget&) {
    return Result<probes::ServerAlgorithms>(
        Error{ErrorKind::remote, "10.0.0.5:2222: TCP connected, but the server sent no SSH banner within 10 s"});
  };
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().message, "10.0.0.5:2222: TCP connected, but the server sent no SSH banner within 10 s");
  EXPECT_TRUE(m_world.runner.specs.empty());  // no trial waits for the same timeout a second time
  EXPECT_EQ(m_world.saves, 0);
}

TEST_F(HostPipeline, AServerSilentToTheControlSessionIsNeverAskedAgain) {
  m_world.runner.on_access = [] {
    return Result<probes::AccessCheck>(Error{ErrorKind::remote, "web: Timeout connecting to 10.0.0.5"});
  };
  const auto outcome = tune_host(m_request, m_env);
  ASSERT_FALSE(outcome);
  EXPECT_EQ(outcome.error().message, "web: Timeout connecting to 10.0.0.5");
  EXPECT_EQ(m_world.kexinit_grabs, 0);
  EXPECT_TRUE(m_world.runner.specs.empty());
  EXPECT_EQ(m_world.saves, 0);
}

TEST_F(HostPipeline, AMalformedServerOfferIsANoteAndTheTrialsRun) {
  m_env.fetch_server = [](const probes::RemoteTarget&) {
    return Result<probes::ServerAlgorithms>(
        Error{ErrorKind::invalid_input, "10.0.0.5:2222: packet_length 9 is too short"});
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env);
  ASSERT_TRUE(measurement) << measurement.error().message;
  EXPECT_EQ(m_world.runners_made, 1);
  ASSERT_FALSE(measurement.value().notes.empty());
  EXPECT_EQ(measurement.value().notes.front(),
            "server algorithms not read (10.0.0.5:2222: packet_length 9 is too short); trying every libssh cipher");
}

TEST_F(HostPipeline, GatherRecordsTheServerOfferAndTheCompressedTrials) {
  m_env.compression_speeds = [](const std::string&) {  // zlib faster than the link: compression may pay
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 400, 900, 1u << 20}};
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_EQ(measurement.server.ciphers_c2s, testing::openssh_defaults().ciphers_c2s);
  EXPECT_TRUE(measurement.facts.offer.server_offers_compression);
  EXPECT_DOUBLE_EQ(*measurement.facts.local.zlib_mb_per_s, 400);
  EXPECT_DOUBLE_EQ(*measurement.facts.survey.compressed_sample_mb_per_s, 20);
  EXPECT_DOUBLE_EQ(*measurement.facts.survey.compressed_random_mb_per_s, 20);
  ASSERT_TRUE(measurement.facts.path.rtt_seconds);
  EXPECT_NEAR(*measurement.facts.path.rtt_seconds, 0.002, 1e-12);
}

// This machine's TCP limits and the server's (read by the survey's remote command) reach the facts, the
// verdict's windows and the cache entry; a second run answered from the cache names the same windows.
TEST_F(HostPipeline, BothEndsTcpLimitsReachTheFactsTheWindowsAndTheCache) {
  m_env.local_tcp = [] { return probes::TcpBufferLimits{6291456, 4194304}; };
  auto scripted = m_world.runner.on_run;
  m_world.runner.on_run = [scripted](const probes::TrialSpec& spec) {
    auto result = scripted(spec);
    if (spec.kind == probes::TrialKind::command)
      result.value().output += "/proc/sys/net/ipv4/tcp_rmem:4096\t131072\t2097152\n";
    return result;
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_EQ(measurement.facts.path.local_tcp.receive_max, 6291456);
  EXPECT_EQ(measurement.facts.path.local_tcp.send_max, 4194304);
  EXPECT_EQ(measurement.facts.path.server_tcp.receive_max, 2097152);
  EXPECT_FALSE(measurement.facts.path.server_tcp.send_max) << "its tcp_wmem was not printed: unknown";
  const auto measured = tune_host(m_request, m_env);
  ASSERT_TRUE(measured) << measured.error().message;
  EXPECT_EQ(measured.value().entry.server_tcp.receive_max, 2097152);
  const auto& windows = measured.value().entry.decision.windows;
  ASSERT_TRUE(windows.upload && windows.download);
  EXPECT_EQ(windows.upload->limit, rules::WindowLimit::server_receive);  // 1 MiB of window, under the channel's 2
  EXPECT_EQ(windows.download->limit, rules::WindowLimit::channel);
  EXPECT_FALSE(windows.download->server_known);
  const auto cached = tune_host(m_request, m_env);
  ASSERT_TRUE(cached && cached.value().from_cache);
  EXPECT_EQ(cached.value().entry.decision.windows.upload, windows.upload);
  EXPECT_EQ(cached.value().entry.local_tcp.send_max, 4194304);
}

bool any_compressed(const testing::FakeRunner& runner) {
  return std::any_of(runner.specs.begin(), runner.specs.end(),
                     [](const probes::TrialSpec& spec) { return spec.compression; });
}

TEST_F(HostPipeline, TheSurveySkipsCompressionThatCannotPayAndSaysWhy) {
  // zlib here compresses 40 MB/s; the survey moves 300 MB/s without compression.
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_FALSE(any_compressed(m_world.runner));
  EXPECT_FALSE(measurement.facts.survey.compressed_sample_mb_per_s);
  EXPECT_NE(std::find(measurement.notes.begin(), measurement.notes.end(),
                      "compressed trials skipped: zlib compresses your data at 40 MB/s on this CPU, under the 300 MB/s "
                      "already moved without compression (to pay it must move 1.25x that)"),
            measurement.notes.end());
  const auto decision = decide_host(measurement, m_env);
  ASSERT_TRUE(decision) << decision.error().message;
  EXPECT_FALSE(decision.value().compression);
}

TEST_F(HostPipeline, ZlibUnderTheBestIsNeitherTimedNorConfirmed) {
  // 280 MB/s against the survey's 300: a compressed upload would have to move 375, and zlib here is its
  // ceiling.
  m_env.compression_speeds = [](const std::string&) {
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 280, 900, 1u << 20}};
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_FALSE(any_compressed(m_world.runner));
  ASSERT_FALSE(measurement.facts.openssh.trials.empty());
  for (const auto& trial : measurement.facts.openssh.trials) EXPECT_FALSE(trial.compression) << "nor with your ssh";
}

TEST_F(HostPipeline, CompressionCloseToTheBestIsTimedByTheSurveyAndNotConfirmedOnAModel) {
  m_env.compression_speeds = [](const std::string&) {  // 320 MB/s: past the survey's 300, short of 375
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 320, 900, 1u << 20}};
  };
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_TRUE(any_compressed(m_world.runner));
  EXPECT_DOUBLE_EQ(*measurement.facts.survey.compressed_sample_mb_per_s, 20);
  for (const auto& trial : measurement.facts.openssh.trials) EXPECT_FALSE(trial.compression) << "20 MB/s is far behind";
}

TEST_F(HostPipeline, ADownloadSurveyKeepsItsCompressedTrials) {
  m_request.direction = Direction::download;  // compressed by the server's CPU, which this one does not bound
  const auto resolved = resolve_host(m_request, *m_env.client).value();
  gather_facts(m_request, resolved, m_env).value();
  EXPECT_TRUE(any_compressed(m_world.runner));
}

TEST_F(HostPipeline, CompressionInEffectNowIsTimedEvenWhenItCannotPay) {
  auto resolved = resolve_host(m_request, *m_env.client).value();
  resolved.current_compression = true;
  const auto measurement = gather_facts(m_request, resolved, m_env).value();
  EXPECT_TRUE(any_compressed(m_world.runner));
  EXPECT_DOUBLE_EQ(*measurement.facts.survey.compressed_sample_mb_per_s, 20);
}

TEST_F(HostPipeline, RenderGivesEverySnippet) {
  const auto outcome = tune_host(m_request, m_env).value();
  const auto snippets = render_snippets(outcome);
  ASSERT_TRUE(snippets) << snippets.error().message;
  for (const char* key : {"ssh_config", "rsync", "scp", "sftp", "ssh"}) {
    ASSERT_TRUE(snippets.value().contains(key)) << key;
    EXPECT_NE(snippets.value().at(key).find("aes128-gcm@openssh.com"), std::string::npos) << key;
  }
}

}  // namespace
}  // namespace sshtune::host
