// append_host_block: a new Host block after the last line, every earlier byte kept.

#include "tuner/edit/block_append.hpp"

#include "tuner/sshconfig/parser.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

sshconfig::ConfigFile parsed(const std::string& text) { return sshconfig::parse(text, "/h/.ssh/config"); }

TEST(AppendHostBlock, AfterABlankLineWithTheFilesLineEnds) {
  sshconfig::ConfigFile file = parsed("Host *\r\n  User me");  // CRLF, no final line end
  const Result<std::size_t> header = append_host_block(file, "wan1", {"Compression yes"});
  ASSERT_TRUE(header);
  EXPECT_EQ(header.value(), 4u);
  EXPECT_EQ(sshconfig::print(file), "Host *\r\n  User me\r\n\r\nHost wan1\r\n    Compression yes\r\n");
  EXPECT_EQ(file.lines[4].keyword_lower, "compression");  // tokenised like a parsed line
  EXPECT_EQ(file.lines[4].number, 5u);
}

TEST(AppendHostBlock, NoSecondBlankLineAndAnEmptyFileStartsAtLineOne) {
  sshconfig::ConfigFile file = parsed("Host a\n\n");
  ASSERT_TRUE(append_host_block(file, "b", {"Compression yes"}));
  EXPECT_EQ(sshconfig::print(file), "Host a\n\nHost b\n    Compression yes\n");
  sshconfig::ConfigFile empty = parsed("");
  EXPECT_EQ(append_host_block(empty, "b", {}).value(), 1u);
  EXPECT_EQ(sshconfig::print(empty), "Host b\n");
}

TEST(AppendHostBlock, RefusesWhatIsNoPlainAliasOrDirectiveAndChangesNothing) {
  sshconfig::ConfigFile file = parsed("Host a\n");
  EXPECT_FALSE(append_host_block(file, "a b", {"Compression yes"}));
  EXPECT_FALSE(append_host_block(file, "c", {"ProxyCommand nc '%h' 22"}));
  EXPECT_EQ(sshconfig::print(file), "Host a\n");
}

}  // namespace
}  // namespace sshtune::edit
