// plan_fixes: each fix kind with the exact bytes it would write, and each finding
// it leaves with its reason. Nothing is written here (see tests/edit for that).

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/audit/fix_plan.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

namespace sshtune::audit {

// Readable failure messages for the plan's entries (found by gtest through ADL).
void PrintTo(const FixedLine& fix, std::ostream* out) {
  *out << fix.file << ":" << fix.line << ": " << fix.before << " -> " << fix.after;
}
void PrintTo(const Unfixed& left, std::ostream* out) {
  *out << left.file << ":" << left.line << " [" << left.rule << "]: " << left.reason;
}

namespace {

class FixPlanTest : public ::testing::Test {
 protected:
  // The plan for `ssh -F NAME` with NAME holding `text`.
  FixPlan plan_for(const std::string& text, const std::vector<std::string>& hosts = {},
                   const MeasuredHostLookup& facts = NoMeasuredHosts{}) {
    m_config = m_home.write("cfg", text);
    ClientSources sources;
    sources.config_file = m_config;
    const sshtune::testing::AuditedFiles audited = sshtune::testing::audit_sources(sources, hosts, facts);
    return plan_fixes(FixInput{audited.findings, audited.configs, true, getuid()});
  }

  // The single file the plan writes, after the fixes.
  static std::string written(const FixPlan& plan) {
    EXPECT_EQ(plan.writes.size(), 1u);
    return plan.writes.empty() ? "" : plan.writes[0].after;
  }

  sshtune::testing::TempDir m_home;
  sshtune::testing::ScopedEnv m_home_env{"HOME", m_home.path().string()};
  std::filesystem::path m_config;
};

TEST_F(FixPlanTest, RemovedAndDeprecatedNamesLeaveTheirLists) {
  const FixPlan plan =
      plan_for("Host old\n    Ciphers aes128-ctr,arcfour,3des-cbc\n    MACs ^hmac-md5,hmac-sha2-256\n");
  EXPECT_EQ(written(plan), "Host old\n    Ciphers aes128-ctr\n    MACs ^hmac-sha2-256\n");
  EXPECT_EQ(plan.writes[0].before, sshtune::testing::read_file(m_config));
  EXPECT_EQ(plan.writes[0].mode, std::nullopt);
  EXPECT_EQ(plan.fixed,
            (std::vector<FixedLine>{{m_config.string(), 2, "Ciphers aes128-ctr,arcfour,3des-cbc", "Ciphers aes128-ctr"},
                                    {m_config.string(), 3, "MACs ^hmac-md5,hmac-sha2-256", "MACs ^hmac-sha2-256"}}));
  EXPECT_TRUE(plan.unfixed.empty());
}

TEST_F(FixPlanTest, ReenabledLegacyNameIsDroppedFromThePlusList) {
  const FixPlan plan = plan_for("Host router\n  KexAlgorithms +diffie-hellman-group1-sha1,curve25519-sha256\n");
  EXPECT_EQ(written(plan), "Host router\n  KexAlgorithms +curve25519-sha256\n");
  EXPECT_TRUE(plan.unfixed.empty());
}

TEST_F(FixPlanTest, AnEmptiedPlusListIsCommentedOutWhenNoOtherLineSetsIt) {
  const FixPlan plan = plan_for("Host router\n    HostKeyAlgorithms +ssh-rsa\nHost *\n    User me\n");
  EXPECT_EQ(written(plan),
            "Host router\n    # HostKeyAlgorithms +ssh-rsa  # ssh-tune audit --fix: algo-reenabled-legacy ssh-rsa\n"
            "Host *\n    User me\n");
  EXPECT_TRUE(plan.unfixed.empty());
}

TEST_F(FixPlanTest, AnEmptiedPlusListStaysWhenAnotherLineWouldTakeOver) {
  const FixPlan plan =
      plan_for("Host router\n    HostKeyAlgorithms +ssh-rsa\nHost *\n    HostKeyAlgorithms ssh-ed25519\n");
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::algo_reenabled_legacy,
                                                 "dropping ssh-rsa empties the list, and without this line " +
                                                     m_config.string() + ":4 would set HostKeyAlgorithms instead"}}));
}

TEST_F(FixPlanTest, APlainListIsNeverEmptied) {
  const FixPlan plan = plan_for("Host old\n    Ciphers 3des-cbc\n");
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::algo_deprecated,
                                                 "dropping 3des-cbc would leave Ciphers with no algorithm; choose the "
                                                 "ones to keep"}}));
}

