// Evaluations through a shared ConfigCache (as the audit evaluates every host)
// give exactly what evaluations reading the files afresh give: settings, origins,
// dead lines, notes, skipped exec commands and errors.

#include "tests/sshconfig/eval_fixture.hpp"
#include "tuner/sshconfig/config_cache.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

// Everything an evaluation says, as one text to compare.
std::string fingerprint(const Result<Evaluation>& result) {
  if (!result) return "error: " + result.error().message;
  std::string text;
  for (const Setting& setting : result.value().settings) {
    text += setting.keyword + " " + setting.value + " @" + setting.origin.to_string() + "\n";
  }
  for (const DeadLine& dead : result.value().dead_lines) {
    text += "dead " + dead.keyword + " " + dead.dead.to_string() + " < " + dead.winner.to_string() +
            (dead.scoped ? " scoped\n" : "\n");
  }
  for (const std::string& note : result.value().notes) text += "note " + note + "\n";
  for (const SkippedExec& exec : result.value().skipped_exec) {
    text += "exec " + exec.line.to_string() + " " + exec.command + "\n";
  }
  return text + (result.value().final_pass ? "final\n" : "");
}

class ConfigCacheTest : public EvalFixture {
 protected:
  // Evaluates `config` for each host afresh and through one cache; both must agree.
  void expect_same(const std::string& config, const std::vector<std::string>& hosts) {
    ConfigCache cache(*m_client);
    const std::filesystem::path file = m_dir.write("t.conf", config);
    for (const std::string& host : hosts) {
      EvalRequest request;
      request.host = host;
      request.config_file = file;
      const std::string fresh = fingerprint(evaluate(request, *m_client));
      request.cache = &cache;
      EXPECT_EQ(fingerprint(evaluate(request, *m_client)), fresh) << "host " << host << " of:\n" << config;
    }
  }

  // The user an evaluation of host a through `cache` reads after t.conf changed
  // from User first to User second since the first evaluation.
  std::string user_after_rewrite(ConfigCache& cache) {
    EvalRequest request;
    request.cache = &cache;
    EXPECT_TRUE(run("Host a\n User first\n", "a", request));
    request.host = "a";
    request.config_file = path("t.conf");
    m_dir.write("t.conf", "Host a\n User second\n");
    const Result<Evaluation> again = evaluate(request, *m_client);
    return again ? again.value().value("user").value_or("<none>") : again.error().message;
  }
};

const std::vector<std::string> k_hosts{"a", "b", "c", "A", "d.example.com", "real", "x"};

TEST_F(ConfigCacheTest, LiteralHostBlocksAgree) {
  expect_same(
      "Ciphers aes128-ctr\nHost a b\n User ua\n Ciphers aes256-ctr\nHost c !a\n Port 2200\nHost !b a\n"
      " Compression yes\nHost *\n Compression no\n Ciphers aes192-ctr\nHost A\n User big\n",
      k_hosts);
}

TEST_F(ConfigCacheTest, LiteralMatchBlocksFollowHostName) {
  expect_same(
      "Host a\n HostName Real\nMatch host real\n User r\n Ciphers aes256-ctr\nMatch originalhost A,b\n"
      " Port 2222\nMatch host b originalhost c\n User never\nMatch host c originalhost c\n User cc\n"
      "Match host x,real user r\n Compression yes\nHost *\n Ciphers aes128-ctr\n",
      k_hosts);
}

TEST_F(ConfigCacheTest, InertLinesWithEffectsAreStillRead) {
  expect_same(
      "Host b\n StreamLocalBindMask 0077\n SyslogFacility USER\n UseRoaming no\n Bogus yes\nHost a\n"
      " StreamLocalBindMask 0007\n IgnoreUnknown Bogus*\nHost *\n BogusToo 1\n",
      k_hosts);
}

TEST_F(ConfigCacheTest, IgnoreUnknownSetEarlierIsHonoured) {
  expect_same("Host a\n IgnoreUnknown Foo\nHost b\n Foo bar\nHost c\n Port 1\n", k_hosts);
}

TEST_F(ConfigCacheTest, IncludesInInactiveBlocksAndFinalPasses) {
  m_dir.write("inc1.conf", "Host a\n User inc\nMatch host real\n Port 2022\nMatch exec \"true %h\"\n Port 1\n");
  m_dir.write("inc2.conf", "Ciphers aes256-ctr\nHost c\n Ciphers aes128-ctr\n");
  expect_same("Host b\n Include " + path("inc*.conf") + "\nHost a c\n Include " + path("inc2.conf") +
                  "\nHost a\n HostName real\nMatch final host real\n Compression yes\nHost *\n Include " +
                  path("inc1.conf") + "\n",
              k_hosts);
}

TEST_F(ConfigCacheTest, IncludedFilesThatCannotMatchArePassedOver) {
  m_dir.write("d/01.conf", "# a\nHost a\n User ua\n");
  m_dir.write("d/02.conf", "Host b\n HostName Real\n");
  m_dir.write("d/03.conf", "Match host real\n Port 2022\n");
  m_dir.write("d/04.conf", "Port 1\nHost c\n User uc\n");  // a directive before its first block
  m_dir.write("d/05.conf", "Match originalhost A\n User big\n");
  m_dir.write("d/06.conf", "Host x\n IgnoreUnknown Foo\nHost *\n Foo bar\n");
  m_dir.write("d/07.conf", "Host d.example.com\n StreamLocalBindMask 0077\n");
  m_dir.write("d/08.conf", "Host b\n User second\nMatch host b\n User third\n");
  std::filesystem::create_directories(m_dir.path() / "d/09.conf");
  expect_same("Include " + path("d/*.conf") + "\nHost a b\n Include " + path("d/0[1-3].conf") + "\n", k_hosts);
  expect_same("Host nobody\n Include " + path("d/*.conf") + "\n", k_hosts);
}

TEST_F(ConfigCacheTest, ErrorsAreTheSame) {
  expect_same("Host a\n Port notaport\nHost b\n User x\n", k_hosts);
  expect_same("Host a\n HostName %p\nMatch host foo\n User x\n", k_hosts);
  expect_same("Host a\nHost\nMatch host b extra\n", k_hosts);
}

TEST_F(ConfigCacheTest, EachFileIsReadOnce) {
  ConfigCache cache(*m_client);
  EXPECT_EQ(user_after_rewrite(cache), "first");
}

TEST_F(ConfigCacheTest, ACacheForAnotherClientIsNotUsed) {
  ConfigCache cache(sshtune::testing::openssh_release_snapshot("OpenSSH_10.0p2"));
  EXPECT_EQ(user_after_rewrite(cache), "second");
}

}  // namespace
}  // namespace sshtune::sshconfig
