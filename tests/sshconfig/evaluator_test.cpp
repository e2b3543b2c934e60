// Evaluator semantics with the fixed OpenSSH 9.2 snapshot (no ssh is run).

#include "tests/sshconfig/eval_fixture.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

class EvaluatorTest : public EvalFixture {};

const std::string k_default_ciphers =
    "chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,aes128-gcm@openssh.com,aes256-gcm@openssh.com";

TEST_F(EvaluatorTest, FirstValueWinsPerOption) {
  const Evaluation e = ok_run(
      "Host *\n Ciphers aes256-ctr\nHost foo\n Ciphers aes128-gcm@openssh.com\n"
      " Compression yes\n",
      "foo");
  EXPECT_EQ(e.value("ciphers"), "aes256-ctr");
  EXPECT_EQ(e.value("compression"), "yes");
  EXPECT_EQ(e.origin("ciphers").to_string(), path("t.conf") + ":2");
  ASSERT_EQ(e.dead_lines.size(), 1u);
  EXPECT_EQ(e.dead_lines[0].keyword, "ciphers");
  EXPECT_EQ(e.dead_lines[0].dead.line, 4u);
  EXPECT_TRUE(e.dead_lines[0].scoped);
}

TEST_F(EvaluatorTest, HostIsCaseSensitiveAndCommasAreLiteral) {
  EXPECT_EQ(ok_run("Host foo\n Ciphers aes128-ctr\nMatch host foo\n Compression yes\n", "FOO").value("ciphers"),
            k_default_ciphers);
  EXPECT_EQ(ok_run("Host foo\n Ciphers aes128-ctr\nMatch host foo\n Compression yes\n", "FOO").value("compression"),
            "yes");
  EXPECT_EQ(ok_run("Host bar,foo\n Ciphers aes128-ctr\n", "foo").value("ciphers"), k_default_ciphers);
  EXPECT_EQ(ok_run("Host *.example.com !foo.example.com\n Compression yes\n", "foo.example.com").value("compression"),
            "no");
}

TEST_F(EvaluatorTest, HostNameIsExpandedAndLowerCased) {
  const Evaluation e = ok_run("Host Foo\n HostName %h.Example.COM\n", "Foo");
  EXPECT_EQ(e.value("hostname"), "foo.example.com");
  EXPECT_EQ(e.value("host"), "Foo");
  EXPECT_FALSE(run("Host foo\n HostName %p\n", "foo"));
}

TEST_F(EvaluatorTest, FinalPassMatchesHostAgainstTheRealName) {
  const std::string config = "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n";
  EXPECT_EQ(ok_run(config, "myalias").value("ciphers"), k_default_ciphers);
  const Evaluation e = ok_run(config + "Match !final\n Compression yes\n", "myalias");
  EXPECT_TRUE(e.final_pass);
  EXPECT_EQ(e.value("ciphers"), "aes128-ctr");
  EXPECT_EQ(e.value("compression"), "yes");
}

TEST_F(EvaluatorTest, AlgorithmAlgebraUsesTheDefaults) {
  EXPECT_EQ(ok_run("Host foo\n Ciphers +aes128-cbc\nHost *\n Ciphers aes256-ctr\n", "foo").value("ciphers"),
            k_default_ciphers + ",aes128-cbc");
  EXPECT_EQ(ok_run("Ciphers -*-ctr,chacha*\n", "foo").value("ciphers"),
            "aes128-gcm@openssh.com,aes256-gcm@openssh.com");
  EXPECT_EQ(ok_run("Ciphers ^aes256-gcm@openssh.com,aes128-ctr\n", "foo").value("ciphers"),
            "aes256-gcm@openssh.com,aes128-ctr,chacha20-poly1305@openssh.com,aes192-ctr,aes256-ctr,"
            "aes128-gcm@openssh.com");
  EXPECT_EQ(ok_run("Ciphers aes256-ctr,aes128-ctr,aes256-ctr\n", "foo").value("ciphers"), "aes256-ctr,aes128-ctr");
  EXPECT_FALSE(run("Ciphers ,bogus\n", "foo"));
  EXPECT_FALSE(run("Ciphers -*\n", "foo"));
}

TEST_F(EvaluatorTest, ErrorsInInactiveBlocksAreFatal) {
  const Result<Evaluation> result =
      run("Host unrelated\n Ciphers aes128-ctr,bogus\nHost foo\n Compression yes\n", "foo");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, path("t.conf") + ":2: Bad SSH2 cipher spec 'aes128-ctr,bogus'.");
}

