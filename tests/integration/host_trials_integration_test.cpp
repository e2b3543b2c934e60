#include "probes/core/host_trials.hpp"
#include "probes/core/remote_kexinit.hpp"
#include "probes/libssh/libssh_runner.hpp"
#include "probes/core/server_algorithms.hpp"
#include "probes/core/tcp_buffers.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <iostream>
#include <optional>
#include <thread>

namespace sshtune::testing {
namespace {

class HostTrialsIntegration : public SshdProbeTest {
 protected:
  // A short upload trial: enough to prove data flows, cheap enough to run for every cipher.
  static probes::TrialSpec quick_upload(const std::string& cipher, const std::vector<std::string>& macs) {
    probes::TrialSpec spec;
    spec.cipher = cipher;
    spec.mac = probes::mac_for_cipher(cipher, macs);
    spec.byte_cap = 8u << 20;
    spec.time_cap = std::chrono::milliseconds(300);
    return spec;
  }
  // The trial plan for the server's algorithms (no sample); none after a failed assertion.
  static std::optional<probes::HostTrialPlan> plan_for(const probes::RemoteTarget& target) {
    auto server = probes::fetch_server_algorithms(target, system_clock());
    EXPECT_TRUE(server) << (server ? "" : server.error().message);
    if (!server) return std::nullopt;
    return probes::make_trial_plan(server.value(), nullptr);
  }
  bool logged_in() const { return m_sshd->log().find("Accepted publickey") != std::string::npos; }

  // A started sshd, its target and its trial plan; none after a failed assertion.
  struct Planned {
    SshdFixture* sshd;
    probes::RemoteTarget target;
    probes::HostTrialPlan plan;
  };
  std::optional<Planned> start_planned() {
    auto* sshd = start_sshd();
    EXPECT_NE(sshd, nullptr);
    if (sshd == nullptr) return std::nullopt;
    auto target = target_for(*sshd);
    auto plan = plan_for(target);
    if (!plan) return std::nullopt;
    return Planned{sshd, std::move(target), std::move(*plan)};
  }
};

TEST_F(HostTrialsIntegration, EveryCipherTheServerOffersRuns) {
  const auto planned = start_planned();
  ASSERT_TRUE(planned);
  const auto& [sshd, target, plan] = *planned;
  ASSERT_GE(plan.ciphers.size(), 5u);
  auto runner = probes::make_libssh_runner(target, system_clock());
  for (const auto& cipher : plan.ciphers) {
    auto result = runner->run(quick_upload(cipher, plan.macs));
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result.value().cipher, cipher);
    EXPECT_GT(result.value().bytes, 0u);
    std::cout << "  upload " << cipher << " (" << result.value().mac << "): " << mb_per_s(result.value()) << " MB/s\n";
  }
}

TEST_F(HostTrialsIntegration, TwoConnectionsCarryEveryTrialByRekeying) {
  const auto planned = start_planned();
  ASSERT_TRUE(planned);
  const auto& [sshd, target, plan] = *planned;
  auto runner = probes::make_libssh_runner(target, system_clock());
  ASSERT_TRUE(runner->check_access());
  // Back and forth, and compression toggled on a cipher already in effect.
  for (const auto& cipher : std::vector<std::string>{plan.ciphers[0], plan.ciphers[1], plan.ciphers[0]}) {
    for (const bool compression : {false, true}) {
      probes::TrialSpec spec = quick_upload(cipher, plan.macs);
      spec.compression = compression;
      auto result = runner->run(spec);
      ASSERT_TRUE(result) << result.error().message;
      EXPECT_EQ(result.value().cipher, cipher);
      EXPECT_EQ(result.value().compression, compression);
      const double wire_per_payload =
          static_cast<double>(result.value().wire_bytes) / static_cast<double>(result.value().bytes);
      EXPECT_EQ(wire_per_payload < 0.2, compression) << cipher << " wire/payload " << wire_per_payload;
    }
  }
  // The access check's control session, and two connections that take turns for the six trials.
  EXPECT_EQ(count_of(sshd->log(), "Accepted publickey"), 3) << sshd->log();
}

// connect_ahead's connection opens while round trips run, and the first trial with its algorithms
// streams on it: no third login. A runner dropped while one still opens waits for it, then closes it.
TEST_F(HostTrialsIntegration, AConnectionOpenedAheadCarriesTheFirstTrial) {
  const auto planned = start_planned();
  ASSERT_TRUE(planned);
  const auto& [sshd, target, plan] = *planned;
  const probes::TrialSpec first = quick_upload(plan.ciphers.front(), plan.macs);
  auto runner = probes::make_libssh_runner(target, system_clock());
  ASSERT_TRUE(runner->check_access());
  runner->connect_ahead(first);
  probes::TrialSpec pings;
  pings.kind = probes::TrialKind::round_trips;
  pings.remote.round_trips = 3;
  ASSERT_TRUE(runner->run(pings));
  // Logged in before the trial asks for it.
  const auto patience = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (count_of(sshd->log(), "Accepted publickey") < 2 && std::chrono::steady_clock::now() < patience) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(count_of(sshd->log(), "Accepted publickey"), 2) << sshd->log();
  auto result = runner->run(first);
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(result.value().cipher, first.cipher);
  EXPECT_GT(result.value().bytes, 0u);
  // The access check's control session and the connection opened ahead.
  EXPECT_EQ(count_of(sshd->log(), "Accepted publickey"), 2) << sshd->log();

  const auto closed_before = count_of(sshd->log(), "[preauth]");  // plan_for's read of the server's offer
  auto dropped = probes::make_libssh_runner(target, system_clock());
  ASSERT_TRUE(dropped->check_access());
  dropped->connect_ahead(first);
  dropped.reset();
  // It logged in before it closed: a close before authenticating is what sshd's penalties count.
  const auto logged = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (count_of(sshd->log(), "Accepted publickey") < 4 && std::chrono::steady_clock::now() < logged) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(count_of(sshd->log(), "Accepted publickey"), 4) << sshd->log();
  EXPECT_EQ(count_of(sshd->log(), "[preauth]"), closed_before) << sshd->log();
}

// libssh starts a time-based rekey only a second after the last one it recorded; the switches keep
// themselves unrecorded, so a connection's second switch starts at once (it waited ~0.9 s here before,
// in a trial of ~15 ms; 0.75 s leaves a loaded machine room for the switch and the quiesce).
TEST_F(HostTrialsIntegration, AConnectionSwitchesAgainWithoutWaitingASecond) {
  const auto planned = start_planned();
  ASSERT_TRUE(planned);
  const auto& [sshd, target, plan] = *planned;
  ASSERT_GE(plan.ciphers.size(), 3u);
  auto runner = probes::make_libssh_runner(target, system_clock());
  ASSERT_TRUE(runner->check_access());
  // Two connections take turns: trials 1 and 2 open them, 3 and 4 are each one's first switch, 5 and 6
  // its second.
  const auto& c = plan.ciphers;
  const std::vector<std::string> order{c[0], c[1], c[2], c[0], c[1], c[2]};
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto started = std::chrono::steady_clock::now();
    auto result = runner->run(quick_upload(order[i], plan.macs));
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_EQ(result.value().cipher, order[i]);
    const double besides_streaming =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count() - result.value().seconds;
    if (i >= 2) {
      EXPECT_LT(besides_streaming, 0.75) << "trial " << i + 1 << ", " << order[i];
    }
  }
}

