#include "tuner/edit/editor.hpp"

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::FakeSsh;
using testing::FaultyFileSystem;
using testing::mtime_ns_of;

// A home with ~/.ssh/config, edited through a fake ssh that reports what the
// test scripts (default: whatever was applied shows up).
class EditorTest : public ::testing::Test {
 protected:
  EditorTest() : m_home_env("HOME", m_home.path().string()) {
    m_ssh.answer = [](const std::filesystem::path&, const std::string&) {
      return ProcessResult{0, "ciphers aes128-gcm@openssh.com,aes128-ctr\ncompression yes\n", ""};
    };
  }

  std::filesystem::path config() const { return m_home.path() / ".ssh/config"; }
  std::filesystem::path managed() const { return m_home.path() / ".ssh/ssh-tune.conf"; }
  EditTargets targets() const { return edit_targets(std::nullopt).value(); }

  Result<EditReport> apply(const std::string& host = "web1", bool dry_run = false) {
    EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
    const HostSettings settings{host, {"aes128-gcm@openssh.com", "aes128-ctr"}, true};
    return apply_settings(targets(), settings, "2026-11-30T05:40Z", dry_run, env);
  }

  Result<EditReport> revert(std::optional<std::string> host, bool dry_run = false) {
    EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
    return revert_settings(targets(), host, dry_run, env);
  }

  TempDir m_home;
  ScopedEnv m_home_env;
  FaultyFileSystem m_fs;
  FakeSsh m_ssh;
};

const std::string k_user_config = "# mine\r\nHost *\r\n  User alice\r\n  Compression no";

TEST_F(EditorTest, ApplyAddsIncludeAndBlock) {
  m_home.write(".ssh/config", k_user_config);
  const auto report = apply();
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().changed.size(), 2u);
  EXPECT_EQ(read_file(config()), "Include ~/.ssh/ssh-tune.conf\r\n" + k_user_config);
  EXPECT_NE(read_file(managed()).find("Host web1\n    Ciphers ^aes128-gcm@openssh.com,aes128-ctr\n"
                                      "    Compression yes\n"),
            std::string::npos);
  EXPECT_EQ(read_file(backup_path_for(config())), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(config().string() + ".ssh-tune.lock"));
}

TEST_F(EditorTest, ApplyTwiceChangesNothing) {
  m_home.write(".ssh/config", k_user_config);
  ASSERT_TRUE(apply());
  const auto config_bytes = read_file(config());
  const auto managed_bytes = read_file(managed());
  const auto config_mtime = mtime_ns_of(config());
  const auto managed_mtime = mtime_ns_of(managed());
  const auto again = apply();
  ASSERT_TRUE(again);
  EXPECT_TRUE(again.value().changed.empty());
  EXPECT_EQ(read_file(config()), config_bytes);
  EXPECT_EQ(read_file(managed()), managed_bytes);
  EXPECT_EQ(mtime_ns_of(config()), config_mtime);
  EXPECT_EQ(mtime_ns_of(managed()), managed_mtime);
}

