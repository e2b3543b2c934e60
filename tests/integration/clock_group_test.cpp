// OpenSSH trials timed on the clock (OpensshFeed::clock_warm_up) against a real sshd, through the real `ssh`:
// each session's count is what its TCP connection delivered over one stretch, whatever its warm-up bytes.
#include "probes/openssh/make_openssh_runner.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace sshtune::probes {
namespace {

using std::chrono::milliseconds;

class ClockGroupTest : public testing::SshdProbeTest {
 protected:
  // A pipe upload on the clock whose warm-up bytes are never reached: timed by its bytes, it would fail.
  static TrialSpec on_clock(TrialKind kind = TrialKind::upload) {
    TrialSpec spec;
    spec.kind = kind;
    spec.cipher = "aes128-gcm@openssh.com";
    spec.warm_up_bytes = 1ull << 40;
    spec.byte_cap = 1ull << 40;
    spec.time_cap = milliseconds(400);
    spec.warm_up_time = milliseconds(1000);
    spec.openssh.clock_warm_up = milliseconds(300);
    return spec;
  }

  static double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(system_clock().now() - start).count();
  }
};

TEST_F(ClockGroupTest, SessionsTogetherAreCountedOverOneStretch) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  const auto results = runner->run_together({on_clock(), on_clock(), on_clock()});
  const TrialResult* first = nullptr;
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    const TrialResult& r = result.value();
    EXPECT_GT(r.bytes, 1u << 20);
    EXPECT_EQ(r.wire_bytes, r.bytes);
    EXPECT_GE(r.seconds, 0.39);  // the stretch: stream_time, rounded up to whole round trips
    ASSERT_TRUE(r.span && !r.span->server_clock);
    ASSERT_TRUE(r.tcp && r.start_s);
    // What the connection carried in all covers what was counted in the stretch.
    EXPECT_GE(r.tcp->bytes_acked, r.bytes);
    if (first == nullptr) first = &r;
    EXPECT_NEAR(r.span->start, first->span->start, 0.05) << "one stretch for the group";
    EXPECT_NEAR(r.span->end, first->span->end, 0.05);
  }
}

TEST_F(ClockGroupTest, AFirstTurnOnTheClockAndACompressedOneByItsBytes) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto compressed = on_clock();
  compressed.compression = true;  // its connection carries less than its payload: timed by its bytes
  compressed.warm_up_bytes = 1u << 20;
  compressed.byte_cap = 8u << 20;
  const auto started = system_clock().now();
  const auto runs = runner->run_in_turn({on_clock(), compressed});
  ASSERT_TRUE(runs.first[0]) << runs.first[0].error().message;
  EXPECT_FALSE(runs.first[0].value().span->server_clock);
  EXPECT_GT(runs.first[0].value().bytes, 1u << 20);
  ASSERT_TRUE(runs.first[1]) << runs.first[1].error().message;
  EXPECT_TRUE(runs.first[1].value().span->server_clock) << "a compressed pipe upload is the server's count";
  EXPECT_LT(seconds_since(started), 20);
}

TEST_F(ClockGroupTest, ADownloadCountsWhatItsConnectionReceived) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto runner = make_openssh_runner(openssh_target_for(*sshd), system_clock(), MeasureTiming{});
  auto spec = on_clock(TrialKind::download);
  spec.warm_up_bytes = 1u << 20;  // the remote side sends warm-up and cap: both reachable
  const auto results = runner->run_together({spec, spec});
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_GT(result.value().bytes, 1u << 20);
    EXPECT_GE(result.value().tcp->bytes_received, result.value().bytes);
  }
}

// Through a ProxyCommand ssh holds no TCP connection of its own: the group is timed by its bytes.
TEST_F(ClockGroupTest, WithoutATcpConnectionTheGroupIsTimedByItsBytes) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  const std::string proxy = "ProxyCommand=ssh -F " + sshd->ssh_config().string() +
                            " -W 127.0.0.1:" + std::to_string(sshd->port()) + " " + testing::SshdFixture::host_alias();
  auto runner = make_openssh_runner(openssh_target_for(*sshd, {"-o", proxy}), system_clock(), MeasureTiming{});
  auto spec = on_clock();
  spec.warm_up_bytes = 1u << 20;
  const auto results = runner->run_together({spec, spec});
  for (const auto& result : results) {
    ASSERT_TRUE(result) << result.error().message;
    EXPECT_TRUE(result.value().span->server_clock) << "the server's count of a pipe upload";
  }
}

}  // namespace
}  // namespace sshtune::probes
