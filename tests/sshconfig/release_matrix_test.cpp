// The dialects of the releases the differential suite runs besides 9.2 and 10.0:
// bullseye's 8.4 and sid's 10.6 (tests/differential has them against the real
// `ssh -G`; these state each difference with its exact message), and a client
// built without GSSAPI, as sid's is.

#include "tests/sshconfig/dialect_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

class ReleaseMatrix : public DialectFixture {};

TEST_F(ReleaseMatrix, EightFourPrintsNoHostLineAndTheOldKeyTypeNames) {
  as("OpenSSH_8.4p1 Debian-5+deb11u3");
  const std::vector<std::string> printed = keywords("");
  EXPECT_EQ(printed.front(), "user");
  EXPECT_EQ(after("", "canonicalizehostname"), "challengeresponseauthentication");
  const std::string named = "HostKeyAlias a\nPreferredAuthentications publickey\n";
  EXPECT_EQ(after(named, "hostkeyalias"), "hostbasedkeytypes");
  EXPECT_EQ(after(named, "preferredauthentications"), "pubkeyacceptedkeytypes");
  EXPECT_EQ(value("", "updatehostkeys"), "false");
  EXPECT_EQ(value("PubkeyAuthentication no\n", "pubkeyauthentication"), "no");
  const Evaluation evaluation = ok_run("", "foo");
  const auto domains = std::find_if(evaluation.settings.begin(), evaluation.settings.end(),
                                    [](const Setting& setting) { return setting.keyword == "canonicaldomains"; });
  ASSERT_NE(domains, evaluation.settings.end());
  EXPECT_TRUE(domains->keyword_only);
}

TEST_F(ReleaseMatrix, EightFourSplitsArgumentsWithStrdelim) {
  as("OpenSSH_8.4p1 Debian-5+deb11u3");
  EXPECT_EQ(error_of("Ciphers aes128-ctr # why\n", "foo"), at(1, "garbage at end of line; \"#\"."));
  EXPECT_EQ(error_of("PubkeyAuthentication host-bound\n", "foo"), at(1, "unsupported option \"host-bound\"."));
  EXPECT_EQ(value("SetEnv A=1 B=2 A=3\n", "setenv"), "A=1");
  EXPECT_EQ(ok_run("SetEnv A=1 B=2 A=3\n", "foo").values("setenv"), (std::vector<std::string>{"A=1", "B=2", "A=3"}));
  EXPECT_EQ(error_of("CanonicalizePermittedCNAMEs none\n", "foo"), at(1, "Invalid permitted CNAME \"none\""));
  EXPECT_EQ(value("CanonicalDomains none x.org\n", "canonicaldomains"), "none x.org");
  EXPECT_EQ(value("ProxyJump none # then\n", "proxyjump"), "none # then");
  EXPECT_EQ(value("ProxyJump ssh://deploy@j1:2022\n", "proxyjump"), "ssh://deploy@j1:2022");
}

TEST_F(ReleaseMatrix, EightFourTakesTheLastIpqosAndTunnelDevice) {
  as("OpenSSH_8.4p1 Debian-5+deb11u3");
  EXPECT_EQ(value("IPQoS af21 cs1\nIPQoS 16\n", "ipqos"), "lowdelay lowdelay");
  EXPECT_EQ(value("IPQoS reliability\n", "ipqos"), "reliability reliability");
  EXPECT_EQ(value("TunnelDevice 3\nTunnelDevice 4:5\n", "tunneldevice"), "4:5");
}

TEST_F(ReleaseMatrix, TenSixPrintsTcpKeepAliveAndCnameRulesItsWay) {
  as("OpenSSH_10.6p1 Debian-1");
  EXPECT_EQ(value("TCPKeepAlive no\n", "tcpkeepalive"), "false");
  EXPECT_EQ(value("KeepAlive yes\n", "tcpkeepalive"), "true");
  EXPECT_EQ(value("", "canonicalizepermittedcnames"), "none");
  EXPECT_EQ(value("", "canonicalizePermittedcnames"), "<none>");
}

