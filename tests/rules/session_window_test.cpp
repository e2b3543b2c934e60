// Which window binds one session each way: OpenSSH's channel window or a TCP buffer on either end, with
// hpn-ssh on the server and with the server's buffers unknown; and the verdict's words for each.
#include "rules/decision.hpp"
#include "rules/session_window.hpp"
#include "tests/rules/rules_fixtures.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sshtune::rules {
namespace {

using testing::all_reasons;
using testing::catalog;
using testing::has_reason;

constexpr double k_mib = 1024 * 1024;
constexpr TransferDirection k_up = TransferDirection::upload;
constexpr TransferDirection k_down = TransferDirection::download;

// Linux's default limits on both ends: tcp_rmem's maximum 6 MiB (3 MiB of window), tcp_wmem's 4 MiB.
HostFacts linux_defaults() {
  HostFacts facts;
  facts.path.local_tcp = {6 * k_mib, 4 * k_mib};
  facts.path.server_tcp = {6 * k_mib, 4 * k_mib};
  return facts;
}

SessionWindow window(const HostFacts& facts, TransferDirection direction, const Policy& policy = {}) {
  const auto found = session_window(facts, direction, policy);
  EXPECT_TRUE(found);
  return found.value_or(SessionWindow{});
}

TEST(SessionWindow, WithLinuxDefaultsTheChannelWindowBindsBothWays) {
  for (const auto direction : {k_up, k_down}) {
    const SessionWindow w = window(linux_defaults(), direction);
    EXPECT_EQ(w.limit, WindowLimit::channel);
    EXPECT_DOUBLE_EQ(w.bytes, 2 * k_mib);
    EXPECT_TRUE(w.local_known && w.server_known);
    EXPECT_EQ(window_name(w), "OpenSSH's 2 MiB channel window");
  }
  EXPECT_EQ(window_lift(window(linux_defaults(), k_up), k_up),
            "parallel sessions, or hpn-ssh on the server, get past it");
  EXPECT_EQ(window_lift(window(linux_defaults(), k_down), k_down),
            "parallel sessions, or hpn-ssh on this machine, get past it");
}

TEST(SessionWindow, ASmallServerReceiveBufferBindsUploadsNotDownloads) {
  HostFacts facts = linux_defaults();
  facts.path.server_tcp.receive_max = 2 * k_mib;
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::server_receive);
  EXPECT_DOUBLE_EQ(up.bytes, 1 * k_mib);
  EXPECT_DOUBLE_EQ(up.buffer_max, 2 * k_mib);
  EXPECT_DOUBLE_EQ(up.advised_max, 16 * k_mib);
  EXPECT_EQ(window_name(up), "the server's TCP receive buffer (1 MiB of window from tcp_rmem's maximum, 2 MiB)");
  EXPECT_EQ(window_lift(up, k_up),
            "on the server, sysctl -w net.ipv4.tcp_rmem='4096 131072 16777216' lifts it (in /etc/sysctl.d/ to keep "
            "it), as do parallel sessions");
  EXPECT_EQ(window(facts, k_down).limit, WindowLimit::channel);
}

TEST(SessionWindow, ASmallSendBufferHereBindsUploadsNotDownloads) {
  HostFacts facts = linux_defaults();
  facts.path.local_tcp.send_max = 1 * k_mib;
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::local_send);
  EXPECT_DOUBLE_EQ(up.bytes, 1 * k_mib);
  EXPECT_EQ(window_name(up), "this machine's TCP send buffer (tcp_wmem's maximum, 1 MiB)");
  EXPECT_EQ(window_lift(up, k_up),
            "here, sysctl -w net.ipv4.tcp_wmem='4096 16384 16777216' lifts it (in /etc/sysctl.d/ to keep it), as do "
            "parallel sessions");
  EXPECT_EQ(window(facts, k_down).limit, WindowLimit::channel);
}

TEST(SessionWindow, DownloadsMeetTheServersSendAndThisMachinesReceiveBuffers) {
  HostFacts facts = linux_defaults();
  facts.path.server_tcp.send_max = 1 * k_mib;
  EXPECT_EQ(window(facts, k_down).limit, WindowLimit::server_send);
  facts.path.local_tcp.receive_max = 1.5 * k_mib;  // 768 KiB of window: less than the server's 1 MiB
  const SessionWindow down = window(facts, k_down);
  EXPECT_EQ(down.limit, WindowLimit::local_receive);
  EXPECT_EQ(window_name(down),
            "this machine's TCP receive buffer (768 KiB of window from tcp_rmem's maximum, 1.5 MiB)");
  EXPECT_EQ(window(facts, k_up).limit, WindowLimit::channel);
}

