// Every tests/audit/corpus/NAME.conf is audited as `ssh -F NAME.conf` reads it, with
// HOME in a fresh temp dir; NAME.expected lists "LINE SEVERITY RULE" per finding.

#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

namespace sshtune::audit {
namespace {

const std::filesystem::path k_corpus = std::filesystem::path(SSHTUNE_SOURCE_DIR) / "tests" / "audit" / "corpus";

std::vector<std::string> expected_lines(const std::filesystem::path& path) {
  std::vector<std::string> lines;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) lines.push_back(line);
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::string> actual_lines(const std::vector<Finding>& findings) {
  std::vector<std::string> lines;
  for (const Finding& f : findings) {
    lines.push_back(std::to_string(f.line) + " " + std::string(to_string(f.severity)) + " " +
                    std::string(to_string(f.rule)));
  }
  std::sort(lines.begin(), lines.end());
  return lines;
}

TEST(Corpus, EveryConfigHasExactlyItsKnownFindings) {
  int cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(k_corpus)) {
    if (entry.path().extension() != ".conf") continue;
    testing::TempDir home;
    const testing::ScopedEnv env("HOME", home.path().string());
    std::filesystem::path expected = entry.path();
    expected.replace_extension(".expected");
    ASSERT_TRUE(std::filesystem::exists(expected)) << expected;
    const std::vector<Finding> findings = testing::audit_file(entry.path());
    EXPECT_EQ(actual_lines(findings), expected_lines(expected)) << entry.path().filename();
    for (const Finding& finding : findings) {
      EXPECT_EQ(finding.file, entry.path().string());
      EXPECT_FALSE(finding.message.empty());
      EXPECT_FALSE(finding.fix.empty());
    }
    ++cases;
  }
  EXPECT_GE(cases, 6);
}

}  // namespace
}  // namespace sshtune::audit
