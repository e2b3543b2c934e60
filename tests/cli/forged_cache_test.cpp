// Forged cache entries (~/.cache/ssh-tune/HOST.toml) against `snippet` and
// `host --write`, through run_cli with HOME and the XDG dirs in a temp dir: an
// entry of another owner, a shared mode, a newline or a quote in a cipher, a weak
// cipher, out-of-range numbers. Each is refused with the file and the field named
// (exit 1) before it is used: no file changes and the injected command never runs.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_home.hpp"
#include "tests/support/tree_snapshot.hpp"
#include "tuner/host/host_cache.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <ctime>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::TempDir;
using testing::TempHome;
using testing::TreeSnapshot;

class ForgedCache : public ::testing::Test {
 protected:
  ForgedCache() {
    m_config = m_dir.write(".ssh/config", "Host db1\n  HostName 127.0.0.1\n  Port 1\n");
    host::CachedHost entry;
    entry.host = "db1";
    entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
    entry.client_version = "OpenSSH_9.2p1";
    entry.sample = "built-in mixed corpus";
    entry.decision.ciphers = {"aes128-gcm@openssh.com"};
    EXPECT_TRUE(host::save_cached_host(entry));
    m_entry = host::cache_path("db1");
  }
  std::string marker() const { return (m_dir.path() / "MARKER").string(); }
  // Replaces `from` with `to` in the cached entry (the file keeps its owner and mode).
  void forge(const std::string& from, const std::string& to) {
    std::string text = testing::read_file(m_entry);
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << text;
    text.replace(at, from.size(), to);
    m_dir.write("cache/ssh-tune/db1.toml", text);
  }
  // Runs `args`, expecting exit 1 with exactly `message`, and that nothing changed.
  void expect_refused(const Args& args, const std::string& message) {
    const TreeSnapshot before(m_dir.path());
    const CliRun result = testing::run(args);
    EXPECT_EQ(result.code, 1) << ::testing::PrintToString(args) << result.out;
    EXPECT_EQ(result.err, "ssh-tune: " + message + " (ssh-tune host db1 --fresh measures again and replaces it)\n")
        << ::testing::PrintToString(args);
    EXPECT_EQ(TreeSnapshot(m_dir.path()).differences_from(before), "") << ::testing::PrintToString(args);
    EXPECT_FALSE(std::filesystem::exists(marker()));
  }
  void expect_refused_everywhere(const std::string& message) {
    expect_refused({"snippet", "db1", "--for", "ssh"}, message);
    expect_refused({"snippet", "db1", "--for", "ssh-config"}, message);
    expect_refused({"host", "db1", "--write"}, message);
    expect_refused({"host", "db1", "--dry-run"}, message);
  }

  TempHome m_home;
  const TempDir& m_dir = m_home.dir;
  std::filesystem::path m_config;
  std::filesystem::path m_entry;
};

TEST_F(ForgedCache, TheHonestEntryIsUsed) {
  const CliRun result = testing::run({"snippet", "db1", "--for", "ssh"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.out, "ssh -c '^aes128-gcm@openssh.com' -o Compression=no db1\n");
}

TEST_F(ForgedCache, AnEntryOwnedByAnotherUser) {
  ASSERT_EQ(::chown(m_entry.c_str(), 65534, 65534), 0);
  expect_refused_everywhere(m_entry.string() + ": owned by uid 65534, not by uid " + std::to_string(::geteuid()) +
                            "; refusing to use it");
}

TEST_F(ForgedCache, AWorldWritableEntryInAWorldWritableDirectory) {
  std::filesystem::permissions(m_entry, std::filesystem::perms(0666));
  expect_refused_everywhere(m_entry.string() + ": writable by group or others (mode 0666); refusing to use it");
  std::filesystem::permissions(m_entry, std::filesystem::perms(0600));
  std::filesystem::permissions(host::cache_dir(), std::filesystem::perms(0777));
  expect_refused_everywhere(host::cache_dir().string() +
                            ": writable by group or others (mode 0777); refusing to use it");
}

TEST_F(ForgedCache, ANewlineInACipherThatWouldRunMatchExec) {
  forge("'aes128-gcm@openssh.com'", "\"aes128-ctr\\nMatch exec \\\"touch " + marker() + "\\\" #\"");
  expect_refused_everywhere(m_entry.string() + ": decision.ciphers: 'aes128-ctr\\nMatch exec \"touch " + marker() +
                            "\" #' is not an SSH algorithm name; refusing it");
}

TEST_F(ForgedCache, AQuoteInACipher) {
  forge("'aes128-gcm@openssh.com'", "\"aes128-ctr' -oProxyCommand='touch " + marker() + "\"");
  expect_refused_everywhere(m_entry.string() + ": decision.ciphers: 'aes128-ctr' -oProxyCommand='touch " + marker() +
                            "' is not an SSH algorithm name; refusing it");
}

TEST_F(ForgedCache, AQuoteInAOneWordCipher) {
  forge("'aes128-gcm@openssh.com'", "\"aes128-ctr';touch${IFS}" + marker() + ";'\"");
  expect_refused_everywhere(m_entry.string() + ": decision.ciphers: 'aes128-ctr';touch${IFS}" + marker() +
                            ";'' is not supported by the local ssh (ssh -Q cipher); refusing it");
}

TEST_F(ForgedCache, AWeakCipher) {
  forge("'aes128-gcm@openssh.com'", "\"3des-cbc\"");
  expect_refused_everywhere(m_entry.string() +
                            ": decision.ciphers: 3des-cbc is deprecated, below the security "
                            "floor (acceptable or better); refusing to use it");
}

TEST_F(ForgedCache, OutOfRangeNumbers) {
  forge("expected_mb_per_s = 0.0", "expected_mb_per_s = inf");
  expect_refused_everywhere(m_entry.string() +
                            ": decision.expected_mb_per_s: out of range (inf, expected 0 to "
                            "1000000); refusing it");
}

TEST_F(ForgedCache, AnEntryFromTheFuture) {
  forge("measured_unix = ", "measured_unix = 4");  // 4xxxxxxxxx: decades ahead, never stale
  const std::string text = testing::read_file(m_entry);
  const auto at = text.find("measured_unix = ") + std::string("measured_unix = ").size();
  const std::string forged = text.substr(at, text.find('\n', at) - at);
  expect_refused_everywhere(m_entry.string() + ": measured_unix: out of range (" + forged + "); refusing it");
}

}  // namespace
}  // namespace sshtune::cli
