// Input quoted in messages (base/message.hpp): what a hostile file or server puts
// there reaches the terminal escaped, and bounded.

#include "base/message.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

TEST(Message, ControlBytesAreEscapedAsSshPrintsThem) {
  EXPECT_EQ(escape_bytes("a\rb"), "a\\rb");
  EXPECT_EQ(escape_bytes("a\nb\tc"), "a\\nb\\tc");
  EXPECT_EQ(escape_bytes("\x1b[31mred"), "\\e[31mred");
  EXPECT_EQ(escape_bytes("\xef\xbb\xbfhost"), "\\357\\273\\277host");
  EXPECT_EQ(escape_bytes(std::string("a\0b", 3)), "a\\000b");
  EXPECT_EQ(escape_bytes("\x7f"), "\\177");
}

TEST(Message, PrintableTextIsKeptAndEscapingTwiceChangesNothing) {
  EXPECT_EQ(escape_bytes("Bad SSH2 cipher spec 'aes128-ctr,\\'."), "Bad SSH2 cipher spec 'aes128-ctr,\\'.");
  const std::string once = escape_bytes("x\x1b]0;title\x07\r\n\xc3\xa9");
  EXPECT_EQ(escape_bytes(once), once);
  EXPECT_EQ(one_line(one_line(std::string(5000, '\n'))), one_line(std::string(5000, '\n')));
}

TEST(Message, QuotedInputIsBounded) {
  const std::string huge(10 * 1024 * 1024, 'a');
  const std::string quoted = quote_input(huge);
  EXPECT_EQ(quoted, std::string(197, 'a') + "... (10485760 bytes)");
  EXPECT_EQ(quote_input("short"), "short");
}

TEST(Message, CutsNeverSplitAnEscape) {
  const std::string cut = escape_within(std::string(100, '\x1b'), 12);
  EXPECT_EQ(cut, "\\e\\e\\e\\e...");
  EXPECT_LE(cut.size(), 12u);
}

TEST(Message, AWholeMessageIsOneLineOfBoundedLength) {
  const std::string message =
      one_line("x.conf:1: Bad configuration option: " + std::string(10 * 1024 * 1024, 'k') + "\n");
  EXPECT_EQ(message.size(), k_max_message);
  EXPECT_EQ(message.find('\n'), std::string::npos);
  EXPECT_TRUE(message.ends_with("kkk..."));
}

// ssh-tune's own signs are not input: they print as signs (UTF-8) or as ASCII, never as escapes.
TEST(Message, OwnSignsShowInTheOutputCharsetAndNeverAsEscapes) {
  const std::string finding =
      "Ciphers puts aes256-ctr first: 1232 MB/s on this CPU, 0.41\u00D7 chacha20-poly1305@openssh.com";
  EXPECT_EQ(one_line(finding, Charset::utf8),
            "Ciphers puts aes256-ctr first: 1232 MB/s on this CPU, 0.41\u00D7 chacha20-poly1305@openssh.com");
  EXPECT_EQ(one_line(finding, Charset::ascii),
            "Ciphers puts aes256-ctr first: 1232 MB/s on this CPU, 0.41x chacha20-poly1305@openssh.com");
  EXPECT_EQ(one_line("a \u2192 b", Charset::ascii), "a -> b");
  EXPECT_EQ(one_line("a \u2192 b", Charset::utf8), "a \u2192 b");
  // Other bytes stay escaped as ssh prints them, whatever the charset.
  EXPECT_EQ(one_line("\x1b[31m\xc3\xa9\r", Charset::utf8), "\\e[31m\\303\\251\\r");
  EXPECT_EQ(one_line(std::string(2000, 'k') + "\u00D7", Charset::utf8).size(), k_max_message);
}

}  // namespace
}  // namespace sshtune
