// The slow-setting rules through `ssh-tune audit`, with the facts read from
// `ssh-tune host`'s cache (written here), and `--fix` moving a `Host *`
// Compression yes into the blocks of the measured slow links.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/host/host_cache.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <ctime>
#include <regex>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::read_file;
using testing::run;

host::CachedTrial trial(host::TrialRole kind, const char* cipher, double mb_per_s) {
  return host::CachedTrial{
      kind,     cipher,      kind == host::TrialRole::zlib_sample || kind == host::TrialRole::zlib_random,
      mb_per_s, 100'000'000, 1};
}

// A fresh cache entry for `host` measured at `rtt_ms`, recommending aes128-gcm.
host::CachedHost measured(const char* host, double rtt_ms, std::vector<host::CachedTrial> trials) {
  host::CachedHost entry;
  entry.host = host;
  entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
  entry.rtt_ms = rtt_ms;
  entry.trials = std::move(trials);
  entry.decision.ciphers = {"aes128-gcm@openssh.com"};
  return entry;
}

// A CPU-bound LAN host as OpenSSH 9.2 moves data on an AES-NI LAN: aes256-ctr at ~55% of aes128-gcm.
host::CachedHost lan_entry() {
  host::CachedHost entry = measured(
      "lan1", 0.2,
      {trial(host::TrialRole::upload, "aes128-gcm@openssh.com", 330), trial(host::TrialRole::upload, "aes256-ctr", 180),
       trial(host::TrialRole::upload, "chacha20-poly1305@openssh.com", 240),
       trial(host::TrialRole::zlib_sample, "aes128-gcm@openssh.com", 38)});
  entry.decision.link_class = rules::LinkClass::cpu_bound;
  return entry;
}

// A 20 Mbit/s WAN host where compressing text paid.
host::CachedHost wan_entry() {
  host::CachedHost entry = measured(
      "wan1", 40,
      {trial(host::TrialRole::upload, "aes128-gcm@openssh.com", 2.4), trial(host::TrialRole::upload, "aes256-ctr", 2.4),
       trial(host::TrialRole::zlib_sample, "aes128-gcm@openssh.com", 10.9)});
  entry.decision.link_class = rules::LinkClass::link_bound;
  entry.decision.bottleneck = rules::Bottleneck::link;
  entry.decision.compression = true;
  return entry;
}

class SlowAuditCli : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(host::save_cached_host(lan_entry()));
    ASSERT_TRUE(host::save_cached_host(wan_entry()));
    std::filesystem::permissions(m_config, std::filesystem::perms(0600));
  }
  std::vector<std::string> messages(const CliRun& result) {
    std::vector<std::string> out;
    const nlohmann::json json = nlohmann::json::parse(result.out);
    for (const nlohmann::json& finding : json.at("findings")) {
      out.push_back(finding.at("rule").get<std::string>() + " " + std::to_string(finding.at("line").get<int>()) + " " +
                    finding.at("host").get<std::string>() + ": " + finding.at("message").get<std::string>());
    }
    return out;
  }

  testing::TempDir m_dir;
  testing::ScopedEnv m_home{"HOME", m_dir.path().string()};
  testing::ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  testing::ScopedEnv m_rsync{"RSYNC_RSH", ""};
  testing::ScopedEnv m_locale{"LC_ALL", "C.UTF-8"};  // ssh-tune's signs ("×", "→") as signs
  const std::string m_before = "Host *\n  Compression yes\nHost *\n  Ciphers aes256-ctr\n";
  std::filesystem::path m_config = m_dir.write(".ssh/config", m_before);
};

TEST_F(SlowAuditCli, HostStarCompressionAndCipherWarnWithTheMeasuredFigures) {
  const CliRun result = run({"audit", "--no-bench", "--json"});
  EXPECT_EQ(result.code, 2) << result.err;
  EXPECT_EQ(
      messages(result),
      (std::vector<std::string>{
          "compression-all-hosts 2 *: Compression yes here applies to every host, LAN ones too: ssh's zlib "
          "(always level 6) cuts a fast link's throughput 5-10x",
          "compression-lan 2 lan1: Compression yes is in effect for lan1, but the last measurement found the "
          "link CPU-bound; its trials moved 330 MB/s with aes128-gcm@openssh.com and 38 MB/s with Compression "
          "yes",
          "slow-first-cipher 4 lan1: Ciphers puts aes256-ctr first for lan1: its trial moved 180 MB/s, 0.55\u00D7 "
          "aes128-gcm@openssh.com (330 MB/s), the fastest of its trials"}))
      << result.out;
}

