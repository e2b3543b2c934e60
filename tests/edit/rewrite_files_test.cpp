// rewrite_files (what `audit --fix` writes through): dry run, backups, modes,
// the concurrent-change check and the rollback when ssh rejects the result.

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/editor.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::FakeSsh;
using testing::mode_of;
using testing::mtime_ns_of;

class RewriteFilesTest : public ::testing::Test {
 protected:
  RewriteFilesTest() {
    std::filesystem::permissions(m_config, std::filesystem::perms(0640));
    std::filesystem::permissions(m_included, std::filesystem::perms(0664));
  }

  Result<EditReport> rewrite(const std::vector<PlannedWrite>& writes, bool dry_run = false) {
    EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
    return rewrite_files(writes, m_config, dry_run, env);
  }

  TempDir m_home;
  ScopedEnv m_home_env{"HOME", m_home.path().string()};
  std::filesystem::path m_config = m_home.write(".ssh/config", "Include inc.conf\nHost a\n  Ciphers aes128-ctr,3des\n");
  std::filesystem::path m_included = m_home.write(".ssh/inc.conf", "Host b\n  Compression yes\n");
  PosixFileSystem m_fs;
  FakeSsh m_ssh;
};

std::vector<PlannedWrite> two_fixes(const std::filesystem::path& config, const std::filesystem::path& included) {
  return {PlannedWrite{config, read_file(config), "Include inc.conf\nHost a\n  Ciphers aes128-ctr\n"},
          PlannedWrite{included, read_file(included), "Host b\n  Compression no\n", 0644}};
}

TEST_F(RewriteFilesTest, DryRunReportsTheDiffAndTouchesNothing) {
  const auto config_mtime = mtime_ns_of(m_config);
  const auto report = rewrite(two_fixes(m_config, m_included), true);
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().diff, "--- a" + m_config.string() + "\n+++ b" + m_config.string() +
                                     "\n@@ -1,3 +1,3 @@\n Include inc.conf\n Host a\n-  Ciphers aes128-ctr,3des\n"
                                     "+  Ciphers aes128-ctr\n--- a" +
                                     m_included.string() + "\n+++ b" + m_included.string() +
                                     "\n@@ -1,2 +1,2 @@\n Host b\n-  Compression yes\n"
                                     "+  Compression no\n");
  EXPECT_EQ(read_file(m_config), "Include inc.conf\nHost a\n  Ciphers aes128-ctr,3des\n");
  EXPECT_EQ(mtime_ns_of(m_config), config_mtime);
  EXPECT_EQ(mode_of(m_included), 0664u);
  EXPECT_EQ(m_ssh.calls, 0);
}

TEST_F(RewriteFilesTest, WritesEveryFileWithBackupsKeepingOrSettingTheMode) {
  const auto report = rewrite(two_fixes(m_config, m_included));
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().changed.size(), 2u);
  EXPECT_EQ(read_file(m_config), "Include inc.conf\nHost a\n  Ciphers aes128-ctr\n");
  EXPECT_EQ(read_file(m_included), "Host b\n  Compression no\n");
  EXPECT_EQ(mode_of(m_config), 0640u);
  EXPECT_EQ(mode_of(m_included), 0644u);
  EXPECT_EQ(read_file(backup_path_for(m_config)), "Include inc.conf\nHost a\n  Ciphers aes128-ctr,3des\n");
  EXPECT_FALSE(std::filesystem::exists(m_config.string() + ".ssh-tune.lock"));
  EXPECT_EQ(m_ssh.calls, 2);  // before and after
}

TEST_F(RewriteFilesTest, AModeOnlyRepairIsAWriteToo) {
  const std::string bytes = read_file(m_included);
  const auto report = rewrite({PlannedWrite{m_included, bytes, bytes, 0644}});
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().changed, std::vector<std::filesystem::path>{m_included});
  EXPECT_EQ(mode_of(m_included), 0644u);
  EXPECT_EQ(read_file(m_included), bytes);
}

TEST_F(RewriteFilesTest, AFileChangedSinceTheAuditReadItStopsEverything) {
  std::vector<PlannedWrite> writes = two_fixes(m_config, m_included);
  m_home.write(".ssh/inc.conf", "Host b\n  Compression yes\n  User other\n");
  const auto report = rewrite(writes);
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message,
            m_included.string() + ": changed since ssh-tune read it; nothing was written, run the command again");
  EXPECT_EQ(read_file(m_config), "Include inc.conf\nHost a\n  Ciphers aes128-ctr,3des\n");
}

TEST_F(RewriteFilesTest, WhatSshRejectsAfterwardsIsRestored) {
  m_ssh.answer = [this](const std::filesystem::path&, const std::string& host) {
    EXPECT_EQ(host, "ssh-tune-check");
    return m_ssh.calls == 1 ? ProcessResult{0, "", ""} : ProcessResult{255, "", "inc.conf: line 2: Bad option\n"};
  };
  const auto report = rewrite(two_fixes(m_config, m_included));
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message, m_config.string() +
                                        ": ssh -G exits 255: inc.conf: line 2: Bad option; the previous files were "
                                        "restored");
  EXPECT_EQ(read_file(m_config), "Include inc.conf\nHost a\n  Ciphers aes128-ctr,3des\n");
  EXPECT_EQ(read_file(m_included), "Host b\n  Compression yes\n");
  EXPECT_EQ(mode_of(m_included), 0664u);
}

TEST_F(RewriteFilesTest, NothingToWriteAsksNoOne) {
  const std::string bytes = read_file(m_config);
  const auto report = rewrite({PlannedWrite{m_config, bytes, bytes}});
  ASSERT_TRUE(report);
  EXPECT_TRUE(report.value().changed.empty());
  EXPECT_EQ(m_ssh.calls, 0);
}

}  // namespace
}  // namespace sshtune::edit
