// `ssh-tune host` with several hosts, in process: usage errors, and a fleet whose
// hosts all refuse the connection (127.0.0.1, closed ports: no network needed).
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::run;
using testing::ScopedEnv;
using testing::TempDir;

class CliFleet : public ::testing::Test {
 protected:
  CliFleet() {
    // Port 1 on loopback: nothing listens there, so every connection is refused at once.
    m_config = m_dir.write(".ssh/config", "Host one two\n  HostName 127.0.0.1\n  Port 1\nHost *\n").string();
  }
  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  ScopedEnv m_rules{"XDG_CONFIG_HOME", (m_dir.path() / "xdg").string()};
  std::string m_config;
};

TEST_F(CliFleet, NoHostIsAUsageError) {
  const CliRun r = run({"host"});
  EXPECT_EQ(r.code, 64);
  EXPECT_TRUE(r.err.starts_with("ssh-tune: host: missing HOST; usage: ssh-tune host HOST...|--all|--hosts FILE "))
      << r.err;
}

TEST_F(CliFleet, AllWithoutConcreteAliasesIsAUsageError) {
  const auto only_patterns = m_dir.write("patterns", "Host *.lan\nHost *\n").string();
  const CliRun r = run({"host", "--all", "-F", only_patterns});
  EXPECT_EQ(r.code, 64);
  EXPECT_EQ(r.err, "ssh-tune: host: --all: no concrete Host alias in " + only_patterns + "\n");
}

TEST_F(CliFleet, MissingHostsFileNamesIt) {
  const std::string missing = (m_dir.path() / "missing.txt").string();
  const CliRun r = run({"host", "--hosts", missing});
  EXPECT_EQ(r.code, 1);
  EXPECT_TRUE(r.err.starts_with("ssh-tune: " + missing + ": ")) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(CliFleet, EveryHostFailingGivesATableAndExitOne) {
  const CliRun r = run({"host", "one", "two", "-F", m_config, "--budget", "1"});
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_TRUE(r.out.starts_with("host  bottleneck  choice  compression  steady  steady now  gain\none   failed: one: "))
      << r.out;
  EXPECT_NE(r.out.find("\ntwo   failed: two: "), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("2 hosts: 0 tuned, 2 failed\n")) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST_F(CliFleet, JsonArrayOfErrorsAndNothingWritten) {
  const CliRun r = run({"host", "--all", "-F", m_config, "--json", "--write"});
  EXPECT_EQ(r.code, 1);
  const auto json = nlohmann::json::parse(r.out);
  ASSERT_EQ(json.size(), 2u);
  EXPECT_EQ(json[0].at("host"), "one");
  EXPECT_TRUE(json[0].at("error").get<std::string>().starts_with("one: ")) << json.dump();
  EXPECT_EQ(json[1].at("host"), "two");
  EXPECT_EQ(r.err,
            "note: --all skips what is not one concrete host (patterns, negations): *\n"
            "nothing written: no host was tuned\n");
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / ".ssh/ssh-tune.conf"));
}

}  // namespace
}  // namespace sshtune::cli
