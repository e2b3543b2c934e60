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

TEST(Strings, ContainsComparesWholeNamesExactly) {
  const Names names{"aes128-ctr", "zlib@openssh.com"};
  EXPECT_TRUE(contains(names, "aes128-ctr"));
  EXPECT_TRUE(contains(names, std::string("zlib@openssh.com")));
  EXPECT_FALSE(contains(names, "aes128"));      // no prefix match
  EXPECT_FALSE(contains(names, "AES128-CTR"));  // case counts
  EXPECT_FALSE(contains(Names{}, ""));
  EXPECT_TRUE(contains(Names{""}, ""));
}

}  // namespace
}  // namespace sshtune
