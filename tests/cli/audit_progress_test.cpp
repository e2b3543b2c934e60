// The audit's progress line: drawn on a terminal's stderr only, once the hosts
// take long enough to notice, rewritten in place and wiped at the end.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/cli/audit_progress.hpp"
#include "tuner/cli/command.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace sshtune::cli {
namespace {

// A clock that advances `step` seconds each time it is read.
SecondsClock ticking(double step) {
  auto now = std::make_shared<double>(0);
  return [now, step] { return *now += step; };
}

TEST(AuditProgress, TextGroupsThousands) {
  EXPECT_EQ(audit_progress_text(4000, 10000), "audit: 4,000/10,000 hosts");
  EXPECT_EQ(audit_progress_text(0, 12), "audit: 0/12 hosts");
}

TEST(AuditProgress, NothingWithoutATerminal) {
  std::ostringstream err;
  {
    AuditProgress progress(err, false, ticking(1));
    EXPECT_FALSE(progress.callback());
  }
  EXPECT_EQ(err.str(), "");
}

TEST(AuditProgress, NothingWhenTheHostsAreQuick) {
  std::ostringstream err;
  {
    AuditProgress progress(err, true, ticking(0.01));
    const audit::HostProgress report = progress.callback();
    for (std::size_t done = 0; done <= 40; ++done) report(done, 40);
  }
  EXPECT_EQ(err.str(), "");
}

TEST(AuditProgress, RewrittenInPlaceThenWiped) {
  std::ostringstream err;
  {
    AuditProgress progress(err, true, ticking(0.3), 0.5, 0.1);
    const audit::HostProgress report = progress.callback();
    report(0, 10000);     // t 0.3: starts the clock
    report(1, 10000);     // t 0.6: too early
    report(4000, 10000);  // t 0.9: drawn
    report(10000, 10000);
  }
  const std::string wipe = "\r" + std::string(26, ' ') + "\r";
  EXPECT_EQ(err.str(), "\raudit: 4,000/10,000 hosts\raudit: 10,000/10,000 hosts" + wipe);
}

TEST(AuditProgress, UpdatesAtMostEveryInterval) {
  std::ostringstream err;
  AuditProgress progress(err, true, ticking(0.04), 0, 0.1);
  const audit::HostProgress report = progress.callback();
  for (std::size_t done = 1; done <= 6; ++done) report(done, 9);
  EXPECT_EQ(err.str(), "\raudit: 1/9 hosts\raudit: 4/9 hosts");
  progress.clear();
  const std::string wipe = "\r" + std::string(audit_progress_text(4, 9).size(), ' ') + "\r";
  EXPECT_EQ(err.str(), "\raudit: 1/9 hosts\raudit: 4/9 hosts" + wipe);
}

TEST(AuditProgress, TheCommandPrintsNoneWhenStderrIsNoTerminal) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  std::string text;
  for (int k = 0; k < 3000; ++k) text += "Host h" + std::to_string(k) + "\n  User u\n";
  const auto config = dir.write("cfg", text);
  const testing::CliRun result = testing::run({"audit", "-F", config.string(), "--no-bench"});
  EXPECT_EQ(result.code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  EXPECT_EQ(result.out, "no findings\n");
}

TEST(AuditFolding, RepeatedLinesFoldInTheReportButNotInJson) {
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", dir.path().string());
  testing::ScopedEnv charset("LC_ALL", "C");
  const auto config = dir.write("cfg", std::string("Ciphers aes128-cbc\nCiphers aes128-cbc\nCiphers aes128-cbc\n"
                                                   "Ciphers aes128-cbc\nCiphers aes128-cbc\nCiphers aes128-cbc\n"));
  const testing::CliRun text = testing::run({"audit", "-F", config.string(), "--no-bench"});
  EXPECT_EQ(text.code, 2) << text.err;
  const std::string cfg = config.string();
  EXPECT_NE(text.out.find("  ... and 3 more like it (" + cfg + ":4, " + cfg + ":5, " + cfg + ":6)\n"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(text.out.find("line 4:"), std::string::npos) << text.out;
  const testing::CliRun json = testing::run({"audit", "-F", config.string(), "--no-bench", "--json"});
  EXPECT_NE(json.out.find("\"line\": 6"), std::string::npos) << json.out;
}

}  // namespace
}  // namespace sshtune::cli
