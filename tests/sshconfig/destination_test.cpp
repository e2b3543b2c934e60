// Group 8 of issue #16: ssh:// destinations, user@host and -l/-p/-o flags, read
// as ssh.c main() reads them.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/destination.hpp"

namespace sshtune::sshconfig {
namespace {

class Destinations : public EvalFixture {
 protected:
  EvalRequest flags(std::vector<CommandLineFlag> list, std::size_t before_host = static_cast<std::size_t>(-1)) {
    EvalRequest request;
    request.flags = std::move(list);
    request.flags_before_host = before_host;
    return request;
  }
};

TEST_F(Destinations, SshUriGivesUserHostAndPort) {
  // The example: ssh://alice@git:2200 → host git, user alice, port 2200.
  const Evaluation e = ok_run("Host git\n User nobody\n", "ssh://alice@git:2200");
  EXPECT_EQ(e.value("host"), "git");
  EXPECT_EQ(e.value("hostname"), "git");
  EXPECT_EQ(e.value("user"), "alice");
  EXPECT_EQ(e.value("port"), "2200");
  EXPECT_EQ(ok_run("", "ssh://a%20b@foo:22/").value("user"), "a b");
  EXPECT_EQ(ok_run("", "ssh://foo.").value("host"), "foo");
}

TEST_F(Destinations, InvalidUrisAreUsageErrors) {
  for (const char* uri : {"ssh://git/path", "ssh://@git", "ssh://git:0", "ssh://[::1]:22"}) {
    const Result<Evaluation> result = run("", uri);
    ASSERT_FALSE(result) << uri;
    EXPECT_EQ(result.error().kind, ErrorKind::usage);
  }
  EXPECT_EQ(run("", "ho'st").error().message, "hostname contains invalid characters");
}

TEST_F(Destinations, FirstUserWinsInCommandLineOrder) {
  EXPECT_EQ(value("Host foo\n User u\n", "user", "alice@foo", flags({{'l', "bob"}}, 0)), "alice");
  EXPECT_EQ(value("Host foo\n User u\n", "user", "alice@foo", flags({{'l', "bob"}})), "bob");
  EXPECT_EQ(value("", "user", "foo", flags({{'o', "User=x"}, {'l', "y"}})), "x");
  EXPECT_EQ(value("", "port", "foo", flags({{'o', "Port=22"}, {'p', "bogus"}})), "22");  // -p is read only if unset
  EXPECT_EQ(run("", "foo", flags({{'p', "bogus"}})).error().message, "Bad port 'bogus'");
  EXPECT_EQ(run("", "foo", flags({{'l', "a'b"}})).error().message, "remote username contains invalid characters");
}

TEST(UriParsing, ParseUriAsMiscCDoes) {
  UserHostPort out;
  EXPECT_EQ(parse_ssh_uri("ssh://alice@git:2200", &out), UriKind::valid);
  EXPECT_EQ(out.user, "alice");
  EXPECT_EQ(out.host, "git");
  EXPECT_EQ(out.port, 2200);
  EXPECT_EQ(parse_ssh_uri("ssh://a;x=y@git", &out), UriKind::valid);
  EXPECT_EQ(out.user, "a");
  EXPECT_EQ(parse_ssh_uri("git:2200", nullptr), UriKind::not_uri);
  EXPECT_EQ(parse_user_host_port("b@c:2")->port, 2);
  EXPECT_FALSE(parse_user_host_port("x:bogus"));
  EXPECT_TRUE(valid_hostname("web-01"));
  EXPECT_FALSE(valid_remote_user("a -b"));
}

}  // namespace
}  // namespace sshtune::sshconfig
