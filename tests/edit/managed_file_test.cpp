#include "tuner/edit/managed_file.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

HostSettings settings(const std::string& host, bool compression) {
  return HostSettings{host, {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"}, compression};
}

ManagedBlock block(const std::string& host, bool compression = false, const std::string& at = "2026-11-30T05:40Z") {
  return render_block(settings(host, compression), "^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com", at);
}

TEST(ManagedFile, RendersOneMarkedBlockEndingWithHostStar) {
  ManagedFile file = new_managed("/h/.ssh/config", false);
  put_block(file, block("web1"));
  EXPECT_EQ(render_managed(file),
            "# Managed by ssh-tune: one block per host, included from the top of /h/.ssh/config.\n"
            "# Change with 'ssh-tune apply HOST ...'; remove with 'ssh-tune revert HOST' or '--all'.\n"
            "\n"
            "# ssh-tune: begin web1 (written 2026-11-30T05:40Z; "
            "ciphers=aes128-gcm@openssh.com,chacha20-poly1305@openssh.com; compression=no)\n"
            "Host web1\n"
            "    Ciphers ^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com\n"
            "    Compression no\n"
            "# ssh-tune: end web1\n"
            "\n"
            "Host *\n");
}

TEST(ManagedFile, ParseRenderRoundTrips) {
  ManagedFile file = new_managed("/h/.ssh/config", true);
  put_block(file, block("a"));
  put_block(file, block("B.example.com", true));
  const std::string text = render_managed(file);
  const auto parsed = parse_managed(text, "/h/.ssh/ssh-tune.conf");
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(render_managed(parsed.value()), text);
  EXPECT_TRUE(records_created_config(parsed.value()));
  ASSERT_EQ(parsed.value().blocks.size(), 2u);
  EXPECT_EQ(parsed.value().blocks[1].host, "B.example.com");
}

TEST(ManagedFile, SameSettingsKeepTheOldBlockAndTimestamp) {
  ManagedFile file = new_managed("/c", false);
  put_block(file, block("a", false, "2026-01-01T00:00Z"));
  const std::string before = render_managed(file);
  EXPECT_FALSE(put_block(file, block("a", false, "2026-11-30T05:40Z")));
  EXPECT_EQ(render_managed(file), before);
}

TEST(ManagedFile, ChangedSettingsReplaceTheBlockInPlace) {
  ManagedFile file = new_managed("/c", false);
  put_block(file, block("a"));
  put_block(file, block("b"));
  EXPECT_TRUE(put_block(file, block("a", true)));
  ASSERT_EQ(file.blocks.size(), 2u);
  EXPECT_EQ(file.blocks[0].host, "a");
  EXPECT_EQ(file.blocks[0].lines[3], "    Compression yes");
}

TEST(ManagedFile, DropBlockAndEmptyFileRendersNothing) {
  ManagedFile file = new_managed("/c", false);
  put_block(file, block("a"));
  EXPECT_FALSE(drop_block(file, "b", "/m").value());
  EXPECT_TRUE(drop_block(file, "a", "/m").value());
  EXPECT_EQ(render_managed(file), "");
}

// A managed file whose block for "e1" has a line added by hand (line 6).
const char* const k_hand_edited =
    "# header\n"
    "\n"
    "# ssh-tune: begin e1 (written 2026-11-30T05:40Z; ciphers=aes128-ctr; compression=no)\n"
    "Host e1\n"
    "    Ciphers aes128-ctr\n"
    "    ProxyJump bastion\n"
    "    Compression no\n"
    "# ssh-tune: end e1\n"
    "\n"
    "Host *\n";

TEST(ManagedFile, FindsLinesAddedByHandWithTheirLineNumbers) {
  const auto parsed = parse_managed(k_hand_edited, "/m");
  ASSERT_TRUE(parsed) << parsed.error().message;
  const auto foreign = foreign_lines(parsed.value().blocks[0]);
  ASSERT_EQ(foreign.size(), 1u);
  EXPECT_EQ(foreign[0].line, 6u);
  EXPECT_EQ(foreign[0].text, "    ProxyJump bastion");
}

TEST(ManagedFile, ApplyKeepsLinesAddedByHand) {
  auto parsed = parse_managed(k_hand_edited, "/m");
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(put_block(parsed.value(), block("e1", true)));
  EXPECT_EQ(parsed.value().blocks[0].lines,
            (std::vector<std::string>{block("e1", true).lines[0], "Host e1",
                                      "    Ciphers ^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com",
                                      "    Compression yes", "    ProxyJump bastion", "# ssh-tune: end e1"}));
  EXPECT_FALSE(put_block(parsed.value(), block("e1", true, "2027-01-01T00:00Z")));
}

TEST(ManagedFile, RevertRefusesABlockWithLinesAddedByHand) {
  auto parsed = parse_managed(k_hand_edited, "/m");
  ASSERT_TRUE(parsed);
  const auto dropped = drop_block(parsed.value(), "e1", "/m");
  ASSERT_FALSE(dropped);
  EXPECT_EQ(dropped.error().message,
            "/m:6: 'ProxyJump bastion' was added by hand to the block for e1; move it to your own config, then "
            "run the command again (nothing was changed)");
  EXPECT_EQ(parsed.value().blocks.size(), 1u);
}

TEST(ManagedFile, RefusesForeignLinesWithTheirLocation) {
  const auto parsed = parse_managed("# header\n\nUser bob\n", "/m.conf");
  ASSERT_FALSE(parsed);
  EXPECT_EQ(parsed.error().message,
            "/m.conf:3: line outside the ssh-tune blocks; ssh-tune rewrites this file, so move it to your own config");
}

TEST(ManagedFile, RefusesUnterminatedAndDuplicateBlocks) {
  EXPECT_EQ(parse_managed("# ssh-tune: begin a (x)\nHost a\n", "/m").error().message,
            "/m:1: block for 'a' has no '# ssh-tune: end a' line");
  const std::string one = "# ssh-tune: begin a (x)\nHost a\n# ssh-tune: end a\n";
  EXPECT_EQ(parse_managed(one + one, "/m").error().message, "/m:4: a second block for 'a'");
}

}  // namespace
}  // namespace sshtune::edit