TEST_F(EvaluatorTest, IncludeRestoresStateAndInactiveIncludesAreInert) {
  m_dir.write("blk.conf", "Ciphers aes192-ctr\nHost *\n Compression yes\n");
  const std::string inert = "Host bar\n Include " + path("blk.conf") + "\nHost foo\n Ciphers aes128-ctr\n";
  EXPECT_EQ(ok_run(inert, "foo").value("ciphers"), "aes128-ctr");
  EXPECT_EQ(ok_run(inert, "foo").value("compression"), "no");
  const Evaluation e = ok_run("Host foo\n Include " + path("blk.conf") + "\n User alice\n", "foo");
  EXPECT_EQ(e.value("user"), "alice");
  EXPECT_EQ(e.value("ciphers"), "aes192-ctr");
  EXPECT_EQ(e.origin("ciphers").to_string(), path("blk.conf") + ":1");
}

TEST_F(EvaluatorTest, RelativeIncludesLiveInHomeSsh) {
  m_dir.write("home/.ssh/rel.conf", "Ciphers aes192-ctr\n");
  m_dir.write("sibling.conf", "User sibling\n");
  const Evaluation e = ok_run("Include rel.conf\nInclude sibling.conf\n", "foo");
  EXPECT_EQ(e.value("ciphers"), "aes192-ctr");
  EXPECT_NE(e.value("user"), "sibling");
}

TEST_F(EvaluatorTest, IncludeDepthIsLimited) {
  for (int i = 1; i <= 17; ++i) {
    m_dir.write("d" + std::to_string(i) + ".conf",
                i < 17 ? "Include " + path("d" + std::to_string(i + 1) + ".conf") + "\n" : "User deep\n");
  }
  const Result<Evaluation> result = run("Include " + path("d1.conf") + "\n", "foo");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "Too many recursive configuration includes");
  EXPECT_EQ(ok_run("Include " + path("d2.conf") + "\n", "foo").value("user"), "deep");
}

TEST_F(EvaluatorTest, MatchExecIsNotRunUnlessAsked) {
  const std::string config = "Match exec \"test %h = foo\"\n Compression yes\n";
  const Evaluation skipped = ok_run(config, "foo");
  EXPECT_EQ(skipped.value("compression"), "no");
  ASSERT_EQ(skipped.skipped_exec.size(), 1u);
  EXPECT_EQ(skipped.skipped_exec[0].command, "test foo = foo");
  std::vector<std::string> commands;
  EvalRequest request;
  request.exec = [&](const std::string& command) -> Result<int> {
    commands.push_back(command);
    return 0;
  };
  EXPECT_EQ(ok_run(config, "foo", request).value("compression"), "yes");
  EXPECT_EQ(commands, std::vector<std::string>{"test foo = foo"});
}

TEST_F(EvaluatorTest, MatchUserSeesTheUserSetSoFar) {
  const std::string config = "Match user alice\n Compression yes\nHost foo\n User alice\nMatch user alice\n Port 2\n";
  const Evaluation e = ok_run(config, "foo");
  EXPECT_EQ(e.value("compression"), "no");
  EXPECT_EQ(e.value("port"), "2");
  EvalRequest with_user;
  with_user.user = "alice";
  EXPECT_EQ(ok_run(config, "foo", with_user).value("compression"), "yes");
}

TEST_F(EvaluatorTest, CommandLineBeatsTheFile) {
  EvalRequest request;
  request.options = {"Ciphers=aes256-ctr", "Compression yes"};
  request.port = "2022";
  const Evaluation e = ok_run("Host foo\n Ciphers aes128-ctr\n Compression no\n Port 1\n", "foo", request);
  EXPECT_EQ(e.value("ciphers"), "aes256-ctr");
  EXPECT_EQ(e.value("compression"), "yes");
  EXPECT_EQ(e.value("port"), "2022");
  EXPECT_EQ(e.origin("port").to_string(), "command-line");
  request.options = {"Host foo"};
  EXPECT_FALSE(run("", "foo", request));
}

TEST_F(EvaluatorTest, AccumulatingAndFirstLineLists) {
  const Evaluation e = ok_run(
      "Host foo\n SendEnv LANG LC_*\n SetEnv A=1\n IdentityFile ~/.ssh/a\n"
      "Host *\n SendEnv -LC_* EDITOR\n SetEnv B=2\n IdentityFile ~/.ssh/b\n"
      " IdentityFile ~/.ssh/a\n",
      "foo");
  EXPECT_EQ(e.values("identityfile"), (std::vector<std::string>{"~/.ssh/a", "~/.ssh/b"}));
  EXPECT_EQ(e.values("sendenv"), (std::vector<std::string>{"LANG", "EDITOR"}));
  EXPECT_EQ(e.values("setenv"), std::vector<std::string>{"A=1"});
  EXPECT_EQ(ok_run("", "foo").values("identityfile").size(), 7u);
}

TEST_F(EvaluatorTest, UserAtHostSetsTheUser) {
  const Evaluation e = ok_run("Host foo\n User bob\n", "alice@foo");
  EXPECT_EQ(e.value("user"), "alice");
  EXPECT_EQ(e.value("host"), "foo");
}

}  // namespace
}  // namespace sshtune::sshconfig
