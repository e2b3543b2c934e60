// ExecChannel's view of the server's channel window against a real sshd: the bytes the server has not
// passed on to the remote command, and the wait until it has.
#include "probes/libssh_channel.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

using std::chrono::steady_clock;

class LibsshChannelTest : public SshdProbeTest {};

TEST_F(LibsshChannelTest, DataTheCommandHasNotReadIsUnconsumedUntilItReadsIt) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto session = LibsshSession::open(target_for(*sshd), SessionAlgorithms{});
  ASSERT_TRUE(session) << session.error().message;
  // The command reads nothing for a second: sshd holds what arrives (a pipe takes 64 KiB of it).
  auto channel = ExecChannel::open(*session.value(), "printf SSH-TUNE-READY; sleep 1; exec cat >/dev/null",
                                   std::chrono::seconds(10));
  ASSERT_TRUE(channel) << channel.error().message;
  ASSERT_TRUE(channel.value()->wait_for_marker());
  EXPECT_EQ(channel.value()->unconsumed(), 0u);
  ASSERT_TRUE(channel.value()->write_all(std::string(1u << 20, 'x')));
  EXPECT_GT(channel.value()->unconsumed(), 512u << 10);
  ASSERT_TRUE(channel.value()->wait_for_consumed(256u << 10, steady_clock::now() + std::chrono::seconds(10)));
  EXPECT_LE(channel.value()->unconsumed(), 256u << 10);
}

TEST_F(LibsshChannelTest, WaitingOnACommandThatEndedIsAnErrorNotATimeout) {
  auto* sshd = start_sshd();
  ASSERT_NE(sshd, nullptr);
  auto session = LibsshSession::open(target_for(*sshd), SessionAlgorithms{});
  ASSERT_TRUE(session) << session.error().message;
  auto channel = ExecChannel::open(*session.value(), "printf SSH-TUNE-READY; exec head -c 1 >/dev/null",
                                   std::chrono::seconds(10));
  ASSERT_TRUE(channel) << channel.error().message;
  ASSERT_TRUE(channel.value()->wait_for_marker());
  ASSERT_TRUE(channel.value()->write_all(std::string(1u << 20, 'x')));
  const auto start = steady_clock::now();
  const auto waited = channel.value()->wait_for_consumed(0, start + std::chrono::seconds(10));
  ASSERT_FALSE(waited);
  EXPECT_NE(waited.error().message.find("the remote command ended"), std::string::npos) << waited.error().message;
}

}  // namespace
}  // namespace sshtune::testing
