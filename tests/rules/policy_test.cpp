#include "rules/policy.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::rules;

namespace {

std::string error_of(std::string_view text) {
  auto policy = parse_policy(text, "rules.toml");
  return policy ? "<no error>" : policy.error().message;
}

}  // namespace

TEST(Policy, ShippedPolicyMatchesTheBuiltInDefaults) {
  sshtune::testing::TempDir home;
  sshtune::testing::ScopedEnv env("XDG_CONFIG_HOME", home.path().string());
  auto policy = load_policy();
  ASSERT_TRUE(policy) << policy.error().message;
  EXPECT_EQ(policy.value().security_floor, Tier::acceptable);
  EXPECT_DOUBLE_EQ(policy.value().window_bytes, 2097152);
  EXPECT_TRUE(policy.value() == Policy{}) << "rules/policy.toml and rules::Policy's defaults disagree";
}

TEST(Policy, UserFileOverridesOnlyTheKeysItSets) {
  sshtune::testing::TempDir home;
  home.write("ssh-tune/rules.toml", "[compression]\nmargin = 1.5\n[security]\nallow = [\"aes128-cbc\"]\n");
  sshtune::testing::ScopedEnv env("XDG_CONFIG_HOME", home.path().string());
  auto policy = load_policy();
  ASSERT_TRUE(policy) << policy.error().message;
  EXPECT_DOUBLE_EQ(policy.value().compression_margin, 1.5);
  EXPECT_EQ(policy.value().allow, std::vector<std::string>{"aes128-cbc"});
  EXPECT_DOUBLE_EQ(policy.value().tie_tolerance, 0.05);
  EXPECT_DOUBLE_EQ(policy.value().same_cost_tolerance, 0.15);
}

TEST(Policy, BrokenUserFileNamesFileAndLine) {
  sshtune::testing::TempDir home;
  const auto path = home.write("ssh-tune/rules.toml", "[link]\nflat_spread = 0.1\nlan_rtt_ms = \"fast\"\n");
  sshtune::testing::ScopedEnv env("XDG_CONFIG_HOME", home.path().string());
  auto policy = load_policy();
  ASSERT_FALSE(policy);
  EXPECT_EQ(policy.error().message, path.string() + ":3: expected a number from 0 to 1000");
}

TEST(Policy, SchemaErrors) {
  EXPECT_EQ(
      error_of("[speed]\nx = 1\n"),
      "rules.toml:1: unknown section 'speed' (expected security, compression, ranking, link, window, confirmation, parallel, timing or audit)");
  EXPECT_EQ(error_of("[compression]\nmargn = 2\n"), "rules.toml:2: unknown key 'margn' in [compression]");
  EXPECT_EQ(error_of("[compression]\nmargin = 0.5\n"), "rules.toml:2: expected a number from 1 to 10");
  EXPECT_EQ(error_of("[security]\nfloor = \"removed\"\n"),
            "rules.toml:2: floor must be recommended, acceptable or weak");
  EXPECT_EQ(error_of("[security]\nallow = [1]\n"), "rules.toml:2: allow must be an array of algorithm names");
  EXPECT_EQ(error_of("[window\n"), "rules.toml:1: Error while parsing table header: expected ']', saw '\\n'");
}

TEST(Policy, TimingValuesAreReadAndChecked) {
  auto policy =
      parse_policy("[timing]\nsurvey_share = 0.3\nshortest_stream_ms = 200\nstream_round_trips = 6\n", "rules.toml");
  ASSERT_TRUE(policy) << policy.error().message;
  EXPECT_DOUBLE_EQ(policy.value().timing.survey_share, 0.3);
  EXPECT_EQ(policy.value().timing.shortest_stream, std::chrono::milliseconds(200));
  EXPECT_EQ(policy.value().timing.stream_round_trips, 6);
  EXPECT_EQ(policy.value().timing.longest_stream, MeasureTiming{}.longest_stream) << "a key not set keeps its default";
  EXPECT_EQ(error_of("[timing]\nshortest_stream_ms = 1.5\n"),
            "rules.toml:2: expected whole milliseconds from 20 to 10000");
  EXPECT_EQ(error_of("[timing]\nstream_round_trips = 0\n"), "rules.toml:2: expected a whole number from 1 to 100");
  EXPECT_EQ(error_of("[timing]\nleast_tool_mib = 64\nmost_tool_mib = 32\n"),
            "rules.toml:1: least_tool_mib must not exceed most_tool_mib");
  EXPECT_EQ(error_of("[timing]\nsurvey_share = 0.5\nconfirm_share = 0.5\n"),
            "rules.toml:1: survey_share + confirm_share must leave the ladder at least 0.05");
  EXPECT_TRUE(parse_policy("[timing]\nsurvey_share = 0.5\nconfirm_share = 0.45\n", "rules.toml"))
      << "exactly 0.05 left is enough";
  EXPECT_EQ(error_of("[timing]\nshortest_stream_ms = 600\n"),
            "rules.toml:1: shortest_stream_ms must not exceed longest_stream_ms or longest_parallel_stream_ms");
}

TEST(Policy, IntegersAreNumbersToo) {
  auto policy = parse_policy("[window]\nbytes = 4194304\n", "rules.toml");
  ASSERT_TRUE(policy) << policy.error().message;
  EXPECT_DOUBLE_EQ(policy.value().window_bytes, 4194304);
}
