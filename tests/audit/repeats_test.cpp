// Findings that repeat fold in the text report: the first three of a kind, then
// "… and N more like it (FILE:LINE, …)"; counts and JSON keep every finding.

#include "tuner/audit/repeats.hpp"
#include "tuner/audit/report.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

Finding weak_at(const std::string& file, std::size_t line) {
  return Finding{Severity::warn, RuleId::algo_weak, file, line, "*", "Ciphers enables aes128-cbc", "remove it"};
}

std::vector<Finding> weak_lines(std::size_t count) {
  std::vector<Finding> findings;
  for (std::size_t line = 1; line <= count; ++line) findings.push_back(weak_at("/c", line));
  return findings;
}

const std::string k_weak_fix = "      fix: remove it\n";

std::string weak_line(std::size_t line) {
  return "  line " + std::to_string(line) + ": WARN [algo-weak] (*) Ciphers enables aes128-cbc\n" + k_weak_fix;
}

TEST(Repeats, GroupsByEverythingButThePlace) {
  std::vector<Finding> findings = weak_lines(5);
  findings[4].message = "Ciphers enables aes192-cbc";
  findings.push_back(weak_at("/d", 9));
  findings.back().host = "Host d";
  const std::vector<Repeat> repeats = fold_repeats(findings);
  ASSERT_EQ(repeats.size(), 6u);
  EXPECT_TRUE(repeats[0].shown && repeats[1].shown && repeats[2].shown && repeats[4].shown);
  EXPECT_FALSE(repeats[3].shown);
  EXPECT_FALSE(repeats[5].shown);
  EXPECT_EQ(repeats[2].folded, (std::vector<std::size_t>{3, 5}));
  EXPECT_TRUE(repeats[0].folded.empty());
  EXPECT_TRUE(repeats[4].folded.empty());
}

TEST(Repeats, ThreeOfAKindAreAllShown) {
  const std::vector<Repeat> repeats = fold_repeats(weak_lines(3));
  for (const Repeat& repeat : repeats) {
    EXPECT_TRUE(repeat.shown);
    EXPECT_TRUE(repeat.folded.empty());
  }
  EXPECT_EQ(render_text(weak_lines(3), Charset::utf8),
            "/c\n" + weak_line(1) + weak_line(2) + weak_line(3) + "\n0 fail, 3 warn, 0 info\n");
}

TEST(Repeats, TheFourthAndLaterFoldIntoOneLine) {
  EXPECT_EQ(render_text(weak_lines(4), Charset::utf8), "/c\n" + weak_line(1) + weak_line(2) + weak_line(3) +
                                                           "  \u2026 and 1 more like it (/c:4)\n" +
                                                           "\n0 fail, 4 warn, 0 info\n");
  EXPECT_EQ(render_text(weak_lines(50000), Charset::utf8),
            "/c\n" + weak_line(1) + weak_line(2) + weak_line(3) +
                "  \u2026 and 49,997 more like it (/c:4, /c:5, /c:6, \u2026)\n" + "\n0 fail, 50000 warn, 0 info\n");
  EXPECT_EQ(render_text(weak_lines(7), Charset::ascii), "/c\n" + weak_line(1) + weak_line(2) + weak_line(3) +
                                                            "  ... and 4 more like it (/c:4, /c:5, /c:6, ...)\n" +
                                                            "\n0 fail, 7 warn, 0 info\n");
}

TEST(Repeats, FoldedPlacesNameOtherFilesAndHostsEscaped) {
  std::vector<Finding> findings = weak_lines(3);
  findings.push_back(weak_at("/d\x1b", 2));
  const Finding server{Severity::warn, RuleId::algo_weak, "", 0, "server h:22", "Ciphers enables aes128-cbc",
                       "remove it"};
  findings.push_back(server);
  const std::string text = render_text(findings, Charset::utf8);
  EXPECT_NE(text.find("  \u2026 and 2 more like it (/d\\e:2, server h:22)\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n/d"), std::string::npos) << text;  // the folded file gets no group of its own
}

TEST(Repeats, OtherFindingsKeepTheirPlaceAroundTheFold) {
  std::vector<Finding> findings;
  for (std::size_t line = 1; line <= 5; ++line) {
    findings.push_back(weak_at("/c", line));
    findings.push_back(
        Finding{Severity::fail, RuleId::config_error, "/c", line, "*", "line " + std::to_string(line) + " is bad", ""});
  }
  const std::string bad = "  line 5: FAIL [config-error] (*) line 5 is bad\n";
  const std::string text = render_text(findings, Charset::utf8);
  EXPECT_NE(text.find(weak_line(3) + "  \u2026 and 2 more like it (/c:4, /c:5)\n" +
                      "  line 3: FAIL [config-error] (*) line 3 is bad\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find(bad + "\n5 fail, 5 warn, 0 info\n"), std::string::npos) << text;
}

TEST(Repeats, JsonKeepsEveryFinding) {
  const nlohmann::json json = to_json(weak_lines(50));
  EXPECT_EQ(json.at("findings").size(), 50u);
  EXPECT_EQ(json.at("summary").at("total"), 50);
}

TEST(Repeats, CountsGroupThousands) {
  EXPECT_EQ(grouped_count(0), "0");
  EXPECT_EQ(grouped_count(999), "999");
  EXPECT_EQ(grouped_count(1000), "1,000");
  EXPECT_EQ(grouped_count(49997), "49,997");
  EXPECT_EQ(grouped_count(1234567), "1,234,567");
}

}  // namespace
}  // namespace sshtune::audit
