// Group 6 of issue #16: Match exec runs as ssh runs it (negation, %-tokens incl.
// %C, skipped after a failed criterion), and the one Match splitter.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/tokens.hpp"

namespace sshtune::config {
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

TEST(MatchSplitter, CriteriaErrorsAndLeftovers) {
  const MatchSplit split = split_match("Host=foo,bar !exec \"x y\" final # rest");
  ASSERT_EQ(split.criteria.size(), 3u);
  EXPECT_EQ(split.criteria[0].attribute, "host");
  EXPECT_EQ(split.criteria[0].argument, "foo,bar");
  EXPECT_TRUE(split.criteria[1].negated);
  EXPECT_EQ(split.criteria[1].argument, "x y");
  EXPECT_FALSE(split.error);
  EXPECT_EQ(split_match("tagged x").error, "Unsupported Match attribute tagged");
  EXPECT_EQ(split_match("host").error, "Missing Match criteria for host");
  EXPECT_EQ(split_match("host a user b all").error, "'all' cannot be combined with other Match attributes");
  EXPECT_EQ(split_match("# only").error, "One or more attributes required for Match");
  EXPECT_TRUE(split_match("all \"\" x").leftover);
  EXPECT_TRUE(needs_exec(split_match("host foo exec true").criteria));
}

}  // namespace
}  // namespace sshtune::config
