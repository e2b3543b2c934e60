// tune_fleet and write_fleet over fakes: one host after another through one
// environment, a failing host recorded while the rest go on, one edit for all.
#include "tests/host/host_fixtures.hpp"
#include "tuner/host/fleet.hpp"
#include "tuner/host/fleet_write.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

namespace sshtune::host {
namespace {

using testing::FakeHostWorld;
using testing::ScopedEnv;
using testing::TempDir;

// A runner whose host refuses the connection.
class RefusingRunner final : public probes::RemoteRunner {
 public:
  Result<probes::AccessCheck> check_access() override {
    return Error{ErrorKind::remote, "192.0.2.9: connect: Connection refused"};
  }
  Result<probes::TrialResult> run(const probes::TrialSpec&) override {
    return Error{ErrorKind::remote, "not connected"};
  }
};

// `ssh -G` as the edit would see it: each host shows what its block in the managed file says.
class ManagedFileSsh final : public edit::SshClient {
 public:
  std::vector<std::string> hosts;
  Result<ProcessResult> dump_config(const std::filesystem::path& config, const std::string& host) override {
    hosts.push_back(host);
    const std::string managed = testing::read_file(config.parent_path() / "ssh-tune.conf");
    const auto block = managed.find("Host " + host + "\n");
    if (block == std::string::npos) return ProcessResult{0, "ciphers chacha20-poly1305@openssh.com\n", ""};
    return ProcessResult{0,
                         "ciphers " + value_after(managed, block, "Ciphers ^") + "\ncompression " +
                             value_after(managed, block, "Compression ") + "\n",
                         ""};
  }

 private:
  static std::string value_after(const std::string& text, std::size_t from, const std::string& key) {
    const auto start = text.find(key, from) + key.size();
    return text.substr(start, text.find('\n', start) - start);
  }
};

// A file system that records renames: each file an edit writes is renamed into place once.
class CountingFileSystem final : public edit::FileSystem {
 public:
  int renames = 0;
  std::vector<std::filesystem::path> renamed_to;
  Result<edit::FileState> stat(const std::filesystem::path& p) override { return m_real.stat(p); }
  Result<std::string> read(const std::filesystem::path& p) override { return m_real.read(p); }
  Result<edit::TempFile> create_temp(const std::filesystem::path& d, const std::string& s) override {
    return m_real.create_temp(d, s);
  }
  Result<void> write_all(const edit::TempFile& f, std::string_view data) override { return m_real.write_all(f, data); }
  Result<void> set_owner_and_mode(const edit::TempFile& f, const edit::FileState& w) override {
    return m_real.set_owner_and_mode(f, w);
  }
  Result<void> sync_and_close(edit::TempFile& f) override { return m_real.sync_and_close(f); }
  void discard(edit::TempFile& f) override { m_real.discard(f); }
  Result<void> rename(const std::filesystem::path& from, const std::filesystem::path& to) override {
    ++renames;
    renamed_to.push_back(to);
    return m_real.rename(from, to);
  }
  Result<void> remove(const std::filesystem::path& p) override { return m_real.remove(p); }
  Result<void> sync_dir(const std::filesystem::path& d) override { return m_real.sync_dir(d); }

 private:
  edit::PosixFileSystem m_real;
};

class Fleet : public ::testing::Test {
 protected:
  Fleet() {
    m_config = m_dir.write(".ssh/config", "Host web db\n  HostName 10.0.0.5\nHost down\n  HostName 192.0.2.9\n");
    testing::script_speeds(m_world.runner, {{"aes128-gcm@openssh.com", 300}, {"aes256-ctr", 150}});
    testing::script_client_speeds(m_world.client, {{"aes128-gcm@openssh.com", 280}, {"aes256-ctr", 140}});
    m_env.make_runner = [this](const probes::RemoteTarget& target) -> std::unique_ptr<probes::RemoteRunner> {
      ++m_world.runners_made;
      if (target.hostname == "192.0.2.9") return std::make_unique<RefusingRunner>();
      return std::make_unique<testing::ForwardingRunner>(m_world.runner);
    };
  }

  std::vector<HostRequest> requests(const std::vector<std::string>& hosts) const {
    std::vector<HostRequest> all;
    for (const std::string& host : hosts) {
      HostRequest request;
      request.host = host;
      request.overrides.config_file = m_config.string();
      all.push_back(request);
    }
    return all;
  }

  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  std::filesystem::path m_config;
  FakeHostWorld m_world;
  HostEnvironment m_env = m_world.environment();
};

TEST_F(Fleet, ADownHostInTheMiddleDoesNotStopTheRest) {
  const auto results = tune_fleet(requests({"web", "down", "db"}), m_env);
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0].host, "web");
  ASSERT_TRUE(results[0].outcome);
  EXPECT_FALSE(results[0].error);
  EXPECT_EQ(results[0].outcome->entry.decision.ciphers.front(), "aes128-gcm@openssh.com");
  EXPECT_TRUE(results[0].snippets.contains("ssh_config"));
  EXPECT_EQ(results[1].host, "down");
  EXPECT_FALSE(results[1].outcome);
  ASSERT_TRUE(results[1].error);
  EXPECT_EQ(results[1].error->message, "down: 192.0.2.9: connect: Connection refused");
  EXPECT_EQ(results[2].host, "db");
  EXPECT_TRUE(results[2].outcome);
  EXPECT_FALSE(all_succeeded(results));
  EXPECT_EQ(m_world.saves, 2);  // the failed host caches nothing
}