TEST_F(ReleaseMatrix, TenSixKeepsTheFirstActiveStreamLocalBindMask) {
  as("OpenSSH_10.6p1 Debian-1");
  EXPECT_EQ(value("StreamLocalBindMask 0700\nStreamLocalBindMask 0077\n", "streamlocalbindmask"), "0700");
  EXPECT_EQ(
      value("Host nomatch\n StreamLocalBindMask 0700\nHost *\n StreamLocalBindMask 0077\n", "streamlocalbindmask"),
      "077");
  as("OpenSSH_10.5p1");
  EXPECT_EQ(value("StreamLocalBindMask 0700\nStreamLocalBindMask 0077\n", "streamlocalbindmask"), "077");
}

TEST_F(ReleaseMatrix, TenSixTakesAnUriDestinationsUserAsGiven) {
  as("OpenSSH_10.6p1 Debian-1");
  EXPECT_EQ(value("User u-%h\n", "user", "ssh://foo"), "u-%h");
  EXPECT_EQ(value("User u-%h\n", "user", "foo"), "u-foo");
  EXPECT_EQ(error_of("User 'a;b'\n", "ssh://foo"), at(1, "remote username contains invalid characters"));
}

TEST_F(ReleaseMatrix, AnIncludeWhoseVariableIsUnsetIsSkipped) {
  as("OpenSSH_10.0p2");
  const Evaluation evaluation = ok_run("Include ${SSHTUNE_NEVER_SET}.conf\nCompression yes\n", "foo");
  EXPECT_EQ(evaluation.value("compression"), "yes");
  ASSERT_FALSE(evaluation.notes.empty());
  EXPECT_EQ(evaluation.notes.front(), at(1, "Unable to expand user config file '${SSHTUNE_NEVER_SET}.conf'"));
  EXPECT_EQ(error_of("Include %z.conf\n", "foo"), "percent_expand: unknown key %z");
}

TEST_F(ReleaseMatrix, ASubsystemSessionNeedsACommand) {
  EXPECT_EQ(error_of("", "foo", with_option("SessionType=subsystem")), "You must specify a subsystem to invoke.");
  EXPECT_EQ(value("SessionType subsystem\n", "sessiontype"), "subsystem");
}

// The 9.2 snapshot as a client built without GSSAPI (and so without Debian's key exchange).
FixedClientCapabilities without_gssapi() {
  const ClientCapabilities& base = sshtune::testing::openssh_9_2_debian_snapshot();
  std::vector<std::vector<std::string>> supported;
  for (AlgorithmKind kind :
       {AlgorithmKind::cipher, AlgorithmKind::mac, AlgorithmKind::kex, AlgorithmKind::key_sig, AlgorithmKind::sig}) {
    supported.push_back(base.supported(kind));
  }
  std::vector<DumpLine> defaults = base.defaults();
  std::erase_if(defaults, [](const DumpLine& line) { return line.keyword.starts_with("gssapi"); });
  return FixedClientCapabilities(std::move(supported), std::move(defaults), base.version());
}

TEST_F(ReleaseMatrix, AClientWithoutGssapiIgnoresOrRefusesItsKeywords) {
  const FixedClientCapabilities client = without_gssapi();
  EXPECT_FALSE(client.has_gssapi());
  EXPECT_FALSE(client.has_gssapi_key_exchange());
  EXPECT_TRUE(sshtune::testing::openssh_9_2_debian_snapshot().has_gssapi());
  EXPECT_TRUE(sshtune::testing::openssh_9_2_debian_snapshot().has_gssapi_key_exchange());
  m_client = &client;
  const Evaluation evaluation = ok_run("GSSAPIAuthentication yes\nGSSAPIDelegateCredentials yes\n", "foo");
  EXPECT_EQ(evaluation.value("gssapiauthentication"), std::nullopt);
  EXPECT_EQ(evaluation.notes,
            (std::vector<std::string>{path("t.conf") + ":1: Unsupported option \"gssapiauthentication\"",
                                      path("t.conf") + ":2: Unsupported option \"gssapidelegatecredentials\""}));
  EXPECT_EQ(error_of("GSSAPIKeyExchange yes\n", "foo"), at(1, "Bad configuration option: gssapikeyexchange"));
  EXPECT_EQ(error_of("GSSAPITrustDNS yes\n", "foo"), at(1, "Bad configuration option: gssapitrustdns"));
}

}  // namespace
}  // namespace sshtune::sshconfig
