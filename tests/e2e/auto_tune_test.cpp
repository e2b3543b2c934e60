// Auto-tune end to end: the built `ssh-tune ssh` against a throwaway sshd
// (tools/test-host), HOME and the XDG directories in its temporary directory, and
// an ssh that records the arguments it was given. The first call runs ssh
// unchanged and leaves one background probe that writes the cache; a second,
// concurrent call starts no other; the next call is tuned.
#include "tests/support/shell.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_host.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

using sshtune::testing::TestHost;

namespace {

std::vector<std::string> lines_of(const std::filesystem::path& path) {
  std::istringstream text(sshtune::testing::read_file(path));
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  return lines;
}

// The ssh calls the transfers made through the wrapper: the background measurement's own
// trials run the same SSHTUNE_SSH (the user's ssh times the shortlist) with BatchMode on, and
// ssh-tune asks that ssh its release and defaults (-V, -Q, -G) before reading the config.
std::vector<std::string> transfer_calls(const std::filesystem::path& path) {
  std::vector<std::string> calls;
  for (const std::string& line : lines_of(path)) {
    const bool query = line == "-V" || line.starts_with("-Q ") || line.starts_with("-G ");
    if (line.find("BatchMode=yes") == std::string::npos && !query) calls.push_back(line);
  }
  return calls;
}

std::size_t count_containing(const std::vector<std::string>& lines, const std::string& needle) {
  std::size_t count = 0;
  for (const std::string& line : lines) count += line.find(needle) != std::string::npos;
  return count;
}

// True once nobody holds the probe's lock: the background measurement is over.
bool lock_free(const std::filesystem::path& lock) {
  const int fd = ::open(lock.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) return false;
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
  ::close(fd);
  return free;
}

class AutoTuneEndToEnd : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    m_host = TestHost::start(std::nullopt, error);
    ASSERT_NE(m_host, nullptr) << error;
    const std::filesystem::path dir = m_host->dir();
    m_calls = dir / "ssh-calls";
    std::ofstream(dir / "logssh") << "#!/bin/sh\necho \"$*\" >> '" << m_calls.string() << "'\nexec ssh \"$@\"\n";
    std::filesystem::permissions(dir / "logssh", std::filesystem::perms(0755));
    std::filesystem::create_directories(dir / "config" / "ssh-tune");
    std::ofstream(dir / "config" / "ssh-tune" / "config.toml") << "auto = true\n";
    m_env = "env -u SSHTUNE_AUTO HOME='" + m_host->home().string() + "' XDG_CACHE_HOME='" + dir.string() +
            "/cache' XDG_CONFIG_HOME='" + dir.string() + "/config' SSHTUNE_SSH='" + (dir / "logssh").string() + "' ";
    m_ssh = m_env + SSHTUNE_BINARY + " ssh -F '" + m_host->ssh_config().string() + "' " + TestHost::alias() + " ";
    m_cache = dir / "cache" / "ssh-tune";
  }

  // Waits (up to two minutes) for the background probe to release its lock.
  void wait_for_probe() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (!lock_free(m_cache / "testhost.lock") && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }

  std::unique_ptr<TestHost> m_host;
  std::filesystem::path m_calls, m_cache;
  std::string m_env, m_ssh;
};

TEST_F(AutoTuneEndToEnd, FirstCallRunsUnchangedLeavesOneProbeAndTheNextIsTuned) {
  std::string output;
  // The first transfer runs 3 s; a second one starts while it runs (its probe is pending).
  const std::string both = "(" + m_ssh + "'sleep 3; echo first') & sleep 1; " + m_ssh + "'echo second'; wait";
  ASSERT_EQ(sshtune::testing::run_shell(both + " 2>&1", output), 0) << output;
  EXPECT_NE(output.find("first"), std::string::npos) << output;
  EXPECT_NE(output.find("second"), std::string::npos) << output;
  std::vector<std::string> calls = transfer_calls(m_calls);
  ASSERT_EQ(calls.size(), 2u) << output;
  for (const std::string& call : calls) EXPECT_EQ(call.find("-c "), std::string::npos) << call;  // unchanged

  wait_for_probe();
  const std::vector<std::string> log = lines_of(m_cache / "auto.log");
  const std::string whole = sshtune::testing::read_file(m_cache / "auto.log");
  EXPECT_EQ(count_containing(log, "testhost: measuring: ssh-tune host testhost -F "), 1u) << whole;
  EXPECT_EQ(count_containing(log, "testhost: a measurement is already pending or running"), 1u) << whole;
  EXPECT_EQ(count_containing(log, "testhost: measurement done (exit 0)"), 1u) << whole;
  ASSERT_TRUE(std::filesystem::exists(m_cache / "testhost.toml")) << whole;

  ASSERT_EQ(sshtune::testing::run_shell(m_ssh + "'echo third' 2>&1", output), 0) << output;
  calls = transfer_calls(m_calls);
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_TRUE(calls[2].starts_with("-c ^")) << calls[2];  // tuned: the measured ciphers first
  EXPECT_NE(calls[2].find("-o Compression=no"), std::string::npos) << calls[2];
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(count_containing(lines_of(m_cache / "auto.log"), "measuring:"), 1u);  // fresh: no new probe
  std::cout << whole;
}

TEST_F(AutoTuneEndToEnd, OffByDefault) {
  std::filesystem::remove(m_host->dir() / "config" / "ssh-tune" / "config.toml");
  std::string output;
  ASSERT_EQ(sshtune::testing::run_shell(m_ssh + "true 2>&1", output), 0) << output;
  EXPECT_FALSE(std::filesystem::exists(m_cache / "auto.log"));
  EXPECT_FALSE(std::filesystem::exists(m_cache / "testhost.lock"));
}

}  // namespace