TEST_F(Fleet, ProgressNamesEachHostBeforeAndAfter) {
  std::vector<std::string> events;
  FleetProgress progress{[&](std::size_t i, std::size_t n, const std::string& host) {
                           events.push_back("start " + std::to_string(i) + "/" + std::to_string(n) + " " + host);
                         },
                         [&](std::size_t i, std::size_t, const FleetResult& r) {
                           events.push_back("end " + std::to_string(i) + " " + (r.error ? "failed" : "ok"));
                         }};
  tune_fleet(requests({"web", "down"}), m_env, progress);
  EXPECT_EQ(events, (std::vector<std::string>{"start 0/2 web", "end 0 ok", "start 1/2 down", "end 1 failed"}));
}

TEST_F(Fleet, LocalMeasurementsRunOncePerRun) {
  int cipher_runs = 0;
  int compression_runs = 0;
  int rsync_runs = 0;
  m_env.cipher_speeds = [&] {
    ++cipher_runs;
    return std::vector<probes::CipherSpeed>{};
  };
  m_env.compression_speeds = [&](const std::string&) {
    ++compression_runs;
    return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 40, 200, 1u << 20}};
  };
  m_env.local_rsync = [&] {
    ++rsync_runs;
    return probes::RemoteTools{};
  };
  share_local_measurements(m_env);
  const auto results = tune_fleet(requests({"web", "db"}), m_env);
  EXPECT_TRUE(all_succeeded(results));
  EXPECT_EQ(cipher_runs, 1);
  EXPECT_EQ(compression_runs, 1);
  EXPECT_EQ(rsync_runs, 1);
  EXPECT_EQ(m_world.runners_made, 2);  // the trials themselves are per host
}

TEST_F(Fleet, CompressionIsMeasuredAgainForAnotherSample) {
  int runs = 0;
  m_env.compression_speeds = [&](const std::string&) {
    ++runs;
    return std::vector<probes::CompressionSpeed>{};
  };
  share_local_measurements(m_env);
  m_env.compression_speeds("a");
  m_env.compression_speeds("a");
  m_env.compression_speeds("b");
  EXPECT_EQ(runs, 2);
}

TEST_F(Fleet, AnErrorNamesItsHostOnce) {
  EXPECT_EQ(error_for_host("web", Error{ErrorKind::remote, "web: host key is not known"}).message,
            "web: host key is not known");
  EXPECT_EQ(error_for_host("web", Error{ErrorKind::remote, "10.0.0.5: timeout"}).message, "web: 10.0.0.5: timeout");
}

TEST_F(Fleet, WriteAppliesEverySuccessfulHostInOneEdit) {
  const auto before = testing::read_file(m_config);
  const auto results = tune_fleet(requests({"web", "down", "db"}), m_env);
  CountingFileSystem fs;
  ManagedFileSsh ssh;
  edit::EditEnv env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  const auto report = write_fleet(results, m_config.string(), false, env);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().changed.size(), 2u);  // the managed file and the Include line, once each
  std::sort(fs.renamed_to.begin(), fs.renamed_to.end());
  EXPECT_EQ(fs.renamed_to, (std::vector<std::filesystem::path>{m_config, m_config.string() + ".ssh-tune.bak",
                                                               m_dir.path() / ".ssh/ssh-tune.conf"}));
  const std::string managed = testing::read_file(m_dir.path() / ".ssh/ssh-tune.conf");
  EXPECT_NE(managed.find("Host web\n"), std::string::npos) << managed;
  EXPECT_NE(managed.find("Host db\n"), std::string::npos) << managed;
  EXPECT_EQ(managed.find("Host down"), std::string::npos) << managed;
  EXPECT_NE(std::find(ssh.hosts.begin(), ssh.hosts.end(), "web"), ssh.hosts.end());
  EXPECT_NE(std::find(ssh.hosts.begin(), ssh.hosts.end(), "db"), ssh.hosts.end());
  EXPECT_EQ(testing::read_file(m_config), "Include ~/.ssh/ssh-tune.conf\n" + before);
}

TEST_F(Fleet, DryRunGivesOneDiffAndWritesNothing) {
  const auto results = tune_fleet(requests({"web", "db"}), m_env);
  CountingFileSystem fs;
  ManagedFileSsh ssh;
  edit::EditEnv env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  const auto report = write_fleet(results, m_config.string(), true, env);
  ASSERT_TRUE(report) << report.error().message;
  const std::string& diff = report.value().diff;
  EXPECT_NE(diff.find("+Host web"), std::string::npos) << diff;
  EXPECT_NE(diff.find("+Host db"), std::string::npos) << diff;
  EXPECT_EQ(fs.renames, 0);
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / ".ssh/ssh-tune.conf"));
}

TEST_F(Fleet, NoSuccessfulHostWritesNothing) {
  const auto results = tune_fleet(requests({"down"}), m_env);
  CountingFileSystem fs;
  ManagedFileSsh ssh;
  edit::EditEnv env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  const auto report = write_fleet(results, m_config.string(), false, env);
  ASSERT_TRUE(report);
  EXPECT_TRUE(report.value().changed.empty());
  EXPECT_EQ(fs.renames, 0);
}

}  // namespace
}  // namespace sshtune::host
