// `ssh-tune snippet HOST --for KIND`: in process through run_cli, and once
// through the built binary, with HOME and the XDG dirs in a temp dir.

#include "tests/support/cli_run.hpp"
#include "tests/support/shell.hpp"
#include "tuner/cli/command.hpp"
#include "tuner/host/host_cache.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <ctime>
#include <sstream>

using namespace sshtune;
using namespace sshtune::cli;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;

using sshtune::testing::CliRun;
using sshtune::testing::run;

namespace {

class Snippet : public ::testing::Test {
 protected:
  Snippet()
      : m_home("HOME", m_dir.path().string()),
        m_cache("XDG_CACHE_HOME", (m_dir.path() / "cache").string()),
        m_config("XDG_CONFIG_HOME", (m_dir.path() / "config").string()) {}

  void cache_db1(bool compression, const std::string& rsync_compress, const std::string& client = "OpenSSH_9.2p1") {
    host::CachedHost entry;
    entry.host = "db1";
    entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
    entry.client_version = client;
    entry.sample = "built-in mixed corpus";
    entry.decision.ciphers = {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
    entry.decision.compression = compression;
    entry.decision.rsync_compress = rsync_compress;
    const auto saved = host::save_cached_host(entry);
    ASSERT_TRUE(saved) << saved.error().message;
  }

  TempDir m_dir;
  ScopedEnv m_home, m_cache, m_config;
};

}  // namespace

TEST_F(Snippet, RsyncFromTheCache) {
  cache_db1(true, "zstd");
  const CliRun r = run({"snippet", "db1", "--for", "rsync"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "rsync -e 'ssh -o Compression=no -c ^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' "
            "--compress-choice=zstd SOURCE db1:DEST\n");
  EXPECT_EQ(r.err, "");
}

TEST_F(Snippet, ScpSftpSsh) {
  cache_db1(true, "zlib");
  EXPECT_EQ(run({"snippet", "db1", "--for", "scp"}).out,
            "scp -c '^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' -o Compression=yes SOURCE db1:DEST\n");
  EXPECT_EQ(run({"snippet", "db1", "--for", "sftp"}).out,
            "sftp -c '^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' -o Compression=yes db1\n");
  EXPECT_EQ(run({"snippet", "--for", "ssh", "db1"}).out,
            "ssh -c '^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' -o Compression=yes db1\n");
}

TEST_F(Snippet, SshConfigBlock) {
  cache_db1(false, "", "OpenSSH_7.4p1");
  const CliRun r = run({"snippet", "db1", "--for", "ssh-config"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("# ssh-tune: measured ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nHost db1\n    Ciphers aes128-gcm@openssh.com,chacha20-poly1305@openssh.com\n"
                       "    Compression no\n"),
            std::string::npos)
      << r.out;
}

TEST_F(Snippet, Json) {
  cache_db1(false, "");
  const CliRun r = run({"snippet", "db1", "--for", "ssh", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["host"], "db1");
  EXPECT_EQ(json["for"], "ssh");
  EXPECT_EQ(json["snippet"], "ssh -c '^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' -o Compression=no db1\n");
  EXPECT_GT(json["measured_unix"].get<std::int64_t>(), 0);
}

TEST_F(Snippet, UserTemplateOverride) {
  cache_db1(true, "zstd");
  m_dir.write("config/ssh-tune/templates/rsync.tmpl", "rsync -aP {{rsync_compress}} -e 'ssh -c {{first_cipher}}'\n");
  EXPECT_EQ(run({"snippet", "db1", "--for", "rsync"}).out,
            "rsync -aP --compress-choice=zstd -e 'ssh -c aes128-gcm@openssh.com'\n");
}

TEST_F(Snippet, BrokenUserTemplateNamesFileAndLine) {
  cache_db1(true, "zstd");
  const auto path = m_dir.write("config/ssh-tune/templates/scp.tmpl", "{{! mine }}\nscp {{cipher}}\n");
  const CliRun r = run({"snippet", "db1", "--for", "scp"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ssh-tune: " + path.string() + ":2: unknown variable 'cipher'\n");
}

TEST_F(Snippet, NoMeasurement) {
  const CliRun r = run({"snippet", "db9", "--for", "rsync"});
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err, "ssh-tune: no measurement for db9; run 'ssh-tune host db9' first\n");
  EXPECT_EQ(r.out, "");
}

TEST_F(Snippet, UsageErrors) {
  cache_db1(false, "");
  const CliRun missing_for = run({"snippet", "db1"});
  EXPECT_EQ(missing_for.code, 64);
  EXPECT_EQ(missing_for.err,
            "ssh-tune: snippet: --for is required; usage: ssh-tune snippet HOST --for "
            "ssh-config|rsync|scp|sftp|ssh|parallel [--json]\n");
  const CliRun bad_kind = run({"snippet", "db1", "--for", "borg"});
  EXPECT_EQ(bad_kind.code, 64);
  EXPECT_EQ(bad_kind.err,
            "ssh-tune: snippet: unknown --for 'borg'; expected ssh-config, rsync, scp, sftp, ssh or parallel\n");
  EXPECT_EQ(run({"snippet", "--for", "rsync"}).code, 64);
}

TEST_F(Snippet, ThroughTheBinary) {
  cache_db1(true, "zstd");
  const auto run = sshtune::testing::shell(std::string(SSHTUNE_BINARY) + " snippet db1 --for rsync");
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out,
            "rsync -e 'ssh -o Compression=no -c ^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com' "
            "--compress-choice=zstd SOURCE db1:DEST\n");
}
