// Group 5 of issue #16: values in the form `ssh -G` prints them.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/numbers.hpp"

namespace sshtune::sshconfig {
namespace {

class ValueForms : public EvalFixture {};

TEST_F(ValueForms, TheIssuesExamples) {
  EXPECT_EQ(value("RekeyLimit 1G 1h\n", "rekeylimit"), "1073741824 3600");
  EXPECT_EQ(value("AddKeysToAgent 1h\n", "addkeystoagent"), "3600");
  EXPECT_EQ(value("TunnelDevice 3\n", "tunneldevice"), "3:any");
  EXPECT_EQ(value("ProxyJump ssh://deploy@j1:2022\n", "proxyjump"), "deploy@j1:2022");
  EXPECT_EQ(value("LogLevel QUIET\n", "loglevel"), "SILENT");  // Debian's log.c lists SILENT first
  EXPECT_EQ(value("EscapeChar ^A\n", "escapechar"), "\\^A");
  EXPECT_EQ(value("ProxyJump \"a@b\"\n", "proxyjump"), "\"a@b\"");  // quotes are kept
}

TEST_F(ValueForms, RekeyLimitPartsAreSeparateSlots) {
  EXPECT_EQ(value("RekeyLimit 1G\nRekeyLimit 2G 1h\n", "rekeylimit"), "1073741824 3600");
  EXPECT_EQ(value("RekeyLimit 1.5M none\n", "rekeylimit"), "1572864 0");
  EXPECT_EQ(value("RekeyLimit default\n", "rekeylimit"), "0 0");
}

TEST_F(ValueForms, AgentControlAndTunnelForms) {
  EXPECT_EQ(value("AddKeysToAgent confirm 5m\n", "addkeystoagent"), "confirm 300");
  EXPECT_EQ(value("AddKeysToAgent 0\n", "addkeystoagent"), "true");
  EXPECT_EQ(value("ControlPersist 10m\n", "controlpersist"), "600");
  EXPECT_EQ(value("ControlPersist 0\n", "controlpersist"), "yes");
  EXPECT_EQ(value("TunnelDevice any:5\n", "tunneldevice"), "any:5");
  EXPECT_EQ(value("ForwardAgent yes\nForwardAgent /a\n", "forwardagent"), "/a");  // the path is a slot of its own
}

TEST_F(ValueForms, JumpForms) {
  EXPECT_EQ(value("ProxyJump a,b@c:2,ssh://d@e:3\n", "proxyjump"), "a,b@c:2,d@e:3");
  EXPECT_EQ(value("ProxyJump 10.0.0.1:22\n", "proxyjump"), "[10.0.0.1]:22");
  EXPECT_EQ(value("ProxyJump j1 j2,x\n", "proxyjump"), "j1");  // 9.2's rtrim() cuts at the first blank
  EXPECT_EQ(value("ProxyJump j1\nProxyUseFdpass yes\n", "proxyusefdpass"), "no");
  EXPECT_EQ(value("ProxyJump j1\nProxyCommand nc\n", "proxycommand"), "<none>");
}

TEST_F(ValueForms, NamesNumbersAndCharacters) {
  EXPECT_EQ(value("LogLevel debug\n", "loglevel"), "DEBUG");
  EXPECT_EQ(value("IPQoS af21 cs1\n", "ipqos"), "af21 cs1");
  EXPECT_EQ(value("IPQoS 16\n", "ipqos"), "lowdelay lowdelay");
  EXPECT_EQ(value("IPQoS reliability\n", "ipqos"), "le le");
  EXPECT_EQ(value("EscapeChar ^~\n", "escapechar"), "\\^^");
  EXPECT_EQ(value("EscapeChar \\\\\n", "escapechar"), "\\\\");
  EXPECT_EQ(value("FingerprintHash md5\n", "fingerprinthash"), "MD5");
  EXPECT_EQ(value("StreamLocalBindMask 7\n", "streamlocalbindmask"), "07");
  EXPECT_EQ(value("HostKeyAlias Foo.Bar\n", "hostkeyalias"), "foo.bar");
  EXPECT_EQ(value("ConnectionAttempts 0022\n", "connectionattempts"), "22");
  EXPECT_EQ(value("CanonicalDomains Example.COM. b.org\n", "canonicaldomains"), "example.com b.org");
  EXPECT_EQ(value("SetEnv A=1 B=2 A=3\n", "setenv"), "A=1");
  EXPECT_EQ(ok_run("SetEnv A=1 B=2 A=3\n", "foo").values("setenv"), (std::vector<std::string>{"A=1", "B=2"}));
}

TEST(NumberReaders, AsReadconfReadsThem) {
  std::string reason;
  EXPECT_EQ(scan_scaled("1G", &reason), 1073741824);
  EXPECT_EQ(scan_scaled("-1", &reason), -1);
  EXPECT_FALSE(scan_scaled("lots", &reason));
  EXPECT_EQ(reason, "Invalid argument");
  EXPECT_FALSE(scan_scaled("99999999999999999999", &reason));
  EXPECT_EQ(reason, "Numerical result out of range");
  EXPECT_EQ(parse_time("1h30m"), 5400);
  EXPECT_EQ(parse_time("+5"), 5);
  EXPECT_FALSE(parse_time("5 "));
  EXPECT_EQ(parse_tun("3"), (std::pair<int, int>{3, k_tun_any}));
  EXPECT_FALSE(parse_tun("3:"));
}

}  // namespace
}  // namespace sshtune::sshconfig
