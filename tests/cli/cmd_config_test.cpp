// `ssh-tune config HOST`: -G order with origins, JSON, warnings and errors.
// Runs through run_cli, so it needs the local ssh for its capabilities.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/cli/command.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace sshtune::cli {
using sshtune::testing::CliRun;
using sshtune::testing::run;

namespace {

class ConfigCommand : public ::testing::Test {
 protected:
  ConfigCommand() : m_home("HOME", m_dir.path().string()) {}
  testing::TempDir m_dir;
  testing::ScopedEnv m_home;
};

TEST_F(ConfigCommand, PrintsSshGOrderWithOrigins) {
  const auto file = m_dir.write(".ssh/t.conf", "Host *\n Ciphers aes256-ctr\nHost foo\n Ciphers aes128-ctr\n");
  const CliRun r = run({"config", "foo", "-F", file.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "host foo   # command-line");
  EXPECT_NE(r.out.find("\nciphers aes256-ctr   # ~/.ssh/t.conf:2\n"), std::string::npos);
  EXPECT_NE(r.out.find("\ncompression no   # default\n"), std::string::npos);
  EXPECT_NE(r.err.find("warning: ~/.ssh/t.conf:4: ciphers is ignored for foo"), std::string::npos);
}

TEST_F(ConfigCommand, Json) {
  const auto file = m_dir.write("t.conf", "Host foo\n Compression yes\n IdentityFile ~/.ssh/a\n");
  const CliRun r = run({"config", "foo", "-F", file.string(), "--json", "-o", "Ciphers=aes128-ctr"});
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["host"], "foo");
  EXPECT_EQ(json["settings"]["compression"]["value"], "yes");
  EXPECT_EQ(json["settings"]["compression"]["origin"], "~/t.conf:2");
  EXPECT_EQ(json["settings"]["ciphers"]["origin"], "command-line");
  EXPECT_EQ(json["settings"]["identityfile"]["value"][0], "~/.ssh/a");
  EXPECT_TRUE(json["warnings"].empty());
}

TEST_F(ConfigCommand, BadInputIsOneLineNamingFileAndLine) {
  const auto file = m_dir.write("t.conf", "Host unrelated\n Ciphers aes128-ctr,bogus\n");
  const CliRun r = run({"config", "foo", "-F", file.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ssh-tune: " + file.string() + ":2: Bad SSH2 cipher spec 'aes128-ctr,bogus'.\n");
  EXPECT_EQ(run({"config"}).code, 64);
}

TEST_F(ConfigCommand, RunsMatchExecLikeSshG) {
  const auto file = m_dir.write("t.conf", "Match exec \"test %h = foo\"\n Compression yes\n");
  const CliRun r = run({"config", "foo", "-F", file.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\ncompression yes   # ~/t.conf:2\n"), std::string::npos);
  EXPECT_EQ(run({"config", "foo", "-F", file.string(), "--match-exec"}).out, r.out);  // kept as a no-op
}

TEST_F(ConfigCommand, NoExecNamesEachSkippedLine) {
  const auto file = m_dir.write("t.conf", "Match exec \"test %h = foo\"\n Compression yes\nMatch final\n");
  const CliRun r = run({"config", "foo", "-F", file.string(), "--no-exec"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\ncompression no   # default\n"), std::string::npos);
  EXPECT_EQ(r.err,
            "ssh-tune: warning: ~/t.conf"
            ":1: Match exec \"test foo = foo\" not run (--no-exec); treated as a failing command\n");
}

TEST_F(ConfigCommand, FlagsCountInCommandLineOrder) {
  const auto file = m_dir.write("t.conf", "Host git\n User nobody\n");
  const CliRun r = run({"config", "-o", "User=x", "-l", "y", "ssh://alice@git:2200", "-F", file.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("\nuser x   # command-line\n"), std::string::npos);
  EXPECT_NE(r.out.find("\nport 2200   # command-line\n"), std::string::npos);
  const CliRun uri_first = run({"config", "ssh://alice@git", "-l", "y", "-F", file.string()});
  EXPECT_NE(uri_first.out.find("\nuser alice   # command-line\n"), std::string::npos);
}

TEST_F(ConfigCommand, RefusedValueIsExitOneNamingTheLine) {
  const auto file = m_dir.write("t.conf", "Host *\n ForkAfterAuthentication yes\n");
  const CliRun r = run({"config", "foo", "-F", file.string()});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ssh-tune: " + file.string() + ":2: Cannot fork into background without a command to execute.\n");
}

}  // namespace
}  // namespace sshtune::cli
