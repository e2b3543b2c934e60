// The bridge to toml++: parse errors and strict typed reads name ORIGIN:LINE and
// the key, and an absent key leaves its field as it was.
#include "base/toml/toml_errors.hpp"
#include "base/toml/toml_fields.hpp"

#include <gtest/gtest.h>

#include <array>

namespace sshtune {
namespace {

enum class Colour { red, green };
constexpr std::array<std::string_view, 2> k_colours{"red", "green"};

TEST(ParseToml, AnErrorNamesTheOriginAndLine) {
  const auto parsed = parse_toml("a = 1\nb = \n", "f.toml");
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().message.rfind("f.toml:2: ", 0), 0U) << parsed.error().message;
}

TEST(TomlFields, ReadsEachTypeAndLeavesAbsentKeysAlone) {
  const auto root = parse_toml("s = \"x\"\nn = 7\nd = 2\nlist = [\"a\", \"b\"]\nc = \"green\"\n", "f");
  ASSERT_TRUE(root) << root.error().message;
  const std::string origin = "f";
  const Fields fields(root.value(), origin, "");
  std::string s;
  int n = 0;
  double d = 0;
  std::vector<std::string> list;
  Colour colour = Colour::red;
  std::uint64_t absent = 42;
  ASSERT_TRUE(fields.get("s", s));
  ASSERT_TRUE(fields.get("n", n));
  ASSERT_TRUE(fields.get("d", d));
  ASSERT_TRUE(fields.get("list", list));
  ASSERT_TRUE(fields.word("c", k_colours, colour));
  ASSERT_TRUE(fields.get("absent", absent));
  EXPECT_EQ(s, "x");
  EXPECT_EQ(n, 7);
  EXPECT_DOUBLE_EQ(d, 2);
  EXPECT_EQ(list, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(colour, Colour::green);
  EXPECT_EQ(absent, 42U);
}

TEST(TomlFields, AWrongValueIsAnErrorNamingLineAndKey) {
  const auto root = parse_toml("[t]\nn = -1\ns = 3\nc = \"blue\"\n", "f");
  ASSERT_TRUE(root) << root.error().message;
  const std::string origin = "f";
  const Fields top(root.value(), origin, "");
  const auto table = top.table("t");
  ASSERT_TRUE(table) << table.error().message;
  std::int64_t n = 0;
  std::string s;
  Colour colour = Colour::red;
  EXPECT_EQ(table.value().get("n", n).error().message, "f:2: t.n: must not be negative");
  EXPECT_EQ(table.value().get("s", s).error().message, "f:3: t.s: expected a string");
  EXPECT_EQ(table.value().word("c", k_colours, colour).error().message, "f:4: t.c: unknown value");
  EXPECT_EQ(top.tables("t").error().message, "f:1: t: expected an array of tables");
}

}  // namespace
}  // namespace sshtune
