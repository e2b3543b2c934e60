#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/audit/file_rules.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sshtune::audit {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

TEST(FileRules, WorldWritableIncludeIsRefused) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto included = dir.write(".ssh/extra.conf", "Compression no\n");
  ASSERT_EQ(chmod(included.c_str(), 0666), 0);
  const auto config = dir.write("cfg", "Include extra.conf\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0], (Finding{Severity::fail, RuleId::file_permissions, included.string(), 0, "",
                                  included.string() +
                                      " is group-writable and world-writable (mode 0666), so ssh "
                                      "refuses it: Bad owner or permissions on " +
                                      included.string(),
                                  "chmod go-w " + included.string()}));
}

TEST(FileRules, ForeignOwnerIsNamed) {
  LoadedFile loaded;
  loaded.file.path = "/x/config";
  loaded.facts = FileFacts{0600, 4242, true, std::string("Bad owner or permissions on /x/config")};
  const auto findings = audit_file_permissions({loaded}, 1000);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].message,
            "/x/config is owned by uid 4242 (mode 0600), so ssh refuses it: Bad owner or permissions on /x/config");
  EXPECT_EQ(findings[0].fix, "chown 1000 /x/config && chmod 600 /x/config");
}

TEST(FileRules, TopLevelDashFFileIsNotCheckedLikeSsh) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Compression no\n");
  ASSERT_EQ(chmod(config.c_str(), 0666), 0);
  EXPECT_TRUE(testing::audit_file(config).empty());
}

TEST(FileRules, MissingIncludeWarnsWithTheIncludeLine) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto config = dir.write("cfg", "Host a\n  Include nothing-here.conf /no/such/*.conf\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 2u);
  EXPECT_EQ(findings[0], (Finding{Severity::warn, RuleId::include_missing, config.string(), 2, "a",
                                  "Include /no/such/*.conf matches no file; ssh skips it without a word",
                                  "create the file, correct the path (relative paths are taken from ~/.ssh or "
                                  "/etc/ssh), or remove the Include"}));
  EXPECT_EQ(findings[1].message, "Include nothing-here.conf matches no file; ssh skips it without a word");
}

TEST(FileRules, PatternOverAnEmptyDropInFolderIsSilent) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  std::filesystem::create_directories(dir.path() / ".ssh" / "config.d");
  const auto config = dir.write("cfg", "Include config.d/*.conf\nInclude config.d/fixed.conf\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].line, 2u);
}

// ssh opens a directory, reads no line from it and goes on (readconf.c at V_9_2_P1):
// audit skips it too, with an info at the Include, and audits the rest.
TEST(FileRules, AnIncludeOfADirectoryIsSkippedAsSshSkipsIt) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  std::filesystem::create_directories(dir.path() / ".ssh" / "incdir");
  const auto config = dir.write("cfg", "Host *\n  Include ~/.ssh/incdir\n  Ciphers 3des-cbc\n");
  const auto findings = testing::audit_file(config);
  ASSERT_GE(findings.size(), 2u);
  EXPECT_EQ(findings[0],
            (Finding{Severity::info, RuleId::include_directory, config.string(), 2, "*",
                     "Include ~/.ssh/incdir matches the directory " + (dir.path() / ".ssh/incdir").string() +
                         ", which is read as an empty file: nothing in it applies",
                     "Include ~/.ssh/incdir/* reads the files in it"}));
  EXPECT_EQ(findings.back().line, 3u);  // the lines after it are audited
}

// A dangling symlink ssh cannot open for ENOENT is skipped as if it matched nothing (readconf.c).
TEST(FileRules, AnIncludeOfADanglingSymlinkIsMissing) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  std::filesystem::create_directories(dir.path() / ".ssh");
  std::filesystem::create_symlink(dir.path() / "gone.conf", dir.path() / ".ssh" / "link.conf");
  const auto config = dir.write("cfg", "Include link.conf\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].message, "Include link.conf matches no file; ssh skips it without a word");
}

// What ssh cannot open stops it ("Can't open user config file"): an error at the Include's FILE:LINE.
TEST(FileRules, AnIncludedFileSshCannotReadIsAnErrorAtTheInclude) {
  if (geteuid() == 0) GTEST_SKIP() << "root reads a mode 000 file";
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto included = dir.write(".ssh/secret.conf", "Compression no\n");
  ASSERT_EQ(chmod(included.c_str(), 0), 0);
  const auto config = dir.write("cfg", "\nInclude secret.conf\n");
  audit::ClientSources sources;
  sources.config_file = config;
  const auto loaded = audit::load_client_configs(sources);
  ASSERT_FALSE(loaded);
  EXPECT_EQ(loaded.error().message,
            config.string() + ":2: Include secret.conf: cannot read " + included.string() + ": Permission denied");
}

TEST(FileRules, IncludedFileLinesAreAuditedInTheIncludingScope) {
  TempDir dir;
  const ScopedEnv home("HOME", dir.path().string());
  const auto included = dir.write(".ssh/legacy.conf", "Ciphers 3des-cbc\n");
  ASSERT_EQ(chmod(included.c_str(), 0600), 0);
  const auto config = dir.write("cfg", "Host old\n  Include legacy.conf\n");
  const auto findings = testing::audit_file(config);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].file, included.string());
  EXPECT_EQ(findings[0].line, 1u);
  EXPECT_EQ(findings[0].host, "old");
  EXPECT_EQ(findings[0].rule, RuleId::algo_deprecated);
}

}  // namespace
}  // namespace sshtune::audit
