// Lossless round trip and OpenSSH's error messages (exact text).

#include "tuner/sshconfig/parser.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::sshconfig {
namespace {

const ClientCapabilities& client() { return sshtune::testing::openssh_9_2_debian_snapshot(); }

std::vector<std::string> messages(const std::string& text) {
  std::vector<std::string> out;
  for (const Diagnostic& d : check(parse(text, "f.conf"), client())) out.push_back(d.to_string());
  return out;
}

TEST(Parser, RoundTripIsByteIdentical) {
  const std::vector<std::string> inputs{
      "",
      "\n",
      "Host foo\n  Ciphers aes128-ctr\n",
      "Host foo\r\n\tCiphers=aes128-ctr   \r\n\r\n# comment\r\n",
      "  # indented comment\n\n\nUser \"a b\" # c\nCompression = yes",
      "Host foo\nUser x\r\nPort 22\n",  // mixed line endings
      "\xEF\xBB\xBFHost foo\n",
      "Ciphers aes128-ctr\\\nMACs  hmac-sha1 \f\n",
      "User a\0b\nHost \"unterminated\n",
      "\r\r\n\n \n",
  };
  for (const std::string& input : inputs) {
    EXPECT_EQ(print(parse(input, "x")), input);
  }
}

TEST(Parser, LinesKeepTheirEndings) {
  const ConfigFile file = parse("a 1\r\nb 2\nc 3", "x");
  ASSERT_EQ(file.lines.size(), 3u);
  EXPECT_EQ(file.lines[0].eol, "\r\n");
  EXPECT_EQ(file.lines[1].eol, "\n");
  EXPECT_EQ(file.lines[2].eol, "");
  EXPECT_EQ(file.lines[2].number, 3u);
}

TEST(Parser, BlocksSplitAtHostAndMatch) {
  const ConfigFile file = parse("User a\nHost foo\n Port 1\nMatch all\n Port 2\n", "x");
  const std::vector<Block> found = blocks(file);
  ASSERT_EQ(found.size(), 3u);
  EXPECT_FALSE(found[0].header.has_value());
  EXPECT_EQ(found[0].last, 1u);
  EXPECT_EQ(found[1].header, 1u);
  EXPECT_EQ(found[2].first, 3u);
  EXPECT_EQ(found[2].last, 5u);
}

TEST(Parser, ErrorsUseOpenSshMessages) {
  EXPECT_EQ(messages("Host unrelated\n Ciphers aes128-ctr,bogus-cipher\n"),
            std::vector<std::string>{"f.conf:2: Bad SSH2 cipher spec 'aes128-ctr,bogus-cipher'."});
  EXPECT_EQ(messages("Ciphers aes*\n"), std::vector<std::string>{"f.conf:1: Bad SSH2 cipher spec 'aes*'."});
  EXPECT_EQ(messages("Ciphers aes128-ctr#x\n"),
            std::vector<std::string>{"f.conf:1: Bad SSH2 cipher spec 'aes128-ctr#x'."});
  EXPECT_EQ(messages("Compression true\n"), std::vector<std::string>{"f.conf:1: unsupported option \"true\"."});
  EXPECT_EQ(messages("UseKeychain yes\nIgnoreUnknown UseKeychain\n"),
            std::vector<std::string>{"f.conf:1: Bad configuration option: usekeychain"});
  EXPECT_EQ(messages("\xEF\xBB\xBFHost foo\n"),
            std::vector<std::string>{"f.conf:1: Bad configuration option: \\357\\273\\277host"});  // as ssh prints it
  EXPECT_EQ(messages("Host \"\"\n"), std::vector<std::string>{"f.conf:1: keyword host empty argument"});
  EXPECT_EQ(messages("Ciphers\n"), std::vector<std::string>{"f.conf:1: no argument after keyword \"ciphers\""});
  EXPECT_EQ(messages("User \"open\n"), std::vector<std::string>{"f.conf:1: invalid quotes"});
  EXPECT_EQ(messages("Match tagged x\n"), std::vector<std::string>{"f.conf:1: Unsupported Match attribute tagged"});
  EXPECT_EQ(messages("Match exec 'test %h = foo'\n"),
            std::vector<std::string>{"f.conf:1: Unsupported Match attribute %h"});
  EXPECT_EQ(messages("Match host\n"), std::vector<std::string>{"f.conf:1: Missing Match criteria for host"});
  EXPECT_EQ(messages("Match host a user b all\n"),
            std::vector<std::string>{"f.conf:1: 'all' cannot be combined with other Match attributes"});
  EXPECT_EQ(messages("MACs hmac-nope\n"), std::vector<std::string>{"f.conf:1: Bad SSH2 MAC spec 'hmac-nope'."});
  EXPECT_EQ(messages("KexAlgorithms x\n"), std::vector<std::string>{"f.conf:1: Bad SSH2 KexAlgorithms 'x'."});
  EXPECT_EQ(messages("Port 0\n"), std::vector<std::string>{"f.conf:1: Bad port '0'."});
  EXPECT_EQ(messages("HostName a b\n"),
            std::vector<std::string>{"f.conf:1: keyword hostname extra arguments at end of line"});
}

TEST(Parser, AcceptsWhatOpenSshAccepts) {
  EXPECT_TRUE(messages("IgnoreUnknown UseKeychain,Foo*\nUseKeychain yes\nFooBar 1\nCIPHERS=aes128-ctr\n").empty());
  EXPECT_TRUE(messages("Ciphers ,bogus\nCompression YES\nMatch host=foo\nMatch host foo all\n").empty());
  EXPECT_TRUE(messages("Ciphers -*-ctr,chacha*\nProtocol 2\nCipher blowfish\nCompressionLevel 9\n").empty());
  EXPECT_TRUE(messages("Match exec \"test %h = foo\"\nHost foo # comment\n").empty());
}

TEST(Parser, CollectsEveryErrorOfAFile) {
  const std::vector<std::string> found = messages("Ciphers x\nCompression maybe\nBogus 1\n");
  EXPECT_EQ(found.size(), 3u);
  const Result<ConfigFile> result = parse_checked("Ciphers x\nCompression maybe\n", "f.conf", client());
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "f.conf:1: Bad SSH2 cipher spec 'x'. (+1 more)");
  EXPECT_EQ(result.error().kind, ErrorKind::invalid_input);
}

}  // namespace
}  // namespace sshtune::sshconfig
