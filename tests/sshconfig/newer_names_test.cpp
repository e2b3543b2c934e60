// OpenSSH 10.1 to 10.5 against 10.0: User expansion and checks, ProxyJump,
// Match final and -o directives, per release, with ssh's exact messages.

#include "tests/sshconfig/dialect_fixture.hpp"

#include "base/paths.hpp"

namespace sshtune::sshconfig {
namespace {

class NewerNames : public DialectFixture {
 protected:
  static EvalRequest with_user(const std::string& user) {
    EvalRequest request;
    request.user = user;
    return request;
  }
  const std::string m_bad_user = "remote username contains invalid characters";
};

TEST_F(NewerNames, TenZeroExpandsAndChecksEveryUser) {
  as("OpenSSH_10.0p2");
  EXPECT_EQ(value("User u-%h\n", "user"), "u-foo");
  EXPECT_EQ(value("", "user", "foo", with_user("a%h")), "afoo");
  EXPECT_EQ(error_of("User \"a;b\"\n", "foo"), at(1, m_bad_user));
}

TEST_F(NewerNames, TenOneExpandsOnlyAConfiguredUser) {
  as("OpenSSH_10.1p1");
  testing::ScopedEnv variable("SSHTUNE_TEST_USER", "x;y");
  EXPECT_EQ(value("User u-%h\n", "user"), "u-foo");
  EXPECT_EQ(value("User \"a;b\"\n", "user"), "a;b");                               // a literal user is not checked
  EXPECT_EQ(error_of("User u-${SSHTUNE_TEST_USER}\n", "foo"), at(1, m_bad_user));  // an expanded one is
  EXPECT_EQ(value("", "user", "foo", with_user("a%h")), "a%h");                    // -l is not expanded
  EXPECT_EQ(value("", "user", "a%h@foo"), "a%h");
  EXPECT_EQ(value("", "user", "foo", with_option("User=a;b")), "a;b");  // -o User reads as configuration
  EXPECT_EQ(value("", "user"), local_user_name());
}

TEST_F(NewerNames, CommandLineUsersAreCheckedAfterTheFilesUntilTenThree) {
  as("OpenSSH_10.2p1");
  EXPECT_EQ(error_of("", "foo", with_user("a;b")), "command-line: " + m_bad_user);
  EXPECT_EQ(error_of("Bogus 1\n", "foo", with_user("a;b")), at(1, "Bad configuration option: bogus"));
  as("OpenSSH_10.3p1");  // before the files, -o User too
  EXPECT_EQ(error_of("Bogus 1\n", "foo", with_user("a;b")), m_bad_user);
  EXPECT_EQ(error_of("", "foo", with_option("User=a;b")), m_bad_user);
  EXPECT_EQ(value("User \"a;b\"\n", "user"), "a;b");
}

TEST_F(NewerNames, ProxyJumpTrimmingAndPrintingByRelease) {
  as("OpenSSH_10.0p2");  // as 10.0's ssh -G prints them
  EXPECT_EQ(value("ProxyJump j1 j2,x\n", "proxyjump"), "j1 j2,j1");
  EXPECT_EQ(value("ProxyJump a,b # c,d\n", "proxyjump"), "a,b # c,b");
  as("OpenSSH_10.1p1");  // rtrim() drops trailing blanks only
  EXPECT_EQ(value("ProxyJump j1 j2,x\n", "proxyjump"), "j1 j2,x");
  EXPECT_EQ(value("ProxyJump a,b # c,d\n", "proxyjump"), "a,b # c,b");
  as("OpenSSH_10.3p1");  // the hops before the last come from the trimmed value
  EXPECT_EQ(value("ProxyJump a,b # c,d\n", "proxyjump"), "a,b");
  EXPECT_EQ(value("ProxyJump j1 j2,x\n", "proxyjump"), "j1 j2,x");
}

TEST_F(NewerNames, CommandLineJumpsAreCheckedStrictlyFromTenThree) {
  as("OpenSSH_10.2p1");
  EXPECT_EQ(value("", "proxyjump", "foo", with_option("ProxyJump=a,b$c")), "a,b$c");
  as("OpenSSH_10.3p1");
  EXPECT_EQ(error_of("", "foo", with_option("ProxyJump=a,b$c")), "command-line: Invalid ProxyJump \"a,b$c\"");
  EXPECT_EQ(value("ProxyJump a,b$c\n", "proxyjump"), "a,b$c");  // files are not checked strictly
}

TEST_F(NewerNames, ProxyCommandAfterProxyJumpNoneCountsFromTenThree) {
  const std::string config = "ProxyJump none\nProxyCommand nc %h %p\n";
  as("OpenSSH_10.2p1");
  EXPECT_EQ(value(config, "proxycommand"), "<none>");
  as("OpenSSH_10.3p1");
  EXPECT_EQ(value(config, "proxycommand"), "nc %h %p");
  EXPECT_EQ(value("ProxyJump j1\nProxyCommand nc %h %p\n", "proxycommand"), "<none>");
}

TEST_F(NewerNames, NegatedMatchFinalAsksForNoFinalPassFromTenOne) {
  as("OpenSSH_10.0p2");
  EXPECT_TRUE(ok_run("Match !final\n Tag t\n", "foo").final_pass);
  as("OpenSSH_10.1p1");
  EXPECT_FALSE(ok_run("Match !final\n Tag t\n", "foo").final_pass);
  EXPECT_TRUE(ok_run("Match !final\n Tag t\nMatch final\n Tag u\n", "foo").final_pass);
  EXPECT_EQ(value("Match !final\n Tag t\n", "tag"), "t");
}

TEST_F(NewerNames, CommandLineMatchIsNamedMatchFromTenFour) {
  as("OpenSSH_10.3p1");
  EXPECT_EQ(error_of("", "foo", with_option("Match all")),
            "command-line: Host directive not supported as a command-line option");
  as("OpenSSH_10.4p1");
  EXPECT_EQ(error_of("", "foo", with_option("Match all")),
            "command-line: Match directive not supported as a command-line option");
  EXPECT_EQ(error_of("", "foo", with_option("Host x")),
            "command-line: Host directive not supported as a command-line option");
}

}  // namespace
}  // namespace sshtune::sshconfig
