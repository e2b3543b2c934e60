// `ssh-tune audit` through run_cli: flags, JSON on stdout, exit codes 0/1/2/3/64.
// Always -F (never the real ~/.ssh) and --no-bench (no timing in tests).

#include "tests/support/cli_run.hpp"
#include "tests/support/sshd_fixture.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/cli/command.hpp"
#include "tuner/host/host_cache.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ctime>
#include <sstream>

namespace sshtune::cli {
using sshtune::testing::CliRun;
using sshtune::testing::run;

namespace {

using testing::ScopedEnv;
using testing::TempDir;

class AuditCli : public ::testing::Test {
 protected:
  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  ScopedEnv m_rsync{"RSYNC_RSH", ""};  // the caller's RSYNC_RSH must not leak into findings
};

TEST_F(AuditCli, CleanConfigExitsZero) {
  const auto config = m_dir.write("cfg", "Host a\n  Ciphers ^aes128-gcm@openssh.com\n");
  const CliRun result = run({"audit", "-F", config.string(), "--no-bench"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "no findings\n");
}

TEST_F(AuditCli, JsonAndExitCodeThreeOnFailures) {
  const auto config = m_dir.write("cfg", "Host old\n  Ciphers 3des-cbc\n");
  const CliRun result = run({"audit", "-F", config.string(), "--no-bench", "--json"});
  EXPECT_EQ(result.code, 3) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json.at("findings").size(), 1u);
  EXPECT_EQ(json.at("findings")[0].at("rule"), "algo-deprecated");
  EXPECT_EQ(json.at("findings")[0].at("file"), config.string());
  EXPECT_EQ(json.at("findings")[0].at("line"), 2);
  EXPECT_EQ(json.at("findings")[0].at("host"), "old");
  EXPECT_EQ(json.at("summary").at("worst"), "fail");
}

TEST_F(AuditCli, WarningsExitTwoUnlessFailOnFail) {
  const auto config = m_dir.write("cfg", "Include nowhere.conf\n");
  const CliRun warn = run({"audit", "-F", config.string(), "--no-bench"});
  EXPECT_EQ(warn.code, 2);
  EXPECT_NE(warn.out.find("WARN [include-missing]"), std::string::npos) << warn.out;
  EXPECT_EQ(warn.out.find('\033'), std::string::npos);  // not a TTY: no colour
  EXPECT_EQ(run({"audit", "-F", config.string(), "--no-bench", "--fail-on", "fail"}).code, 0);
}

TEST_F(AuditCli, OperationalAndUsageErrors) {
  const CliRun missing = run({"audit", "-F", (m_dir.path() / "absent").string(), "--no-bench"});
  EXPECT_EQ(missing.code, 1);
  EXPECT_EQ(missing.err, "ssh-tune: " + (m_dir.path() / "absent").string() + ": No such file or directory\n");
  const CliRun bad = run({"audit", "--fail-on", "info"});
  EXPECT_EQ(bad.code, 64);
  EXPECT_EQ(bad.err, "ssh-tune: audit: --fail-on takes warn or fail\n");
  EXPECT_EQ(run({"audit", "--server", "127.0.0.1:0"}).code, 64);
}

TEST_F(AuditCli, SshdFileIsAuditedToo) {
  const auto sshd = m_dir.write("sshd_config", "Ciphers aes256-cbc\n");
  const CliRun result = run({"audit", "-F", "none", "--sshd", sshd.string(), "--no-bench", "--json"});
  EXPECT_EQ(result.code, 3) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json.at("findings").size(), 1u);
  EXPECT_EQ(json.at("findings")[0].at("rule"), "algo-server-legacy");
}

// compression-lan end to end: the facts come from `ssh-tune host`'s cache.
TEST_F(AuditCli, CompressionOnACachedLanHostWarns) {
  host::CachedHost entry;
  entry.host = "nas";
  entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
  entry.rtt_ms = 0.2;
  entry.decision.link_class = rules::LinkClass::link_bound;
  entry.decision.ciphers = {"aes128-gcm@openssh.com"};  // every real decision has some (the cache checks insist)
  ASSERT_TRUE(host::save_cached_host(entry));
  const auto config = m_dir.write("cfg", "Host nas\n  Compression yes\n");
  const CliRun result = run({"audit", "-F", config.string(), "--host", "nas", "--no-bench", "--json"});
  EXPECT_EQ(result.code, 2) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json.at("findings").size(), 1u);
  EXPECT_EQ(json.at("findings")[0].at("rule"), "compression-lan");
  EXPECT_EQ(json.at("findings")[0].at("line"), 2);
  EXPECT_EQ(json.at("findings")[0].at("message"),
            "Compression yes is in effect for nas, but it is on a LAN (RTT 0.2 ms); ssh's zlib (always level 6) then "
            "slows transfers several times");
  // Without a cache entry the rule stays silent.
  const auto other = m_dir.write("cfg2", "Host box\n  Compression yes\n");
  EXPECT_EQ(run({"audit", "-F", other.string(), "--host", "box", "--no-bench"}).code, 0);
}