TEST_F(HostTrialsIntegration, FullRunMeasuresEverything) {
  auto* sshd = start_sshd({"Ciphers aes128-gcm@openssh.com,aes128-ctr"});
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);
  auto server = probes::fetch_server_algorithms(target, system_clock());
  ASSERT_TRUE(server) << server.error().message;
  auto sample = std::make_shared<const std::string>(std::string(2u << 20, 'a'));
  auto plan = probes::make_trial_plan(server.value(), sample);
  plan.budget = std::chrono::seconds(30);  // generous: every step must run even on a busy machine
  plan.max_trial_time = std::chrono::milliseconds(500);
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = probes::run_host_trials(*runner, plan, describe(target), system_clock());
  ASSERT_TRUE(report) << report.error().message;
  for (const auto& failure : report.value().failures) {
    ADD_FAILURE() << failure.trial << ": " << failure.message;
  }
  ASSERT_TRUE(report.value().rtt_seconds.has_value());
  std::cout << "  rtt " << *report.value().rtt_seconds * 1e3 << " ms, elapsed " << report.value().elapsed_seconds
            << " s\n";
  for (const auto& trial : report.value().trials) {
    std::cout << "  " << (trial.kind == probes::TrialKind::download ? "download " : "upload ") << trial.cipher
              << (trial.compression ? " +zlib" : "") << ": " << mb_per_s(trial) << " MB/s, " << trial.bytes
              << " bytes (" << trial.wire_bytes << " on the wire) in " << trial.seconds << " s\n";
  }
  for (const auto& note : report.value().notes) {
    std::cout << "  note: " << note << "\n";
  }
  EXPECT_EQ(report.value().access.host_key_type, "ssh-ed25519");
  EXPECT_TRUE(report.value().access.host_key_fingerprint.starts_with("SHA256:"));
  EXPECT_EQ(report.value().access.auth_method, target.identity_files.front().string());
  EXPECT_EQ(report.value().trials.size(), plan.ciphers.size() + 2);  // + two compressed uploads
  ASSERT_TRUE(report.value().tools.has_value());
  EXPECT_TRUE(report.value().tools->rsync_version.has_value());
}

