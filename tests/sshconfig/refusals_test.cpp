// Group 7 of issue #16: values ssh refuses are errors naming file:line.

#include "tests/sshconfig/eval_fixture.hpp"

namespace sshtune::sshconfig {
namespace {

class Refusals : public EvalFixture {
 protected:
  std::string at(int line, const std::string& message) {
    return path("t.conf") + ":" + std::to_string(line) + ": " + message;
  }
};

TEST_F(Refusals, TheIssuesExamples) {
  EXPECT_EQ(error_of("Host *\n ForkAfterAuthentication yes\n", "foo"),
            at(2, "Cannot fork into background without a command to execute."));
  EXPECT_EQ(error_of("RekeyLimit lots\n", "foo"), at(1, "Bad number 'lots': Invalid argument"));
  EXPECT_EQ(error_of("IPQoS fast\n", "foo"), at(1, "Bad IPQoS value: fast"));
  EXPECT_EQ(error_of("ProxyJump \"a@b:22\"\n", "foo"), at(1, "Invalid ProxyJump \"\"a@b:22\"\""));
}

TEST_F(Refusals, ForkNeedsACommandOrNoSession) {
  EXPECT_TRUE(run("ForkAfterAuthentication yes\nRemoteCommand ls\n", "foo"));
  EXPECT_TRUE(run("ForkAfterAuthentication yes\nSessionType none\n", "foo"));
}

TEST_F(Refusals, ValuesReadconfRejects) {
  EXPECT_EQ(error_of("RekeyLimit 15\n", "foo"), at(1, "RekeyLimit too small"));
  EXPECT_EQ(error_of("EscapeChar ^?\n", "foo"), at(1, "Bad escape character."));
  EXPECT_EQ(error_of("StreamLocalBindMask 1000\n", "foo"), at(1, "Bad mask."));
  EXPECT_EQ(error_of("TunnelDevice x\n", "foo"), at(1, "Bad tun device."));
  EXPECT_EQ(error_of("AddKeysToAgent no 5m\n", "foo"), at(1, "unsupported option"));
  EXPECT_EQ(error_of("ControlPersist YES\n", "foo"), at(1, "Bad ControlPersist argument."));
  EXPECT_EQ(error_of("LogLevel bogus\n", "foo"), at(1, "unsupported log level 'bogus'"));
  EXPECT_EQ(error_of("SetEnv NOEQUALS\n", "foo"), at(1, "Invalid SetEnv."));
  EXPECT_EQ(error_of("PermitRemoteOpen foo\n", "foo"), at(1, "bad port number in permitremoteopen"));
  EXPECT_EQ(error_of("ProxyJump ssh://x/path\n", "foo"), at(1, "Invalid ProxyJump \"ssh://x/path\""));
  EXPECT_EQ(error_of("UserKnownHostsFile a none\n", "foo"),
            at(1, "keyword userknownhostsfile \"none\" argument must appear alone."));
}

TEST_F(Refusals, ChecksAfterReading) {
  EXPECT_EQ(error_of("ConnectionAttempts 0\n", "foo"), at(1, "Invalid number of ConnectionAttempts"));
  EXPECT_EQ(error_of("Host foo\n ProxyJump foo\n", "foo"), at(2, "jumphost loop via foo"));
  EXPECT_EQ(error_of("ProxyCommand -\nProxyUseFdpass yes\n", "foo"),
            at(1, "ProxyCommand=- and ProxyUseFDPass are incompatible"));
  EXPECT_EQ(error_of("ForwardAgent /nonexistent/agent\nExitOnForwardFailure yes\n", "foo"),
            at(1, "Cannot forward agent socket path \"/nonexistent/agent\""));
}

}  // namespace
}  // namespace sshtune::sshconfig