TEST_F(FixPlanTest, CompressionGoesOffOnlyInTheHostsOwnBlock) {
  MeasuredHostMap facts;
  facts.set("nas", MeasuredHost{false, 0.3, std::nullopt, std::nullopt});
  facts.set("box", MeasuredHost{true, 40.0, std::nullopt, std::nullopt});
  facts.set("backup", MeasuredHost{std::nullopt, 30.0, std::nullopt, std::string("zstd")});
  const FixPlan plan = plan_for(
      "Host nas\n    Compression yes\nHost backup\n    Compression=Yes\n"
      "Host *\n    Compression yes\n",
      {"nas", "box", "backup"}, facts);
  // Host * is compression-all-hosts' to fix (no measured slow link here: it is dropped, as a comment).
  const std::string dropped =
      "# Compression yes  # ssh-tune audit --fix: compression-all-hosts, dropped (no measured "
      "slow link needs it)";
  EXPECT_EQ(written(plan),
            "Host nas\n    Compression no\nHost backup\n    Compression=no\nHost *\n    " + dropped + "\n");
  EXPECT_EQ(plan.fixed, (std::vector<FixedLine>{{m_config.string(), 2, "Compression yes", "Compression no"},
                                                {m_config.string(), 4, "Compression=Yes", "Compression=no"},
                                                {m_config.string(), 6, "Compression yes", dropped}}));
  EXPECT_TRUE(plan.unfixed.empty()) << ::testing::PrintToString(plan.unfixed);
}

TEST_F(FixPlanTest, ASharedBlockIsLeftWithTheReason) {
  MeasuredHostMap facts;
  facts.set("box", MeasuredHost{true, 40.0, std::nullopt, std::nullopt});
  const FixPlan plan = plan_for("Host box other\n    Compression yes\n", {"box"}, facts);
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::compression_lan,
                                                 "this line sets Compression for 'box other', not only box; put "
                                                 "Compression no in a Host box block above it"}}));
}

TEST_F(FixPlanTest, HostStarCompressionMovesToTheMeasuredSlowLinks) {
  MeasuredHostMap facts;
  MeasuredHost wan{false, 40.0, std::nullopt, std::string("zstd")};
  wan.compression_pays = true;
  facts.set("wan1", wan);
  facts.set("wan2", wan);
  facts.set("lan1", MeasuredHost{true, 0.2, std::nullopt, std::nullopt});
  const FixPlan plan = plan_for("Host *\n    Compression yes\nHost wan2\n    Compression no\n", {}, facts);
  const std::string moved =
      "# Compression yes  # ssh-tune audit --fix: compression-all-hosts, moved to Host wan1 at "
      "the end of this file";
  // wan2 keeps its own choice; wan1 gets a block of its own; lan1's finding is settled by the move.
  EXPECT_EQ(written(plan),
            "Host *\n    " + moved + "\nHost wan2\n    Compression no\n\nHost wan1\n    Compression yes\n");
  EXPECT_EQ(plan.fixed, (std::vector<FixedLine>{{m_config.string(), 2, "Compression yes", moved}}));
  // wan2's own line was shadowed by Host *: only the audit after the fix sees that it no longer is.
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 4, RuleId::shadowed_setting,
                                                 "which block should win is a choice: move the block or change the "
                                                 "winning value"}}));
}

TEST_F(FixPlanTest, CaretListPreferringAWeakCipherBecomesPlus) {
  const FixPlan plan = plan_for("Host old\n    Ciphers ^aes128-cbc,aes256-gcm@openssh.com\n");
  EXPECT_EQ(written(plan), "Host old\n    Ciphers +aes128-cbc,aes256-gcm@openssh.com\n");
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::algo_weak,
                                                 "weak, not broken: drop it once no server needs it"}}));
}

TEST_F(FixPlanTest, GroupAndOtherWriteBitsLeaveAnIncludedFileTheUserOwns) {
  const auto included = m_home.write(".ssh/inc.conf", "Host a\n  User b\n");
  std::filesystem::permissions(included, std::filesystem::perms(0666));
  const FixPlan plan = plan_for("Include inc.conf\n");
  ASSERT_EQ(plan.writes.size(), 1u);
  EXPECT_EQ(plan.writes[0].path, included);
  EXPECT_EQ(plan.writes[0].after, "Host a\n  User b\n");
  EXPECT_EQ(plan.writes[0].mode, std::optional<mode_t>(0644));
  EXPECT_EQ(plan.fixed, (std::vector<FixedLine>{{included.string(), 0, "mode 0666", "mode 0644"}}));
}