TEST(SessionWindow, UnknownServerBuffersLeaveTheOthersAndSaySo) {
  HostFacts facts = linux_defaults();
  facts.path.server_tcp = {};
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::channel);
  EXPECT_TRUE(up.local_known);
  EXPECT_FALSE(up.server_known);
  facts.path.local_tcp.send_max = 1 * k_mib;
  EXPECT_EQ(window(facts, k_up).limit, WindowLimit::local_send);
  const auto reasons = window_reasons(session_windows(facts, Policy{}), k_up);
  ASSERT_EQ(reasons.size(), 2u);
  EXPECT_EQ(reasons[0],
            "uploads are held by this machine's TCP send buffer (tcp_wmem's maximum, 1 MiB) (the server's TCP buffers "
            "could not be read): here, sysctl -w net.ipv4.tcp_wmem='4096 16384 16777216' lifts it (in /etc/sysctl.d/ "
            "to keep it), as do parallel sessions");
  EXPECT_EQ(reasons[1],
            "downloads are held by OpenSSH's 2 MiB channel window (the server's TCP buffers could not be read): "
            "parallel sessions, or hpn-ssh on this machine, get past it");
}

TEST(SessionWindow, AnHpnServerIsHeldByTcpForUploadsAndByTheChannelForDownloads) {
  HostFacts facts = linux_defaults();
  facts.offer.server_is_hpn = true;
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::server_receive);  // 3 MiB of the server's 6 MiB, under 4 MiB sent from here
  EXPECT_DOUBLE_EQ(up.bytes, 3 * k_mib);
  EXPECT_EQ(window(facts, k_down).limit, WindowLimit::channel);
  facts.path.server_tcp.receive_max = 32 * k_mib;  // 16 MiB of window: this machine's 4 MiB send buffer binds
  EXPECT_EQ(window(facts, k_up).limit, WindowLimit::local_send);
}

TEST(SessionWindow, AnHpnServerWithNoBufferKnownHasNoWindowForUploads) {
  HostFacts facts;
  facts.offer.server_is_hpn = true;
  EXPECT_FALSE(session_window(facts, k_up, Policy{}));
  EXPECT_EQ(window_reasons(session_windows(facts, Policy{}), k_up)[0],
            "uploads: no window is known (hpn-ssh's follows TCP's, unread)");
  facts.path.local_tcp.send_max = 4 * k_mib;
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::local_send);
  EXPECT_FALSE(up.server_known);
}

TEST(SessionWindow, TheAdviceDoublesAMaximumAlreadyPastThePolicys) {
  HostFacts facts = linux_defaults();
  facts.offer.server_is_hpn = true;
  facts.path.local_tcp.send_max = 64 * k_mib;
  facts.path.server_tcp.receive_max = 32 * k_mib;
  const SessionWindow up = window(facts, k_up);
  EXPECT_EQ(up.limit, WindowLimit::server_receive);
  EXPECT_DOUBLE_EQ(up.advised_max, 64 * k_mib);
  facts.path.local_tcp.send_max = facts.path.server_tcp.receive_max = 2147483647;
  EXPECT_EQ(window(facts, k_up).limit, WindowLimit::server_receive);
  EXPECT_DOUBLE_EQ(window(facts, k_up).advised_max, 2147483647) << "never past what the kernel holds";
}

TEST(SessionWindow, TheUsableShareAndTiesFollowThePolicy) {
  HostFacts facts = linux_defaults();
  facts.path.server_tcp.receive_max = 4 * k_mib;  // half of it: exactly the channel window, which is named
  EXPECT_EQ(window(facts, k_up).limit, WindowLimit::channel);
  Policy quarter;
  quarter.tcp_receive_share = 0.25;
  EXPECT_EQ(window(facts, k_up, quarter).limit, WindowLimit::server_receive);
  EXPECT_DOUBLE_EQ(window(facts, k_up, quarter).bytes, 1 * k_mib);
}

// The verdict: a 100 ms path whose sessions each move 1 MiB per round trip, 8 at once eight times that.
HostFacts held_at_one_mib() {
  HostFacts facts = linux_defaults();
  facts.host = "h";
  facts.survey.trials = {{"aes128-gcm@openssh.com", 10.2}, {"aes256-gcm@openssh.com", 10.1}};
  facts.offer.client_ciphers = facts.offer.server_ciphers =
      facts.offer.current_ciphers = {"aes128-gcm@openssh.com", "aes256-gcm@openssh.com"};
  facts.path.rtt_seconds = 0.1;
  facts.openssh.parallel_trials = {{2, 20.3}, {4, 40.1}, {8, 80.4}};
  return facts;
}