TEST_F(EditorTest, RevertAllRestoresOriginalBytesExactly) {
  m_home.write(".ssh/config", k_user_config);
  ASSERT_TRUE(apply("web1"));
  ASSERT_TRUE(apply("db.example.com"));
  ASSERT_TRUE(revert(std::nullopt));
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(EditorTest, RevertOneHostKeepsTheOthers) {
  m_home.write(".ssh/config", k_user_config);
  ASSERT_TRUE(apply("web1"));
  const auto with_one = read_file(managed());
  ASSERT_TRUE(apply("web2"));
  ASSERT_TRUE(revert("web2"));
  EXPECT_EQ(read_file(managed()), with_one);
  ASSERT_TRUE(revert("web1"));
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
  const auto nothing = revert("web1");
  ASSERT_TRUE(nothing);
  EXPECT_TRUE(nothing.value().changed.empty());
}

TEST_F(EditorTest, MissingConfigIsCreatedAndRemovedAgain) {
  ASSERT_TRUE(apply());
  EXPECT_EQ(read_file(config()), "Include ~/.ssh/ssh-tune.conf\n");
  EXPECT_EQ(testing::mode_of(config()), 0600u);
  EXPECT_EQ(testing::mode_of(managed()), 0600u);
  ASSERT_TRUE(revert(std::nullopt));
  EXPECT_FALSE(std::filesystem::exists(config()));
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(EditorTest, EmptyExistingConfigStaysAsEmptyFile) {
  m_home.write(".ssh/config", "");
  ASSERT_TRUE(apply());
  ASSERT_TRUE(revert(std::nullopt));
  EXPECT_TRUE(std::filesystem::exists(config()));
  EXPECT_EQ(read_file(config()), "");
}

TEST_F(EditorTest, DryRunPrintsDiffAndChangesNothing) {
  m_home.write(".ssh/config", "Host a\n");
  const auto report = apply("web1", true);
  ASSERT_TRUE(report);
  EXPECT_EQ(read_file(config()), "Host a\n");
  EXPECT_FALSE(std::filesystem::exists(managed()));
  EXPECT_EQ(m_ssh.calls, 0);
  const std::string& diff = report.value().diff;
  EXPECT_NE(diff.find("--- /dev/null\n+++ b" + managed().string() + "\n"), std::string::npos) << diff;
  EXPECT_NE(diff.find("--- a" + config().string() + "\n+++ b" + config().string() + "\n"), std::string::npos);
  EXPECT_NE(diff.find("+Include ~/.ssh/ssh-tune.conf\n Host a\n"), std::string::npos) << diff;
}

TEST_F(EditorTest, RevertDryRunPrintsDiffAndChangesNothing) {
  m_home.write(".ssh/config", k_user_config);
  ASSERT_TRUE(apply());
  const auto config_bytes = read_file(config());
  const auto report = revert(std::nullopt, true);
  ASSERT_TRUE(report);
  EXPECT_EQ(read_file(config()), config_bytes);
  EXPECT_TRUE(std::filesystem::exists(managed()));
  EXPECT_EQ(report.value().removed, std::vector<std::filesystem::path>{managed()});
  EXPECT_NE(report.value().diff.find("-Include ~/.ssh/ssh-tune.conf\r\n # mine\r\n"), std::string::npos)
      << report.value().diff;
  EXPECT_NE(report.value().diff.find("+++ /dev/null\n"), std::string::npos);
}

TEST_F(EditorTest, VerificationFailureRestoresEverything) {
  m_home.write(".ssh/config", k_user_config);
  int call = 0;
  m_ssh.answer = [&](const std::filesystem::path&, const std::string&) {
    return ++call == 1 ? ProcessResult{0, "ciphers x\ncompression no\n", ""}  // before: accepted
                       : ProcessResult{0, "ciphers aes256-ctr\ncompression no\n", ""};
  };
  const auto report = apply();
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message,
            config().string() + ": ssh -G shows ciphers aes256-ctr for web1; the previous files were restored");
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(EditorTest, RefusesConfigSshAlreadyRejects) {
  m_home.write(".ssh/config", k_user_config);
  m_ssh.answer = [](const std::filesystem::path&, const std::string&) {
    return ProcessResult{255, "", "/x: line 3: Bad configuration option: bogus\nmore\n"};
  };
  const auto report = apply();
  ASSERT_FALSE(report);
  EXPECT_EQ(report.error().message,
            config().string() +
                ": rejected before any change (ssh -G exits 255: /x: line 3: Bad configuration option: bogus); fix it "
                "first, nothing was written");
  EXPECT_EQ(read_file(config()), k_user_config);
}

TEST_F(EditorTest, RefusesConfigThatDoesNotParse) {
  m_home.write(".ssh/config", "Host a\n  Ciphers aes128-ctr,bogus\n");
  const auto report = apply();
  ASSERT_FALSE(report);
  EXPECT_TRUE(report.error().message.starts_with(config().string() + ":2: ")) << report.error().message;
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(EditorTest, WriteFailureOfSecondFileRollsBackTheFirst) {
  m_home.write(".ssh/config", k_user_config);
  int renames = 0;
  m_fs.before = [&](const std::string& op) { return op == "rename" && ++renames == 3 ? EIO : 0; };
  const auto report = apply();  // rename 1: managed, 2: backup of config, 3: config
  ASSERT_FALSE(report);
  EXPECT_TRUE(report.error().message.starts_with(std::filesystem::canonical(config()).string() + ": not changed: "))
      << report.error().message;
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(EditorTest, ChangedSettingsUpdateTheBlockInPlace) {
  m_home.write(".ssh/config", k_user_config);
  ASSERT_TRUE(apply("a"));
  ASSERT_TRUE(apply("b"));
  EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
  m_ssh.answer = [](const std::filesystem::path&, const std::string&) {
    return ProcessResult{0, "ciphers chacha20-poly1305@openssh.com,aes128-ctr\ncompression no\n", ""};
  };
  const HostSettings changed{"a", {"chacha20-poly1305@openssh.com"}, false};
  ASSERT_TRUE(apply_settings(targets(), changed, "2026-12-01T00:00Z", false, env));
  const std::string text = read_file(managed());
  EXPECT_LT(text.find("Host a\n    Ciphers ^chacha20-poly1305@openssh.com\n    Compression no\n"),
            text.find("Host b\n"));
}

}  // namespace
}  // namespace sshtune::edit
