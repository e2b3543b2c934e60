// apply_all_settings and revert_hosts: many hosts in one locked, verified edit.
#include "tuner/edit/editor.hpp"

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::FakeSsh;
using testing::FaultyFileSystem;

const std::string k_user_config = "# mine\nHost *\n  User alice\n";

class ApplyAll : public ::testing::Test {
 protected:
  ApplyAll() : m_home_env("HOME", m_home.path().string()) {
    m_home.write(".ssh/config", k_user_config);
    m_fs.before = [this](const std::string& op) {
      m_renames += op == "rename";
      return 0;
    };
    m_ssh.answer = [this](const std::filesystem::path&, const std::string& host) {
      m_asked.push_back(host);
      return ProcessResult{0, "ciphers " + ciphers_for(host) + ",aes128-ctr\ncompression no\n", ""};
    };
  }

  static std::string ciphers_for(const std::string& host) {
    return host == "db" ? "aes256-gcm@openssh.com" : "aes128-gcm@openssh.com";
  }

  std::vector<HostSettings> fleet() const {
    return {{"web", {ciphers_for("web")}, false},
            {"db", {ciphers_for("db")}, false},
            {"backup", {"aes128-gcm@openssh.com"}, false}};
  }

  Result<EditReport> apply_all(const std::vector<HostSettings>& all, bool dry_run = false) {
    EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
    return apply_all_settings(edit_targets(std::nullopt).value(), all, "2026-12-01T10:00Z", dry_run, env);
  }

  Result<EditReport> revert(const std::vector<std::string>& hosts, bool dry_run = false) {
    EditEnv env{m_fs, sshtune::testing::openssh_9_2_debian_snapshot(), m_ssh, system_clock()};
    return revert_hosts(edit_targets(std::nullopt).value(), hosts, dry_run, env);
  }

  std::filesystem::path config() const { return m_home.path() / ".ssh/config"; }
  std::filesystem::path managed() const { return m_home.path() / ".ssh/ssh-tune.conf"; }

  TempDir m_home;
  ScopedEnv m_home_env;
  FaultyFileSystem m_fs;
  FakeSsh m_ssh;
  int m_renames = 0;
  std::vector<std::string> m_asked;
};

TEST_F(ApplyAll, EveryHostInOneEditCheckedForEachHost) {
  const auto report = apply_all(fleet());
  ASSERT_TRUE(report) << report.error().message;
  EXPECT_EQ(report.value().changed.size(), 2u);
  EXPECT_EQ(m_renames, 3);  // one edit: the managed file, the config's backup and the config, each once
  const std::string text = read_file(managed());
  const auto web = text.find("Host web\n");
  const auto db = text.find("Host db\n");
  const auto backup = text.find("Host backup\n");
  ASSERT_NE(web, std::string::npos) << text;
  EXPECT_LT(web, db);
  EXPECT_LT(db, backup);
  EXPECT_NE(text.find("Ciphers ^aes256-gcm@openssh.com\n", db), std::string::npos) << text;
  for (const char* host : {"web", "db", "backup"}) {
    EXPECT_NE(std::find(m_asked.begin(), m_asked.end(), host), m_asked.end()) << host;
  }
  EXPECT_EQ(read_file(config()), "Include ~/.ssh/ssh-tune.conf\n" + k_user_config);
}

TEST_F(ApplyAll, OneHostThatSshDoesNotShowRestoresEverything) {
  m_ssh.answer = [](const std::filesystem::path&, const std::string& host) {
    return ProcessResult{
        0,
        host == "db" ? "ciphers chacha20-poly1305@openssh.com\n" : "ciphers aes128-gcm@openssh.com\ncompression no\n",
        ""};
  };
  const auto report = apply_all(fleet());
  ASSERT_FALSE(report);
  EXPECT_NE(report.error().message.find("for db; the previous files were restored"), std::string::npos)
      << report.error().message;
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
}

TEST_F(ApplyAll, DryRunIsOneDiffAndTwiceChangesNothing) {
  const auto dry = apply_all(fleet(), true);
  ASSERT_TRUE(dry);
  EXPECT_NE(dry.value().diff.find("+Host web\n"), std::string::npos);
  EXPECT_NE(dry.value().diff.find("+Host backup\n"), std::string::npos);
  EXPECT_EQ(m_renames, 0);
  ASSERT_TRUE(apply_all(fleet()));
  const auto again = apply_all(fleet());
  ASSERT_TRUE(again);
  EXPECT_TRUE(again.value().changed.empty());
  EXPECT_TRUE(apply_all({}).value().changed.empty());
}

TEST_F(ApplyAll, RevertHostsRemovesThemInOneEditAndRestoresTheBytes) {
  ASSERT_TRUE(apply_all(fleet()));
  m_renames = 0;
  ASSERT_TRUE(revert({"web", "db"}));
  const std::string text = read_file(managed());
  EXPECT_EQ(text.find("Host web"), std::string::npos);
  EXPECT_NE(text.find("Host backup\n"), std::string::npos);
  EXPECT_EQ(m_renames, 1);
  const auto last = revert({"backup", "never-written"});
  ASSERT_TRUE(last);
  EXPECT_EQ(read_file(config()), k_user_config);
  EXPECT_FALSE(std::filesystem::exists(managed()));
  EXPECT_TRUE(revert({}).value().changed.empty());
}

}  // namespace
}  // namespace sshtune::edit