// --server against a real local sshd (Debian's defaults offer NIST curves, which fail).
TEST_F(AuditCli, LiveServerThroughTheCommandLine) {
  if (auto reason = testing::SshdFixture::unavailable_reason()) GTEST_SKIP() << *reason;
  auto sshd = testing::SshdFixture::start({"Ciphers aes128-cbc,aes128-gcm@openssh.com"});
  ASSERT_TRUE(sshd) << sshd.error().message;
  const std::string endpoint = "127.0.0.1:" + std::to_string(sshd.value()->port());
  const CliRun result = run({"audit", "-F", "none", "--server", endpoint, "--no-bench", "--json"});
  EXPECT_EQ(result.code, 3) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  bool cbc = false;
  for (const nlohmann::json& finding : json.at("findings")) {
    EXPECT_EQ(finding.at("host"), "server " + endpoint);
    cbc = cbc || finding.at("message").get<std::string>().starts_with("server offers Ciphers aes128-cbc,");
  }
  EXPECT_TRUE(cbc) << result.out;
}

// --server ALIAS means what ssh makes of it (HostName, Port, User, IdentityFile, UserKnownHostsFile), and a
// server whose host key is known is read inside a login: sshd logs no connection closed before it.
TEST_F(AuditCli, ServerAliasResolvesThroughSshConfigAndLogsIn) {
  if (auto reason = testing::SshdFixture::unavailable_reason()) GTEST_SKIP() << *reason;
  auto sshd = testing::SshdFixture::start({"LogLevel VERBOSE"});
  ASSERT_TRUE(sshd) << sshd.error().message;
  const std::string config = sshd.value()->ssh_config().string();
  const CliRun result =
      run({"audit", "-F", config, "--server", testing::SshdFixture::host_alias(), "--no-bench", "--json"});
  EXPECT_EQ(result.code, 3) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  ASSERT_FALSE(json.at("findings").empty()) << result.out;
  EXPECT_EQ(json.at("findings").front().at("host"), "server 127.0.0.1:" + std::to_string(sshd.value()->port()));
  const std::string log = sshd.value()->log();
  EXPECT_EQ(log.find("[preauth]"), std::string::npos) << log;
  EXPECT_NE(log.find("Accepted publickey"), std::string::npos) << log;
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / "cache" / "ssh-tune" / "preauth-probes"));
}

TEST_F(AuditCli, HelpListsTheFlags) {
  const CliRun result = run({"audit", "--help"});
  EXPECT_EQ(result.code, 0);
  EXPECT_NE(result.out.find("--fail-on"), std::string::npos);
  EXPECT_NE(result.out.find("--server"), std::string::npos);
}

}  // namespace
}  // namespace sshtune::cli
