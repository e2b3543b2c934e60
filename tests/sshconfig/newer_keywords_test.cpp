// OpenSSH 10.1 to 10.5 against 10.0: the keywords they added or changed, value
// forms and the `ssh -G` lines, per release, with ssh's exact messages.

#include "tests/sshconfig/dialect_fixture.hpp"

#include "base/paths.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/release.hpp"

namespace sshtune::sshconfig {
namespace {

class NewerKeywords : public DialectFixture {};

TEST(NewerReleases, ANewerSshReadsAsTheNewestKnownRelease) {
  EXPECT_EQ(k_newest_known_release, (OpensshVersion{10, 6, 0}));
  EXPECT_EQ(dialect_of("OpenSSH_10.2p1"), (OpensshVersion{10, 2, 0}));
  EXPECT_EQ(dialect_of("OpenSSH_10.5p1, OpenSSL 3.5.0 8 Apr 2025"), (OpensshVersion{10, 5, 0}));
  EXPECT_EQ(dialect_of("OpenSSH_10.9p1"), k_newest_known_release);
  EXPECT_EQ(dialect_of("OpenSSH_11.0p1"), k_newest_known_release);
}

TEST_F(NewerKeywords, TenZeroRefusesWhatTenOneAdded) {
  as("OpenSSH_10.0p2");
  EXPECT_EQ(error_of("WarnWeakCrypto no\n", "foo"), at(1, "Bad configuration option: warnweakcrypto"));
  EXPECT_EQ(error_of("RefuseConnection yes\n", "foo"), at(1, "Bad configuration option: refuseconnection"));
}

TEST_F(NewerKeywords, WarnWeakCryptoFromTenOne) {
  as("OpenSSH_10.1p1");
  EXPECT_EQ(value("", "warnweakcrypto"), "yes");  // the client's default
  EXPECT_EQ(value("WarnWeakCrypto no-pq-kex\n", "warnweakcrypto"), "no");
  EXPECT_EQ(value("WarnWeakCrypto TRUE\nWarnWeakCrypto no\n", "warnweakcrypto"), "yes");
  EXPECT_EQ(error_of("WarnWeakCrypto maybe\n", "foo"), at(1, "unsupported option \"maybe\"."));
  EXPECT_EQ(after("WarnWeakCrypto no\n", "enableescapecommandline"), "warnweakcrypto");
  EXPECT_EQ(after("WarnWeakCrypto no\n", "warnweakcrypto"), "canonicalizemaxdots");
}

TEST_F(NewerKeywords, RefuseConnectionEndsSshWhereItApplies) {
  as("OpenSSH_10.1p1");
  EXPECT_EQ(error_of("Host foo\n RefuseConnection \"down for maintenance\"\n", "foo"),
            at(2, "RefuseConnection: down for maintenance"));
  EXPECT_EQ(error_of("RefuseConnection a b\n", "foo"), at(1, "RefuseConnection: a"));  // before extra arguments
  EXPECT_EQ(value("Host other\n RefuseConnection closed\n", "user", "foo", {}), local_user_name());
  EXPECT_EQ(error_of("Host other\n RefuseConnection a b\n", "foo"),
            at(2, "keyword refuseconnection extra arguments at end of line"));
  EXPECT_EQ(error_of("Host other\n RefuseConnection \"\"\n", "foo"), at(2, "Missing argument."));
  EXPECT_EQ(error_of("", "foo", with_option("RefuseConnection=closed")), "command-line: RefuseConnection: closed");
}

TEST_F(NewerKeywords, IpqosNamesByRelease) {
  as("OpenSSH_10.0p2");
  EXPECT_EQ(value("IPQoS lowdelay throughput\n", "ipqos"), "lowdelay throughput");
  EXPECT_EQ(value("IPQoS 16\n", "ipqos"), "lowdelay lowdelay");
  EXPECT_EQ(value("IPQoS reliability\n", "ipqos"), "le le");
  EXPECT_EQ(error_of("IPQoS va\n", "foo"), at(1, "Bad IPQoS value: va"));
  as("OpenSSH_10.1p1");  // the three legacy names read as the system default
  EXPECT_EQ(value("", "ipqos"), "ef cs0");
  EXPECT_EQ(value("IPQoS lowdelay throughput\n", "ipqos"), "none none");
  EXPECT_EQ(value("IPQoS af21 RELIABILITY\n", "ipqos"), "af21 none");
  EXPECT_EQ(value("IPQoS 16\n", "ipqos"), "0x10 0x10");
  EXPECT_EQ(value("IPQoS 176\n", "ipqos"), "0xb0 0xb0");
  EXPECT_EQ(error_of("IPQoS va\n", "foo"), at(1, "Bad IPQoS value: va"));
  as("OpenSSH_10.3p1");
  EXPECT_EQ(value("IPQoS va cs0\n", "ipqos"), "va cs0");
  EXPECT_EQ(value("IPQoS 176\n", "ipqos"), "va va");
}

TEST_F(NewerKeywords, TimeValuesTakeFractionalSecondsFromTenThree) {
  as("OpenSSH_10.2p1");
  EXPECT_EQ(error_of("ConnectTimeout 1.5\n", "foo"), at(1, "invalid time value."));
  EXPECT_EQ(value("ServerAliveInterval 5s5\n", "serveraliveinterval"), "10");
  EXPECT_EQ(error_of("ChannelTimeout session=1.5\n", "foo"), at(1, "invalid channel timeout session=1.5"));
  as("OpenSSH_10.3p1");
  EXPECT_EQ(value("ConnectTimeout 1.5\n", "connecttimeout"), "1");
  EXPECT_EQ(value("ServerAliveInterval 1m0.5s\n", "serveraliveinterval"), "60");
  EXPECT_EQ(value("ControlPersist 0.5\n", "controlpersist"), "yes");  // 0 whole seconds
  EXPECT_EQ(value("RekeyLimit 1G 2.9\n", "rekeylimit"), "1073741824 2");
  EXPECT_EQ(value("ChannelTimeout session=1.5\n", "channeltimeout"), "session=1.5");
  for (const char* bad : {"5s5", "1.5m", "5.", ".", "1..5", "1e3", "+5", "5 "}) {
    EXPECT_EQ(error_of(std::string("ConnectTimeout \"") + bad + "\"\n", "foo"), at(1, "invalid time value.")) << bad;
  }
}

TEST(NewerTimeForms, ConvtimeByRelease) {
  const OpensshVersion ten_three{10, 3, 0};
  EXPECT_EQ(parse_time("+5"), 5);  // strtol pieces before 9.8
  EXPECT_FALSE(parse_time("+5", OpensshVersion{9, 8, 0}));
  EXPECT_EQ(parse_time("5s5", OpensshVersion{10, 2, 0}), 10);
  EXPECT_FALSE(parse_time("5s5", ten_three));
  EXPECT_EQ(parse_time(".5", ten_three), 0);
  EXPECT_EQ(parse_time("1h30m2.75", ten_three), 5402);
  EXPECT_EQ(parse_time("2147483647", ten_three), 2147483647);
  EXPECT_FALSE(parse_time("2147483648", ten_three));
  EXPECT_FALSE(parse_time("", ten_three));
}

TEST_F(NewerKeywords, RevokedHostKeysIsOnePathBeforeTenThree) {
  as("OpenSSH_10.2p1");
  EXPECT_EQ(error_of("RevokedHostKeys /a /b\n", "foo"),
            at(1, "keyword revokedhostkeys extra arguments at end of line"));
  EXPECT_EQ(value("RevokedHostKeys /a\n", "revokedhostkeys"), "/a");
  EXPECT_EQ(after("RevokedHostKeys /a\n", "pubkeyacceptedalgorithms"), "revokedhostkeys");
  EXPECT_EQ(value("RevokedHostKeys NONE\n", "revokedhostkeys"), "<none>");
  EXPECT_EQ(value("", "revokedhostkeys"), "<none>");
}

TEST_F(NewerKeywords, RevokedHostKeysIsAListFromTenThree) {
  as("OpenSSH_10.3p1");
  EXPECT_EQ(value("RevokedHostKeys /a ~/b-%h\nRevokedHostKeys /c\n", "revokedhostkeys"),
            "/a " + passwd_home() + "/b-foo");
  EXPECT_EQ(after("RevokedHostKeys /a\n", "userknownhostsfile"), "revokedhostkeys");
  EXPECT_EQ(after("RevokedHostKeys /a\n", "revokedhostkeys"), "logverbose");  // no SendEnv, no SetEnv
  EXPECT_EQ(value("RevokedHostKeys NONE\n", "revokedhostkeys"), "none");
  EXPECT_EQ(value("", "revokedhostkeys"), "none");  // the client's default line
  EXPECT_EQ(error_of("RevokedHostKeys /a none\n", "foo"),
            at(1, "keyword revokedhostkeys \"none\" argument must appear alone."));
  EXPECT_EQ(error_of("RevokedHostKeys /a \"\"\n", "foo"), at(1, "keyword revokedhostkeys empty argument"));
  EXPECT_EQ(error_of("RevokedHostKeys # none\n", "foo"), at(1, "no revokedhostkeys specified"));
}

TEST_F(NewerKeywords, AListOfOnlyNoneIsPrintedAsNone) {
  as("OpenSSH_10.0p2");  // as 10.0's ssh -G prints it
  EXPECT_EQ(value("ChannelTimeout NONE\n", "channeltimeout"), "none");
}

TEST_F(NewerKeywords, DefaultLinesComeFromTheClientInTheReleasesOrder) {
  as("OpenSSH_10.5p1");
  const std::vector<std::string> ids = ok_run("", "foo").values("identityfile");
  ASSERT_FALSE(ids.empty());
  EXPECT_EQ(ids.back(), "~/.ssh/id_mldsa44_ed25519");
  for (const char* version : {"OpenSSH_10.1p1", "OpenSSH_10.2p1", "OpenSSH_10.3p1", "OpenSSH_10.4p1"}) {
    as(version);
    std::vector<std::string> expected;
    for (const DumpLine& line : sshtune::testing::openssh_release_snapshot(version).defaults())
      expected.push_back(line.keyword);
    EXPECT_EQ(keywords(""), expected) << version;
  }
}

}  // namespace
}  // namespace sshtune::sshconfig
