#include "tuner/edit/include_line.hpp"

#include "tuner/sshconfig/parser.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

const std::filesystem::path k_home = "/home/u";
const std::filesystem::path k_managed = "/home/u/.ssh/ssh-tune.conf";

sshconfig::ConfigFile parsed(const std::string& text) { return sshconfig::parse(text, "/home/u/.ssh/config"); }

TEST(IncludeLine, UsesTildeUnderHomeAndAbsoluteElsewhere) {
  EXPECT_EQ(include_directive(k_managed, k_home).value(), "Include ~/.ssh/ssh-tune.conf");
  EXPECT_EQ(include_directive("/etc/x/ssh-tune.conf", k_home).value(), "Include /etc/x/ssh-tune.conf");
  EXPECT_EQ(
      include_directive("/a b/ssh-tune.conf", k_home).error().message,
      "/a b/ssh-tune.conf: ssh-tune cannot write an Include line for a path with blanks, quotes or glob characters");
}

TEST(IncludeLine, InsertsAtTheVeryTopWithLf) {
  const std::string text = "# mine\nHost a\n  User b\n";
  EXPECT_EQ(with_include(parsed(text), "Include ~/.ssh/ssh-tune.conf"), "Include ~/.ssh/ssh-tune.conf\n" + text);
}

TEST(IncludeLine, FollowsCrlfFiles) {
  const std::string text = "Host a\r\n  User b\r\n";
  EXPECT_EQ(with_include(parsed(text), "Include X"), "Include X\r\n" + text);
}

TEST(IncludeLine, KeepsAMissingFinalNewline) {
  const std::string text = "Host a\n  User b";
  const std::string added = with_include(parsed(text), "Include X");
  EXPECT_EQ(added, "Include X\n" + text);
  const auto file = parsed(added);
  EXPECT_EQ(without_line(file, find_include(file, "/home/u/.ssh/X", k_home).value()), text);
}

TEST(IncludeLine, EmptyFileGetsOneLine) {
  EXPECT_EQ(with_include(parsed(""), "Include X"), "Include X\n");
  EXPECT_EQ(without_line(parsed("Include X\n"), 0), "");
}

TEST(IncludeLine, FindsTheLineHoweverSpelled) {
  for (const std::string line : {"Include ~/.ssh/ssh-tune.conf", "  include=ssh-tune.conf",
                                 "INCLUDE /home/u/.ssh/ssh-tune.conf", "Include \"~/.ssh/ssh-tune.conf\""}) {
    const auto file = parsed("Host a\n" + line + "\n");
    EXPECT_EQ(find_include(file, k_managed, k_home), std::optional<std::size_t>(1)) << line;
  }
  EXPECT_FALSE(find_include(parsed("Include ~/.ssh/other.conf\n# Include ~/.ssh/ssh-tune.conf\n"), k_managed, k_home));
}

TEST(IncludeLine, RemovingRestoresEveryOtherByte) {
  const std::string text = "\tHost  a # c\r\n\r\n   Ciphers=aes128-ctr\n";
  const auto file = parsed(with_include(parsed(text), "Include ~/.ssh/ssh-tune.conf"));
  EXPECT_EQ(without_line(file, find_include(file, k_managed, k_home).value()), text);
}

}  // namespace
}  // namespace sshtune::edit
