// The line-rewrite API: exact bytes out, every other byte of the file as it was read.

#include "tuner/edit/line_rewrite.hpp"

#include "tuner/sshconfig/parser.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

sshconfig::ConfigFile parsed(const std::string& text) { return sshconfig::parse(text, "/h/.ssh/config"); }

TEST(ReplaceValue, KeepsIndentEqualsSignCommentAndCrlf) {
  sshconfig::ConfigFile file = parsed("# mine\r\nHost nas\r\n\tCompression = YES   # faster?\r\n  User me");
  ASSERT_TRUE(replace_value(file, 3, "no"));
  EXPECT_EQ(sshconfig::print(file), "# mine\r\nHost nas\r\n\tCompression = no   # faster?\r\n  User me");
  EXPECT_EQ(file.lines[2].args.size(), 1u);  // tokenised again
  EXPECT_EQ(file.lines[2].args[0].value, "no");
}

TEST(ReplaceValue, ReplacesEveryArgumentOfTheLine) {
  sshconfig::ConfigFile file = parsed("SendEnv LANG \"LC_*\"\n");
  ASSERT_TRUE(replace_value(file, 1, "TERM"));
  EXPECT_EQ(sshconfig::print(file), "SendEnv TERM\n");
}

TEST(ReplaceValue, RefusesWhatItCannotWritePlainly) {
  sshconfig::ConfigFile file = parsed("# c\nCompression\nCompression yes\n");
  EXPECT_EQ(replace_value(file, 1, "no").error().message, "/h/.ssh/config:1: not a directive");
  EXPECT_EQ(replace_value(file, 2, "no").error().message, "/h/.ssh/config:2: Compression has no value to replace");
  EXPECT_EQ(replace_value(file, 3, "a b").error().message, "/h/.ssh/config:3: 'a b' is not a plain value");
  EXPECT_EQ(replace_value(file, 4, "no").error().message, "/h/.ssh/config:4: no such line");
  EXPECT_EQ(sshconfig::print(file), "# c\nCompression\nCompression yes\n");
}

TEST(RemoveListEntries, DropsNamesAndKeepsPrefixOrderAndComment) {
  sshconfig::ConfigFile file = parsed("Host a\n    Ciphers +3des-cbc,aes128-cbc,3des-cbc # legacy box\n");
  ASSERT_EQ(remove_list_entries(file, 2, {"3des-cbc"}).value(), ListEdit::removed);
  EXPECT_EQ(sshconfig::print(file), "Host a\n    Ciphers +aes128-cbc # legacy box\n");
}

TEST(RemoveListEntries, KeepsQuotesAroundTheWholeListAndTheEqualsStyle) {
  sshconfig::ConfigFile file = parsed("MACs=\"^hmac-md5,hmac-sha2-256,umac-64@openssh.com\"\n");
  ASSERT_EQ(remove_list_entries(file, 1, {"hmac-md5", "umac-64@openssh.com"}).value(), ListEdit::removed);
  EXPECT_EQ(sshconfig::print(file), "MACs=\"^hmac-sha2-256\"\n");
}

TEST(RemoveListEntries, EditsOfOneLineCompose) {
  sshconfig::ConfigFile file = parsed("Ciphers aes128-ctr,arcfour,blowfish-cbc");
  ASSERT_TRUE(remove_list_entries(file, 1, {"arcfour"}));
  ASSERT_TRUE(remove_list_entries(file, 1, {"blowfish-cbc"}));
  EXPECT_EQ(sshconfig::print(file), "Ciphers aes128-ctr");
}

TEST(RemoveListEntries, AListItWouldEmptyIsLeftAsItWas) {
  sshconfig::ConfigFile file = parsed("HostKeyAlgorithms +ssh-rsa,ssh-rsa\n");
  ASSERT_EQ(remove_list_entries(file, 1, {"ssh-rsa"}).value(), ListEdit::would_empty);
  EXPECT_EQ(sshconfig::print(file), "HostKeyAlgorithms +ssh-rsa,ssh-rsa\n");
}

TEST(RemoveListEntries, RefusesLinesThatAreNoSingleListNamingTheEntry) {
  sshconfig::ConfigFile file = parsed("Ciphers aes128-ctr\nCiphers a b\nCiphers \"x\n");
  EXPECT_EQ(remove_list_entries(file, 1, {"3des-cbc", "arcfour"}).error().message,
            "/h/.ssh/config:1: Ciphers does not list 3des-cbc,arcfour");
  EXPECT_EQ(remove_list_entries(file, 2, {"a"}).error().message,
            "/h/.ssh/config:2: Ciphers has 2 arguments, not one list");
  EXPECT_EQ(remove_list_entries(file, 3, {"x"}).error().message, "/h/.ssh/config:3: invalid quotes");
}

TEST(CommentOut, KeepsIndentAndLineEndAndAddsTheReason) {
  sshconfig::ConfigFile file = parsed("Host r\r\n  HostKeyAlgorithms +ssh-rsa  \r\nHost *\r\n");
  ASSERT_TRUE(comment_out(file, 2, "ssh-tune audit --fix: algo-reenabled-legacy ssh-rsa"));
  EXPECT_EQ(sshconfig::print(file),
            "Host r\r\n  # HostKeyAlgorithms +ssh-rsa  # ssh-tune audit --fix: algo-reenabled-legacy ssh-rsa\r\n"
            "Host *\r\n");
  EXPECT_EQ(file.lines[1].kind, sshconfig::LineKind::comment);
  EXPECT_TRUE(file.lines[1].args.empty());  // nothing of the directive survives in the tokens
}

TEST(CommentOut, LastLineWithoutNewlineStaysWithout) {
  sshconfig::ConfigFile file = parsed("Ciphers +3des-cbc");
  ASSERT_TRUE(comment_out(file, 1, "why"));
  EXPECT_EQ(sshconfig::print(file), "# Ciphers +3des-cbc  # why");
  EXPECT_EQ(comment_out(file, 1, "again").error().message, "/h/.ssh/config:1: not a directive");
}

}  // namespace
}  // namespace sshtune::edit