TEST_F(FixPlanTest, AFileOfAnotherOwnerKeepsItsMode) {
  const auto included = m_home.write(".ssh/inc.conf", "Host a\n  User b\n");
  std::filesystem::permissions(included, std::filesystem::perms(0666));
  m_config = m_home.write("cfg", "Include inc.conf\n");
  ClientSources sources;
  sources.config_file = m_config;
  const sshtune::testing::AuditedFiles audited = sshtune::testing::audit_sources(sources);
  const FixPlan plan = plan_fixes(FixInput{audited.findings, audited.configs, true, getuid() + 1});
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(plan.unfixed,
            (std::vector<Unfixed>{{included.string(), 0, RuleId::file_permissions,
                                   "owned by uid " + std::to_string(getuid()) + "; changing the owner needs root"}}));
}

TEST_F(FixPlanTest, AFileThatDoesNotParseIsLeftUntouched) {
  const FixPlan plan = plan_for("Host a\n    Ciphers arcfour,aes128-ctr\n    Compression maybe\n");
  EXPECT_TRUE(plan.writes.empty());
  const std::string reason = m_config.string() +
                             ":3 is a line ssh rejects; the file is left untouched until it is "
                             "corrected";
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::algo_removed, reason},
                                                {m_config.string(), 3, RuleId::config_error, reason}}));
}

TEST_F(FixPlanTest, SystemFilesAreFixedOnlyWhenNamedWithF) {
  const auto user = m_home.write(".ssh/config", "Host a\n    Ciphers aes128-ctr,3des-cbc\n");
  const auto system = m_home.write("etc/ssh_config", "Host b\n    Ciphers 3des-cbc,aes128-ctr\n");
  ClientSources sources;
  sources.user_config = user;
  sources.system_config = system;
  const sshtune::testing::AuditedFiles audited = sshtune::testing::audit_sources(sources);
  const FixPlan plan = plan_fixes(FixInput{audited.findings, audited.configs, false, getuid()});
  EXPECT_EQ(written(plan), "Host a\n    Ciphers aes128-ctr\n");
  EXPECT_EQ(plan.writes[0].path, user);
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{system.string(), 2, RuleId::algo_deprecated,
                                                 "a system file: fixed only when named with -F"}}));
}

TEST_F(FixPlanTest, AFileWhoseBackupAnIncludeWouldReadIsLeftUntouched) {
  const auto dropin = m_home.write(".ssh/config.d/work", "Host w\n    Ciphers arcfour,aes128-ctr\n");
  const auto conf = m_home.write(".ssh/config.d/home.conf", "Host h\n    Ciphers arcfour,aes128-ctr\n");
  const FixPlan open_folder = plan_for("Include config.d/*\n");
  const std::string through = " through the Include at " + m_config.string() + ":1";
  EXPECT_TRUE(open_folder.writes.empty());
  EXPECT_EQ(
      open_folder.unfixed,
      (std::vector<Unfixed>{{conf.string(), 2, RuleId::algo_removed,
                             "the file is left untouched: ssh would read its backup home.conf.ssh-tune.bak" + through},
                            {dropin.string(), 2, RuleId::algo_removed,
                             "the file is left untouched: ssh would read its backup work.ssh-tune.bak" + through}}));
  const FixPlan conf_only = plan_for("Include config.d/*.conf\n");
  EXPECT_EQ(written(conf_only), "Host h\n    Ciphers aes128-ctr\n");
  EXPECT_EQ(conf_only.writes[0].path, conf);
  EXPECT_TRUE(conf_only.unfixed.empty());
}

TEST_F(FixPlanTest, ShadowedSettingsAreLeftWithAReason) {
  const FixPlan plan = plan_for("Host *\n    Ciphers aes256-ctr\nHost foo\n    Ciphers aes128-gcm@openssh.com\n");
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 4, RuleId::shadowed_setting,
                                                 "which block should win is a choice: move the block or change the "
                                                 "winning value"}}));
}

TEST_F(FixPlanTest, UnknownNamesStayWhereTheirLineIsFixed) {
  const FixPlan plan = plan_for("Host a\n    MACs hmac-md5,bogus-mac\n");
  EXPECT_EQ(written(plan), "Host a\n    MACs bogus-mac\n");
  EXPECT_EQ(plan.unfixed, (std::vector<Unfixed>{{m_config.string(), 2, RuleId::algo_unknown,
                                                 "ssh-tune does not guess what an unknown name stands for"}}));
}

}  // namespace
}  // namespace sshtune::audit
