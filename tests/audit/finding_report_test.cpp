#include "tuner/audit/finding.hpp"
#include "tuner/audit/report.hpp"

#include <gtest/gtest.h>

namespace sshtune::audit {
namespace {

const Finding k_fail{Severity::fail, RuleId::algo_removed, "/c", 3, "old", "Ciphers names arcfour", "remove arcfour"};
const Finding k_warn{Severity::warn, RuleId::include_missing, "/c", 1, "*", "Include x matches no file", "create it"};
const Finding k_info{Severity::info,         RuleId::terrapin,  "", 0, "server h:22",
                     "server offers chacha", "keep clients new"};

TEST(Finding, FailingSeverityFollowsWorstSeverityAndThreshold) {
  EXPECT_EQ(failing_severity({}, Severity::warn), std::nullopt);
  EXPECT_EQ(failing_severity({k_info}, Severity::warn), std::nullopt);
  EXPECT_EQ(failing_severity({k_info, k_warn}, Severity::warn), Severity::warn);
  EXPECT_EQ(failing_severity({k_warn}, Severity::fail), std::nullopt);
  EXPECT_EQ(failing_severity({k_warn, k_fail}, Severity::warn), Severity::fail);
  EXPECT_EQ(failing_severity({k_fail}, Severity::fail), Severity::fail);
}

TEST(Finding, FailOnParsesOnlyWarnAndFail) {
  EXPECT_EQ(parse_fail_on("warn"), Severity::warn);
  EXPECT_EQ(parse_fail_on("fail"), Severity::fail);
  EXPECT_EQ(parse_fail_on("info"), std::nullopt);
}

TEST(Finding, SortAndDedupeOrdersByFileThenLine) {
  std::vector<Finding> findings{k_fail, k_warn, k_info, k_fail};
  sort_and_dedupe(findings);
  ASSERT_EQ(findings.size(), 3u);
  EXPECT_EQ(findings[0], k_info);
  EXPECT_EQ(findings[1], k_warn);
  EXPECT_EQ(findings[2], k_fail);
}

TEST(Report, TextGroupsByFileAndHostWithoutColour) {
  EXPECT_EQ(render_text({k_info, k_warn, k_fail}, Charset::utf8),
            "server h:22\n"
            "  INFO [terrapin] server offers chacha\n"
            "      fix: keep clients new\n"
            "\n"
            "/c\n"
            "  line 1: WARN [include-missing] (*) Include x matches no file\n"
            "      fix: create it\n"
            "  line 3: FAIL [algo-removed] (old) Ciphers names arcfour\n"
            "      fix: remove arcfour\n"
            "\n"
            "1 fail, 1 warn, 1 info\n");
  EXPECT_EQ(render_text({}, Charset::utf8), "no findings\n");
}

// The ratio sign ssh-tune writes is a sign, not input: "×" in UTF-8, "x" in ASCII, never "\303\227".
TEST(Report, OwnSignsFollowTheCharsetWhileInputStaysEscaped) {
  const Finding speed{Severity::warn,
                      RuleId::slow_first_cipher,
                      "/c",
                      2,
                      "*",
                      "Ciphers puts aes256-ctr first: 1232 MB/s on this CPU, 0.27\u00D7 aes128-gcm@openssh.com "
                      "(4500 MB/s), the fastest this ssh supports",
                      "put aes128-gcm@openssh.com first\x1b[2J"};
  const std::string line =
      "  line 2: WARN [slow-first-cipher] (*) Ciphers puts aes256-ctr first: 1232 MB/s on this "
      "CPU, 0.27";
  const std::string rest =
      " aes128-gcm@openssh.com (4500 MB/s), the fastest this ssh supports\n"
      "      fix: put aes128-gcm@openssh.com first\\e[2J\n";
  EXPECT_EQ(render_text({speed}, Charset::utf8), "/c\n" + line + "\u00D7" + rest + "\n0 fail, 1 warn, 0 info\n");
  EXPECT_EQ(render_text({speed}, Charset::ascii), "/c\n" + line + "x" + rest + "\n0 fail, 1 warn, 0 info\n");
  EXPECT_EQ(to_json({speed})["findings"][0]["message"], speed.message);  // JSON stays UTF-8
}

TEST(Report, FixLinesShowTheArrowInTheCharset) {
  FixPlan plan;
  plan.fixed.push_back(FixedLine{"/c", 3, "Ciphers aes256-ctr", "Ciphers ^aes128-gcm@openssh.com"});
  plan.unfixed.push_back(Unfixed{"/c", 4, RuleId::include_directory, "a choice"});
  EXPECT_EQ(render_fixes(plan, true, Charset::utf8),
            "would fix /c:3: Ciphers aes256-ctr \u2192 Ciphers ^aes128-gcm@openssh.com\n"
            "not fixed /c:4 [include-directory]: a choice\n");
  EXPECT_EQ(render_fixes(plan, false, Charset::ascii),
            "fixed /c:3: Ciphers aes256-ctr -> Ciphers ^aes128-gcm@openssh.com\n"
            "not fixed /c:4 [include-directory]: a choice\n");
}

TEST(Report, PlainUnlessStyledAndEachLabelGoesThroughTheStyle) {
  EXPECT_EQ(render_text({k_fail}, Charset::utf8).find('\033'), std::string::npos);
  const SeverityStyle bracketed = [](Severity severity, const std::string& label) {
    return "<" + std::string(to_string(severity)) + ":" + label + ">";
  };
  EXPECT_EQ(render_text({k_info, k_warn, k_fail}, Charset::utf8, bracketed),
            "server h:22\n  <info:INFO> [terrapin] server offers chacha\n      fix: keep clients new\n"
            "\n/c\n  line 1: <warn:WARN> [include-missing] (*) Include x matches no file\n      fix: create it\n"
            "  line 3: <fail:FAIL> [algo-removed] (old) Ciphers names arcfour\n      fix: remove arcfour\n"
            "\n1 fail, 1 warn, 1 info\n");
}

// The JSON schema of ssh-tune(1): {findings:[{severity, rule, file, line, host, message, fix}], summary}.
TEST(Report, JsonSchema) {
  const nlohmann::json json = to_json({k_info, k_warn, k_fail});
  ASSERT_TRUE(json.is_object());
  EXPECT_EQ(json.size(), 2u);
  ASSERT_TRUE(json.at("findings").is_array());
  ASSERT_EQ(json.at("findings").size(), 3u);
  for (const nlohmann::json& finding : json.at("findings")) {
    EXPECT_EQ(finding.size(), 7u);
    for (const char* key : {"severity", "rule", "file", "host", "message", "fix"}) {
      EXPECT_TRUE(finding.at(key).is_string()) << key;
    }
    EXPECT_TRUE(finding.at("line").is_number_unsigned());
    const std::string severity = finding.at("severity");
    EXPECT_TRUE(severity == "fail" || severity == "warn" || severity == "info");
  }
  EXPECT_EQ(json.at("findings")[2].at("line"), 3);
  EXPECT_EQ(json.at("summary"),
            (nlohmann::json{{"fail", 1}, {"warn", 1}, {"info", 1}, {"total", 3}, {"worst", "fail"}}));
  EXPECT_EQ(to_json({}).at("summary").at("worst"), "none");
}

}  // namespace
}  // namespace sshtune::audit