TEST_F(SlowAuditCli, WithoutMeasurementsThisCpusFiguresAreQuoted) {
  std::filesystem::remove_all(m_dir.path() / "cache");
  const CliRun result = run({"audit", "--json"});  // runs the local benchmarks: figures vary, their form does not
  EXPECT_EQ(result.code, 2) << result.err;
  const std::vector<std::string> found = messages(result);
  ASSERT_GE(found.size(), 2u) << result.out;
  EXPECT_TRUE(std::regex_search(found[0], std::regex("^compression-all-hosts 2 \\*: .* compresses [0-9.]+ MB/s on "
                                                     "this CPU against [0-9.]+ MB/s for [a-z0-9@.-]+, ")))
      << found[0];
  bool cipher = false;
  for (const std::string& message : found) {
    cipher = cipher || std::regex_search(message, std::regex("^(slow-first-cipher|slow-cipher) 4 \\*: Ciphers .*"
                                                             "aes256-ctr.* [0-9.]+ MB/s on this CPU"));
  }
  EXPECT_TRUE(cipher) << result.out;
}

TEST_F(SlowAuditCli, FixDryRunShowsCompressionMovedToTheSlowLink) {
  const auto mtime = testing::mtime_ns_of(m_config);
  const CliRun result = run({"audit", "--fix", "--dry-run", "--no-bench"});
  EXPECT_EQ(result.code, 2) << result.err;
  const std::string path = m_config.string();
  EXPECT_TRUE(result.out.starts_with(
      "--- a" + path + "\n+++ b" + path +
      "\n@@ -1,4 +1,7 @@\n Host *\n"
      "-  Compression yes\n"
      "+  # Compression yes  # ssh-tune audit --fix: compression-all-hosts, moved to Host wan1 at the end of this file\n"
      " Host *\n   Ciphers aes256-ctr\n+\n+Host wan1\n+    Compression yes\n"
      "would fix " +
      path +
      ":2: Compression yes → # Compression yes  # ssh-tune audit --fix: compression-all-hosts, "
      "moved to Host wan1 at the end of this file\n"))
      << result.out;
  EXPECT_EQ(read_file(m_config), m_before);
  EXPECT_EQ(testing::mtime_ns_of(m_config), mtime);
}

TEST_F(SlowAuditCli, FixMovesItAndTheAuditAgainFindsOnlyTheCipher) {
  const CliRun result = run({"audit", "--fix", "--no-bench", "--json"});
  EXPECT_EQ(result.code, 2) << result.err;
  EXPECT_EQ(read_file(m_config),
            "Host *\n  # Compression yes  # ssh-tune audit --fix: compression-all-hosts, moved to Host wan1 at the end "
            "of this file\nHost *\n  Ciphers aes256-ctr\n\nHost wan1\n    Compression yes\n");
  const std::vector<std::string> left = messages(result);
  ASSERT_EQ(left.size(), 1u) << result.out;
  EXPECT_TRUE(left[0].starts_with("slow-first-cipher 4 lan1: ")) << left[0];
  const std::string after = read_file(m_config);
  const CliRun again = run({"audit", "--fix", "--no-bench"});  // nothing more to do
  EXPECT_FALSE(again.out.starts_with("fixed ")) << again.out;
  EXPECT_EQ(read_file(m_config), after);
}

TEST_F(SlowAuditCli, TheUsersOwnOpensshTrialsDecideOverLibssh) {
  host::CachedHost entry = lan_entry();
  entry.host = "box";
  for (host::CachedTrial& t : entry.trials) t.mb_per_s = t.cipher == "aes256-ctr" ? 320 : t.mb_per_s;  // libssh: 0.97x
  host::CachedTrial ssh = trial(host::TrialRole::upload, "aes256-ctr", 150);
  ssh.client = probes::TrialClient::openssh;
  host::CachedTrial ssh_gcm = trial(host::TrialRole::upload, "aes128-gcm@openssh.com", 300);
  ssh_gcm.client = probes::TrialClient::openssh;
  entry.trials.push_back(ssh);
  entry.trials.push_back(ssh_gcm);
  ASSERT_TRUE(host::save_cached_host(entry));
  const auto config = m_dir.write("box.conf", "Host box\n  Ciphers aes256-ctr\n");
  const CliRun result = run({"audit", "-F", config.string(), "--no-bench", "--json"});
  EXPECT_EQ(messages(result),
            (std::vector<std::string>{"slow-first-cipher 2 box: Ciphers puts aes256-ctr first for box: "
                                      "its trial moved 150 MB/s, 0.50\u00D7 aes128-gcm@openssh.com "
                                      "(300 MB/s), the fastest of its trials"}))
      << result.out;
}

TEST_F(SlowAuditCli, CompressionOnlyInAMeasuredWanHostsBlockGetsNoWarning) {
  const auto config = m_dir.write("wan.conf", "Host wan1\n  Compression yes\n");
  const CliRun result = run({"audit", "-F", config.string(), "--no-bench"});
  EXPECT_EQ(result.code, 0) << result.out;
  EXPECT_EQ(result.out, "no findings\n");
}

}  // namespace
}  // namespace sshtune::cli
