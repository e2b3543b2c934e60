// Groups 3 and 4 of issue #16: ssh's own scoping quirks, and "none" values that
// ssh leaves out of its output (or prints, or keeps as the default).

#include "tests/sshconfig/eval_fixture.hpp"

namespace sshtune::sshconfig {
namespace {

class Scoping : public EvalFixture {};
class NoneValues : public EvalFixture {};

TEST_F(Scoping, StreamLocalBindMaskLastLineAnywhereWins) {
  EXPECT_EQ(value("StreamLocalBindMask 022\nHost nomatch\n StreamLocalBindMask 0700\n", "streamlocalbindmask"), "0700");
  EvalRequest request;
  request.options = {"StreamLocalBindMask=0111"};
  EXPECT_EQ(value("StreamLocalBindMask 022\n", "streamlocalbindmask", "foo", request), "022");  // even beats -o
  EXPECT_EQ(value("", "streamlocalbindmask", "foo", request), "0111");
}

TEST_F(Scoping, SyslogFacilityFirstLineAnywhereWins) {
  EXPECT_EQ(value("Host nomatch\n SyslogFacility LOCAL3\nHost *\n SyslogFacility LOCAL4\n", "syslogfacility"),
            "LOCAL3");
  EXPECT_EQ(value("Host bar\n Include " + path("blk.conf") + "\n", "syslogfacility"), "USER");
  m_dir.write("blk.conf", "SyslogFacility auth\n");
  EXPECT_EQ(value("Host bar\n Include " + path("blk.conf") + "\n", "syslogfacility"), "AUTH");  // inert include too
}

TEST_F(Scoping, CanonicalizeSettingsInMatchFinalOnlyTakeNoEffect) {
  const Evaluation e = ok_run(
      "Match final\n CanonicalizeHostname yes\n CanonicalizeMaxDots 3\n"
      " CanonicalizeFallbackLocal no\n",
      "foo");
  EXPECT_EQ(e.value("canonicalizehostname"), "false");
  EXPECT_EQ(e.value("canonicalizemaxdots"), "1");
  EXPECT_EQ(e.value("canonicalizefallbacklocal"), "yes");
  EXPECT_EQ(value("CanonicalizeMaxDots 3\n", "canonicalizemaxdots"), "3");  // pass 1 still counts
}

TEST_F(NoneValues, CommandsPathsAndJumpsSetToNoneAreLeftOut) {
  const Evaluation e = ok_run(
      "ControlPath none\nRemoteCommand none\nPKCS11Provider none\nProxyCommand none\n"
      "LocalCommand none\nKnownHostsCommand none\nRevokedHostKeys none\n"
      "SecurityKeyProvider none\n",
      "foo");
  for (const char* keyword : {"controlpath", "remotecommand", "pkcs11provider", "proxycommand", "localcommand",
                              "knownhostscommand", "revokedhostkeys", "securitykeyprovider"}) {
    EXPECT_FALSE(e.value(keyword)) << keyword;
  }
  EXPECT_FALSE(ok_run("ProxyJump none\n", "foo").value("proxyjump"));
  EXPECT_EQ(value("ProxyJump none\nProxyCommand nc %h %p\n", "proxycommand"), "nc %h %p");
}

TEST_F(NoneValues, OtherNonesArePrintedOrKeepTheDefault) {
  EXPECT_EQ(value("IdentityAgent none\n", "identityagent"), "none");
  EXPECT_EQ(value("UserKnownHostsFile none\n", "userknownhostsfile"), "none");
  EXPECT_EQ(value("IPQoS none\n", "ipqos"), "none none");
  EXPECT_EQ(value("EscapeChar none\n", "escapechar"), "none");
  EXPECT_EQ(value("CanonicalizePermittedCNAMEs none\n", "canonicalizePermittedcnames"), "none");
  EXPECT_EQ(value("PermitRemoteOpen none\n", "permitremoteopen"), "none");
  EXPECT_EQ(value("ServerAliveInterval none\nServerAliveInterval 30\n", "serveraliveinterval"), "30");
  EXPECT_EQ(value("ConnectTimeout none\nConnectTimeout 5\n", "connecttimeout"), "5");
}

}  // namespace
}  // namespace sshtune::sshconfig
