// Tokenisation exactly as OpenSSH 9.2's strdelim() and argv_split().

#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/tokenizer.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

ConfigLine line_of(const std::string& text) { return parse(text, "t").lines.at(0); }

std::vector<std::string> args_of(const std::string& text) {
  std::vector<std::string> out;
  for (const Token& token : line_of(text).args) out.push_back(token.value);
  return out;
}

TEST(Tokenizer, EqualsFormsSplitKeywordFromValue) {
  EXPECT_EQ(args_of("Ciphers=x"), std::vector<std::string>{"x"});
  EXPECT_EQ(args_of("Ciphers = x"), std::vector<std::string>{"x"});
  EXPECT_EQ(args_of("Ciphers==x"), std::vector<std::string>{"=x"});
  EXPECT_EQ(args_of("Ciphers = = x"), (std::vector<std::string>{"=", "x"}));
  EXPECT_EQ(line_of("  CIPHERS=x").keyword_lower, "ciphers");
  EXPECT_EQ(line_of("  CIPHERS=x").keyword, "CIPHERS");
}

TEST(Tokenizer, QuotesAndEscapes) {
  EXPECT_EQ(args_of("User \"ab\"cd'ef'"), std::vector<std::string>{"abcdef"});
  EXPECT_EQ(args_of("User x\\qy"), std::vector<std::string>{"x\\qy"});
  EXPECT_EQ(args_of("User a\\ b"), std::vector<std::string>{"a b"});
  EXPECT_EQ(args_of("User \"a\\\"b\""), std::vector<std::string>{"a\"b"});
  EXPECT_EQ(args_of("User 'a b' c"), (std::vector<std::string>{"a b", "c"}));
  EXPECT_TRUE(line_of("User \"open").invalid_quotes);
}

TEST(Tokenizer, HashStartsACommentOnlyAtATokenStart) {
  EXPECT_EQ(args_of("Ciphers aes128-ctr # c"), std::vector<std::string>{"aes128-ctr"});
  EXPECT_EQ(args_of("Ciphers aes128-ctr#c"), std::vector<std::string>{"aes128-ctr#c"});
  EXPECT_EQ(args_of("User \"#x\""), std::vector<std::string>{"#x"});
  EXPECT_EQ(line_of("   # comment").kind, LineKind::comment);
  EXPECT_EQ(line_of("   ").kind, LineKind::blank);
}

TEST(Tokenizer, RawRestKeepsQuotesAndComments) {
  const ConfigLine line = line_of("ProxyCommand ssh -W %h:%p \"gw host\" # trailing comment  ");
  EXPECT_EQ(line.rest, "ssh -W %h:%p \"gw host\" # trailing comment");
  EXPECT_EQ(line.text.substr(line.rest_begin, 3), "ssh");
}

TEST(Tokenizer, TrailingWhitespaceAndCarriageReturnAreStripped) {
  const ConfigFile file = parse("Ciphers aes128-ctr \t\r\n", "t");
  EXPECT_EQ(file.lines[0].eol, "\r\n");
  EXPECT_EQ(file.lines[0].rest, "aes128-ctr");
  EXPECT_EQ(file.lines[0].args.at(0).value, "aes128-ctr");
}

TEST(Tokenizer, StrdelimTreatsOnlyDoubleQuotesAsQuotes) {
  DelimCursor cursor{"exec 'test %h = foo'", 0};
  EXPECT_EQ(strdelim(cursor), "exec");
  EXPECT_EQ(strdelim(cursor), "'test");
  EXPECT_EQ(strdelim(cursor), "%h");
  DelimCursor quoted{"exec \"test %h = foo\" host x", 0};
  EXPECT_EQ(strdelim(quoted), "exec");
  EXPECT_EQ(strdelim(quoted), "test %h = foo");
  EXPECT_EQ(strdelim(quoted), "host");
  DelimCursor equals{"host=foo", 0};
  EXPECT_EQ(strdelim(equals), "host");
  EXPECT_EQ(strdelim(equals), "foo");
}

TEST(Tokenizer, TokenOffsetsPointAtRawSpelling) {
  const ConfigLine line = line_of("Host  \"a b\"  c");
  ASSERT_EQ(line.args.size(), 2u);
  EXPECT_EQ(line.text.substr(line.args[0].begin, line.args[0].end - line.args[0].begin), "\"a b\"");
  EXPECT_EQ(line.text.substr(line.args[1].begin, line.args[1].end - line.args[1].begin), "c");
  EXPECT_EQ(line.text.substr(line.keyword_begin, line.keyword_end - line.keyword_begin), "Host");
}

}  // namespace
}  // namespace sshtune::sshconfig
