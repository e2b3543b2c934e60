#include "base/strings.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

using Names = std::vector<std::string>;

TEST(Strings, SplitCommasKeepsEmptyElementsAsSshSeesThem) {
  EXPECT_EQ(split_commas("a,b"), (Names{"a", "b"}));
  EXPECT_EQ(split_commas("a,,b"), (Names{"a", "", "b"}));
  EXPECT_EQ(split_commas("a,"), (Names{"a", ""}));
  EXPECT_EQ(split_commas(""), (Names{""}));
}

TEST(Strings, JoinCommasIsTheInverse) {
  EXPECT_EQ(join_commas({"a", "b"}), "a,b");
  EXPECT_EQ(join_commas({}), "");
  EXPECT_EQ(join_commas(split_commas("x,y,z")), "x,y,z");
}

TEST(Strings, SplitWordsDropsEveryKindOfWhitespace) {
  EXPECT_EQ(split_words("  a\tb\n c  "), (Names{"a", "b", "c"}));
  EXPECT_EQ(split_words(" \t\n"), Names{});
}

TEST(Strings, TrimBothEnds) {
  EXPECT_EQ(trim("  a b \r\n"), "a b");
  EXPECT_EQ(trim("   "), "");
}

}  // namespace
}  // namespace sshtune
