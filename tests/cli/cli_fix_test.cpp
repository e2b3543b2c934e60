// `ssh-tune audit --fix` and `--dry-run` through run_cli, on a temporary HOME:
// the real editor and the real `ssh -G` check, never the real ~/.ssh.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/atomic_writer.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace sshtune::cli {
namespace {

using sshtune::testing::CliRun;
using sshtune::testing::read_file;
using sshtune::testing::run;

class AuditFixCli : public ::testing::Test {
 protected:
  AuditFixCli() { std::filesystem::permissions(m_config, std::filesystem::perms(0600)); }

  sshtune::testing::TempDir m_dir;
  sshtune::testing::ScopedEnv m_home{"HOME", m_dir.path().string()};
  sshtune::testing::ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  sshtune::testing::ScopedEnv m_rsync{"RSYNC_RSH", ""};
  sshtune::testing::ScopedEnv m_locale{"LC_ALL", "C.UTF-8"};  // the arrow as a sign (an ASCII locale: "->")
  const std::string m_before = "Host old\n    Ciphers aes128-ctr,arcfour\n    HostKeyAlgorithms +ssh-rsa\n";
  std::filesystem::path m_config = m_dir.write(".ssh/config", m_before);
};

TEST_F(AuditFixCli, FixRewritesTheFlaggedLinesOfTheUserConfigAndAuditsAgain) {
  const CliRun result = run({"audit", "--fix", "--no-bench"});
  EXPECT_EQ(result.code, 0) << result.err;
  const std::string at = m_config.string() + ":";
  EXPECT_EQ(result.out, "fixed " + at +
                            "2: Ciphers aes128-ctr,arcfour → Ciphers aes128-ctr\n"
                            "fixed " +
                            at +
                            "3: HostKeyAlgorithms +ssh-rsa → # HostKeyAlgorithms +ssh-rsa  "
                            "# ssh-tune audit --fix: algo-reenabled-legacy ssh-rsa\n"
                            "\nno findings\n");
  EXPECT_EQ(read_file(m_config),
            "Host old\n    Ciphers aes128-ctr\n"
            "    # HostKeyAlgorithms +ssh-rsa  # ssh-tune audit --fix: algo-reenabled-legacy "
            "ssh-rsa\n");
  EXPECT_EQ(sshtune::testing::mode_of(m_config), 0600u);
  EXPECT_EQ(read_file(edit::backup_path_for(m_config)), m_before);
  const CliRun again = run({"audit", "--fix", "--no-bench"});  // a second run changes nothing
  EXPECT_EQ(again.code, 0);
  EXPECT_EQ(again.out, "no findings\n");
}

// In a locale that is not UTF-8 ssh-tune's own signs are ASCII, in a terminal and a pipe alike.
TEST_F(AuditFixCli, AnAsciiLocaleGetsAnAsciiArrow) {
  const sshtune::testing::ScopedEnv ascii{"LC_ALL", "C"};
  const CliRun result = run({"audit", "--fix", "--dry-run", "--no-bench"});
  EXPECT_NE(
      result.out.find("would fix " + m_config.string() + ":2: Ciphers aes128-ctr,arcfour -> Ciphers aes128-ctr\n"),
      std::string::npos)
      << result.out;
}

TEST_F(AuditFixCli, DryRunPrintsTheDiffFirstAndModifiesNothing) {
  const auto mtime = sshtune::testing::mtime_ns_of(m_config);
  for (const Args& args :
       {Args{"audit", "--dry-run", "--no-bench"}, Args{"audit", "--fix", "--dry-run", "--no-bench"}}) {
    const CliRun result = run(args);
    EXPECT_EQ(result.code, 3) << result.err;  // by the findings as they still are
    const std::string path = m_config.string();
    EXPECT_TRUE(result.out.starts_with("--- a" + path + "\n+++ b" + path +
                                       "\n@@ -1,3 +1,3 @@\n Host old\n"
                                       "-    Ciphers aes128-ctr,arcfour\n-    HostKeyAlgorithms +ssh-rsa\n"
                                       "+    Ciphers aes128-ctr\n+    # HostKeyAlgorithms +ssh-rsa  # ssh-tune audit "
                                       "--fix: algo-reenabled-legacy ssh-rsa\n"
                                       "would fix " +
                                       path + ":2: Ciphers aes128-ctr,arcfour → Ciphers aes128-ctr\n"))
        << result.out;
    EXPECT_NE(result.out.find("line 2: FAIL [algo-removed] (old) Ciphers names arcfour"), std::string::npos);
  }
  EXPECT_EQ(read_file(m_config), m_before);
  EXPECT_EQ(sshtune::testing::mtime_ns_of(m_config), mtime);
  EXPECT_FALSE(std::filesystem::exists(edit::backup_path_for(m_config)));
}

TEST_F(AuditFixCli, AFileThatDoesNotParseIsLeftUntouchedAndNamed) {
  m_dir.write(".ssh/config", "Host a\n    Ciphers arcfour,aes128-ctr\n    Compression maybe\n");
  const auto mtime = sshtune::testing::mtime_ns_of(m_config);
  const CliRun result = run({"audit", "--fix", "--no-bench"});
  EXPECT_EQ(result.code, 1);  // a malformed file stops the audit, as it stops every other command
  EXPECT_EQ(result.err, "ssh-tune: " + m_config.string() + ":3: unsupported option \"maybe\".\n");
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(read_file(m_config), "Host a\n    Ciphers arcfour,aes128-ctr\n    Compression maybe\n");
  EXPECT_EQ(sshtune::testing::mtime_ns_of(m_config), mtime);
}

TEST_F(AuditFixCli, JsonListsTheFixesBesideWhatRemains) {
  const auto config = m_dir.write("cfg", "Host *\n    Ciphers aes256-ctr\nHost old\n    Ciphers 3des-cbc,aes128-ctr\n");
  const CliRun result = run({"audit", "-F", config.string(), "--fix", "--no-bench", "--json"});
  EXPECT_EQ(result.code, 2) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json.at("fixed").size(), 1u);
  EXPECT_EQ(json.at("fixed")[0], nlohmann::json({{"file", config.string()},
                                                 {"line", 4},
                                                 {"before", "Ciphers 3des-cbc,aes128-ctr"},
                                                 {"after", "Ciphers aes128-ctr"}}));
  EXPECT_EQ(json.at("not_fixed").size(), 0u);  // line 4 was rewritten: only the audit afterwards can tell
  ASSERT_EQ(json.at("findings").size(), 1u);
  EXPECT_EQ(json.at("findings")[0].at("rule"), "shadowed-setting");
  EXPECT_EQ(read_file(config), "Host *\n    Ciphers aes256-ctr\nHost old\n    Ciphers aes128-ctr\n");
}

TEST_F(AuditFixCli, HelpListsFixAndDryRun) {
  const CliRun result = run({"audit", "--help"});
  EXPECT_EQ(result.code, 0);
  EXPECT_NE(result.out.find("--fix"), std::string::npos);
  EXPECT_NE(result.out.find("--dry-run"), std::string::npos);
}

}  // namespace
}  // namespace sshtune::cli