// The survey's one remote command also reads the server's TCP buffer limits: on 127.0.0.1 the server's
// /proc is this machine's, so both ends' figures agree.
TEST_F(HostTrialsIntegration, TheServersTcpBufferLimitsComeWithRsyncsVersion) {
  const probes::TcpBufferLimits here = probes::read_tcp_buffer_limits();
  if (!here.receive_max || !here.send_max) GTEST_SKIP() << "no /proc/sys/net/ipv4/tcp_rmem and tcp_wmem here";
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  const auto target = target_for(*sshd);
  auto plan = plan_for(target);
  ASSERT_TRUE(plan);
  plan->ciphers.clear();  // no trials: the remote command alone
  plan->measure_compression = false;
  auto runner = probes::make_libssh_runner(target, system_clock());
  auto report = probes::run_host_trials(*runner, *plan, describe(target), system_clock());
  ASSERT_TRUE(report) << report.error().message;
  ASSERT_TRUE(report.value().tools.has_value());
  EXPECT_EQ(report.value().tools->tcp.receive_max, here.receive_max);
  EXPECT_EQ(report.value().tools->tcp.send_max, here.send_max);
  std::cout << "  server tcp_rmem max " << *report.value().tools->tcp.receive_max << ", tcp_wmem max "
            << *report.value().tools->tcp.send_max << "\n";
}

// The round trips' shell runs a command ahead of its echo; later round trips reuse the echo.
TEST_F(HostTrialsIntegration, TheRoundTripsShellRunsACommandAheadOfItsEcho) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_libssh_runner(target_for(*sshd), system_clock());
  ASSERT_TRUE(runner->check_access());
  probes::TrialSpec pings;
  pings.kind = probes::TrialKind::round_trips;
  pings.remote.round_trips = 3;
  pings.remote.command = "cat; printf 'before the echo\\n'";  // its `cat` reads nothing: the echo's input is not its
  auto first = runner->run(pings);
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ(first.value().output, "before the echo\n");
  EXPECT_EQ(first.value().round_trip_seconds.size(), 3u);
  auto again = runner->run(pings);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again.value().output, "");  // the echo was open: the command did not run again
}

TEST_F(HostTrialsIntegration, CompressionShrinksZerosButNotRandomData) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_libssh_runner(target_for(*sshd), system_clock());
  auto spec = quick_upload("aes128-gcm@openssh.com", {});
  spec.compression = true;
  auto zeros = runner->run(spec);
  ASSERT_TRUE(zeros) << zeros.error().message;
  EXPECT_LT(zeros.value().wire_bytes * 10, zeros.value().bytes);
  std::string noise(1u << 20, '\0');
  std::uint32_t state = 1;
  for (auto& c : noise) {
    state = state * 1664525u + 1013904223u;
    c = static_cast<char>(state >> 24);
  }
  spec.payload = std::make_shared<const std::string>(std::move(noise));
  auto random = runner->run(spec);
  ASSERT_TRUE(random) << random.error().message;
  EXPECT_GT(random.value().wire_bytes, random.value().bytes);
}

TEST_F(HostTrialsIntegration, DownloadAndRoundTripsWork) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = probes::make_libssh_runner(target_for(*sshd), system_clock());
  // Pulls switch ciphers on the same connection too.
  for (const char* cipher : {"aes128-gcm@openssh.com", "aes128-ctr", "chacha20-poly1305@openssh.com"}) {
    probes::TrialSpec download;
    download.kind = probes::TrialKind::download;
    download.cipher = cipher;
    download.mac = probes::mac_for_cipher(cipher, {"hmac-sha2-256-etm@openssh.com"});
    download.byte_cap = 16u << 20;
    auto downloaded = runner->run(download);
    ASSERT_TRUE(downloaded) << downloaded.error().message;
    EXPECT_EQ(downloaded.value().cipher, cipher);
    EXPECT_GE(downloaded.value().bytes, 1u);
    std::cout << "  download " << cipher << ": " << mb_per_s(downloaded.value()) << " MB/s\n";
  }
  probes::TrialSpec echo;
  echo.kind = probes::TrialKind::round_trips;
  echo.remote.round_trips = 5;
  auto trips = runner->run(echo);
  ASSERT_TRUE(trips) << trips.error().message;
  EXPECT_EQ(trips.value().round_trip_seconds.size(), 5u);
  // Later round trips keep the echo channel: no remote shell starts again, so no set-up is added. The
  // gate runs with the channel up; declining it ends the trial without an exchange.
  const auto setup = runner->setup_time();
  int gate_calls = 0;
  echo.remote.before_round_trips = [&] { return ++gate_calls, false; };
  auto declined = runner->run(echo);
  ASSERT_TRUE(declined) << declined.error().message;
  EXPECT_EQ(gate_calls, 1);
  EXPECT_TRUE(declined.value().round_trip_seconds.empty());
  echo.remote.before_round_trips = nullptr;
  auto again = runner->run(echo);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again.value().round_trip_seconds.size(), 5u);
  EXPECT_EQ(runner->setup_time(), setup);
}

}  // namespace
}  // namespace sshtune::testing