TEST(WindowVerdict, StockBuffersAtOneMibPerRoundTripAreNotTheWindow) {
  HostFacts facts = held_at_one_mib();
  facts.path.rtt_seconds = 0.04;  // under [window] long_rtt_ms: one session's figure shows whether it reaches
  facts.survey.trials = {{"aes128-gcm@openssh.com", 20.4}, {"aes256-gcm@openssh.com", 20.2}};
  facts.openssh.parallel_trials = {{2, 40.6}, {4, 80.2}, {8, 160.8}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::link) << "2 MiB / 40 ms is 2.6 times what one session moved: " << all_reasons(d);
}

TEST(WindowVerdict, OnALongPathParallelSessionsDecideWhateverOneSessionMoved) {
  const auto d = decide(held_at_one_mib(), catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "OpenSSH's 2 MiB channel window allows 21 MB/s per session at an RTT of 100 ms, and one "
                         "session moves 49% of it in a trial shorter than TCP's slow start takes to open it (about 8 "
                         "round trips)"))
      << all_reasons(d);
}

TEST(WindowVerdict, TheServersReceiveBufferIsNamedWithTheSettingThatLiftsIt) {
  HostFacts facts = held_at_one_mib();
  facts.path.server_tcp.receive_max = 2 * k_mib;
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  ASSERT_TRUE(d.windows.upload);
  EXPECT_EQ(d.windows.upload->limit, WindowLimit::server_receive);
  EXPECT_TRUE(has_reason(d,
                         "the server's TCP receive buffer (1 MiB of window from tcp_rmem's maximum, 2 MiB) allows "
                         "10 MB/s per session at an RTT of 100 ms, and one session reaches it"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "uploads are held by the server's TCP receive buffer (1 MiB of window from tcp_rmem's "
                         "maximum, 2 MiB): on the server, sysctl -w net.ipv4.tcp_rmem='4096 131072 16777216' lifts "
                         "it (in /etc/sysctl.d/ to keep it), as do parallel sessions"))
      << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "downloads are held by OpenSSH's 2 MiB channel window: parallel sessions, or hpn-ssh on this "
                         "machine, get past it"))
      << all_reasons(d);
}

TEST(WindowVerdict, MeasuredDownloadsAreNamedFirstWithTheirOwnWindow) {
  HostFacts facts = held_at_one_mib();
  facts.path.direction = TransferDirection::download;
  facts.path.local_tcp.receive_max = 2 * k_mib;
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  const auto at = std::find_if(d.reasons.begin(), d.reasons.end(),
                               [](const std::string& r) { return r.starts_with("downloads are held by"); });
  ASSERT_NE(at, d.reasons.end()) << all_reasons(d);
  EXPECT_EQ(*at,
            "downloads are held by this machine's TCP receive buffer (1 MiB of window from tcp_rmem's maximum, 2 MiB): "
            "here, sysctl -w net.ipv4.tcp_rmem='4096 131072 16777216' lifts it (in /etc/sysctl.d/ to keep it), as do "
            "parallel sessions");
  ASSERT_NE(at + 1, d.reasons.end());
  EXPECT_TRUE((at + 1)->starts_with("uploads are held by OpenSSH's 2 MiB channel window")) << all_reasons(d);
}

TEST(WindowVerdict, WithTheServersBuffersUnknownTheChannelWindowStillBindsAndItIsSaid) {
  HostFacts facts = held_at_one_mib();
  facts.path.server_tcp = {};
  facts.survey.trials = {{"aes128-gcm@openssh.com", 20.1}, {"aes256-gcm@openssh.com", 20.0}};
  facts.openssh.parallel_trials = {{2, 40.2}, {4, 80.1}};
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::window) << all_reasons(d);
  EXPECT_TRUE(has_reason(d,
                         "uploads are held by OpenSSH's 2 MiB channel window (the server's TCP buffers could not be "
                         "read): parallel sessions, or hpn-ssh on the server, get past it"))
      << all_reasons(d);
}

TEST(WindowVerdict, APathThatIsNotWindowBoundNamesNoWindow) {
  HostFacts facts = held_at_one_mib();
  facts.openssh.parallel_trials = {{2, 10.3}};
  facts.path.server_tcp.receive_max = 2 * k_mib;
  const auto d = decide(facts, catalog(), Policy{}).value();
  EXPECT_EQ(d.bottleneck, Bottleneck::link);
  EXPECT_TRUE(std::none_of(d.reasons.begin(), d.reasons.end(), [](const std::string& r) {
    return r.starts_with("uploads are held by");
  })) << all_reasons(d);
  ASSERT_TRUE(d.windows.upload) << "the windows are known whatever the verdict";
  EXPECT_EQ(d.windows.upload->limit, WindowLimit::server_receive);
}

}  // namespace
}  // namespace sshtune::rules
