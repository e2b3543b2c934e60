// Group 6 of issue #16: Match exec runs as ssh runs it (negation, %-tokens incl.
// %C, skipped after a failed criterion), and the one Match splitter.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/local_network.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/tokens.hpp"

namespace sshtune::sshconfig {
namespace {

class MatchExec : public EvalFixture {
 protected:
  // A request whose exec runner records the commands and answers `status`.
  EvalRequest recording(int status) {
    EvalRequest request;
    request.user = "root";
    request.exec = [this, status](const std::string& command) -> Result<int> {
      m_commands.push_back(command);
      return status;
    };
    return request;
  }
  std::vector<std::string> m_commands;
};

TEST_F(MatchExec, NegatedExecMatchesWhenTheCommandFails) {
  EXPECT_EQ(value("Match !exec \"test %h = bar\"\n Compression yes\n", "compression", "foo", recording(1)), "yes");
  EXPECT_EQ(m_commands, std::vector<std::string>{"test foo = bar"});
  EXPECT_EQ(value("Match !exec true\n Compression yes\n", "compression", "foo", recording(0)), "no");
}

TEST_F(MatchExec, TokensIncludingTheConnectionHashAreExpanded) {
  value("Match exec \"test %C %h %p %r %n %k\"\n Compression yes\n", "compression", "Foo", recording(0));
  // Pass 1 matches the name as typed: %h is "Foo" until HostName or the final pass.
  const std::string hash = connection_hash(local_host_name(), "Foo", "22", "root");
  EXPECT_EQ(m_commands, std::vector<std::string>{"test " + hash + " Foo 22 root Foo Foo"});
}

TEST_F(MatchExec, SkippedAfterAFailedCriterionButStillExpanded) {
  value("Match host bar exec true\n Compression yes\n", "compression", "foo", recording(0));
  EXPECT_TRUE(m_commands.empty());
  EXPECT_EQ(error_of("Match host bar exec \"x %z\"\n", "foo", recording(0)),
            path("t.conf") + ":1: percent_expand: unknown key %z");
}

TEST_F(MatchExec, WithoutARunnerEachSkippedLineIsRecorded) {
  const Evaluation e = ok_run("Match exec \"test %h = foo\"\n Compression yes\nMatch !exec false\n Port 2\n", "foo");
  EXPECT_EQ(e.value("compression"), "no");
  EXPECT_EQ(e.value("port"), "2");  // a skipped command counts as failing: !exec matches
  ASSERT_EQ(e.skipped_exec.size(), 2u);
  EXPECT_EQ(e.skipped_exec[0].line.to_string(), path("t.conf") + ":1");
  EXPECT_EQ(e.skipped_exec[0].command, "test foo = foo");
}

TEST_F(MatchExec, TheShellRunsTheCommandAndAnUnusableShellIsFatal) {
  EXPECT_EQ(run_in_shell("exit 3").value(), 3);
  const testing::ScopedEnv shell("SHELL", "/nonexistent/sh");
  EXPECT_FALSE(run_in_shell("true"));
  EvalRequest request;
  request.exec = run_in_shell;
  EXPECT_EQ(error_of("Match exec true\n", "foo", request),
            path("t.conf") +
                ":1: match exec 'true' error: Shell \"/nonexistent/sh\" is not executable: "
                "No such file or directory");
}

constexpr OpensshVersion k_9_2{9, 2, 0};
constexpr OpensshVersion k_9_9{9, 9, 0};
constexpr OpensshVersion k_10_0{10, 0, 0};

TEST(MatchSplitter, CriteriaErrorsAndLeftovers) {
  const MatchSplit split = split_match("Host=foo,bar !exec \"x y\" final # rest", k_9_2);
  ASSERT_EQ(split.criteria.size(), 3u);
  EXPECT_EQ(split.criteria[0].attribute, "host");
  EXPECT_EQ(split.criteria[0].argument, "foo,bar");
  EXPECT_TRUE(split.criteria[1].negated);
  EXPECT_EQ(split.criteria[1].argument, "x y");
  EXPECT_FALSE(split.error);
  EXPECT_EQ(split_match("tagged x", k_9_2).error, "Unsupported Match attribute tagged");
  EXPECT_EQ(split_match("host", k_9_2).error, "Missing Match criteria for host");
  EXPECT_EQ(split_match("host a user b all", k_9_2).error, "'all' cannot be combined with other Match attributes");
  EXPECT_EQ(split_match("# only", k_9_2).error, "One or more attributes required for Match");
  EXPECT_TRUE(split_match("all \"\" x", k_9_2).leftover);
  EXPECT_TRUE(needs_exec(split_match("host foo exec true", k_9_2).criteria));
}

TEST(MatchSplitter, ReleasesSplitAndNameCriteriaDifferently) {
  // 9.9 splits like a shell: single quotes group, '=' does not separate.
  EXPECT_EQ(split_match("exec 'test a = b'", k_9_9).criteria.at(0).argument, "test a = b");
  EXPECT_EQ(split_match("host=foo", k_9_9).error, "Missing Match criteria for host=foo");
  EXPECT_EQ(split_match("host=foo", k_10_0).criteria.at(0).argument, "foo");
  EXPECT_EQ(split_match("version OpenSSH_9*", k_9_9).error, "Unsupported Match attribute version");
  EXPECT_FALSE(split_match("tagged prod localnetwork 127.0.0.0/8", k_9_9).error);
  EXPECT_EQ(split_match("user", k_10_0).error, "missing argument for Match 'user'");
  EXPECT_EQ(split_match("user \"\"", k_10_0).error, "Missing Match criteria for user");
  EXPECT_FALSE(split_match("tagged \"\" command \"\" sessiontype shell", k_10_0).error);
  EXPECT_EQ(split_match("localnetwork 10.0.0.1/8", k_10_0).error,
            "Inconsistent mask length for network \"10.0.0.1/8\"");
}

TEST(MatchEvaluation, TaggedSessionTypeCommandAndVersion) {
  MatchContext context;
  context.release = k_10_0;
  context.ssh_release = "OpenSSH_10.0p2 Debian-7";
  context.tag = "prod";
  EXPECT_TRUE(evaluate_match("tagged prod version OpenSSH_10* sessiontype shell command \"\"", &context).matched);
  EXPECT_FALSE(evaluate_match("tagged dev", &context).matched);
  context.session_type = 1;
  EXPECT_TRUE(evaluate_match("sessiontype subsystem", &context).matched);
  EXPECT_FALSE(evaluate_match("command ls*", &context).matched);
  EXPECT_TRUE(evaluate_match("localnetwork 127.0.0.0/8", &context).matched);  // lo is up
  EXPECT_FALSE(evaluate_match("!localnetwork 127.0.0.0/8", &context).matched);
}

TEST(LocalNetwork, CidrListsMatchAsAddrmatchDoes) {
  EXPECT_TRUE(cidr_list_matches("10.1.2.3", "192.168.0.0/16,10.0.0.0/8"));
  EXPECT_FALSE(cidr_list_matches("10.1.2.3", "10.1.3.0/24"));
  EXPECT_TRUE(cidr_list_matches("fd00::2", "fd00::/64"));
  EXPECT_FALSE(cidr_list_matches("fd00::2", "10.0.0.0/8"));
  EXPECT_EQ(cidr_list_problem("10.0.0.0/8,,"), "addr_match_cidr_list: empty entry in list \"10.0.0.0/8,,\"");
  EXPECT_EQ(cidr_list_problem("bogus"), "addr_match_cidr_list: list entry \"bogus\" contains invalid characters");
  EXPECT_EQ(cidr_list_problem("10.0.0.0/33"), "Inconsistent mask length for network \"10.0.0.0/33\"");
  EXPECT_EQ(cidr_list_problem("10.0.0/x"), "addr_match_cidr_list: list entry \"10.0.0/x\" contains invalid characters");
  EXPECT_FALSE(cidr_list_problem("::1/128,127.0.0.1"));
}

}  // namespace
}  // namespace sshtune::sshconfig
