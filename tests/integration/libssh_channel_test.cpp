// ExecChannel's view of the server's channel window against a real sshd: the bytes the server has not
// passed on to the remote command, and the wait until it has.
#include "probes/libssh/libssh_channel.hpp"
#include "tests/integration/probe_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::testing {
namespace {

using std::chrono::steady_clock;

class LibsshChannelTest : public SshdProbeTest {
 protected:
  // `command` started on a new session to a new sshd (its marker read), with 1 MiB already written to
  // it; null after a failed assertion.
  probes::ExecChannel* started_with_a_mebibyte(const std::string& command) {
    auto* sshd = start_sshd();
    EXPECT_NE(sshd, nullptr);
    if (sshd == nullptr) return nullptr;
    auto session = probes::LibsshSession::open(target_for(*sshd), probes::SessionAlgorithms{}, system_clock());
    EXPECT_TRUE(session) << session.error().message;
    if (!session) return nullptr;
    m_session = std::move(session).value();
    auto channel = probes::ExecChannel::open(*m_session, "printf SSH-TUNE-READY; " + command, std::chrono::seconds(10));
    EXPECT_TRUE(channel) << channel.error().message;
    if (!channel || !channel.value()->wait_for_marker()) return nullptr;
    m_channel = std::move(channel).value();
    EXPECT_EQ(m_channel->unconsumed(), 0u);
    if (!m_channel->write_all(std::string(1u << 20, 'x'))) return nullptr;
    return m_channel.get();
  }

  std::unique_ptr<probes::LibsshSession> m_session;
  std::unique_ptr<probes::ExecChannel> m_channel;  // on m_session, so declared after it: closed first
};

TEST_F(LibsshChannelTest, DataTheCommandHasNotReadIsUnconsumedUntilItReadsIt) {
  // The command reads nothing for a second: sshd holds what arrives (a pipe takes 64 KiB of it).
  probes::ExecChannel* channel = started_with_a_mebibyte("sleep 1; exec cat >/dev/null");
  ASSERT_NE(channel, nullptr);
  EXPECT_GT(channel->unconsumed(), 512u << 10);
  ASSERT_TRUE(channel->wait_for_consumed(256u << 10, steady_clock::now() + std::chrono::seconds(10)));
  EXPECT_LE(channel->unconsumed(), 256u << 10);
}

TEST_F(LibsshChannelTest, WaitingOnACommandThatEndedIsAnErrorNotATimeout) {
  probes::ExecChannel* channel = started_with_a_mebibyte("exec head -c 1 >/dev/null");
  ASSERT_NE(channel, nullptr);
  const auto waited = channel->wait_for_consumed(0, steady_clock::now() + std::chrono::seconds(10));
  ASSERT_FALSE(waited);
  EXPECT_NE(waited.error().message.find("the remote command ended"), std::string::npos) << waited.error().message;
}

}  // namespace
}  // namespace sshtune::testing
