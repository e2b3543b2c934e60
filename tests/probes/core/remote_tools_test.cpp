#include "probes/core/remote_tools.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

TEST(ParseRsyncVersion, ReadsVersionProtocolAndCompressList) {
  const auto tools = parse_rsync_version(
      "rsync  version 3.2.7  protocol version 31\nCopyright (C) 1996-2022\nCapabilities:\n    64-bit files\n"
      "Compress list:\n    zstd lz4 zlibx\n    zlib none\nDaemon auth list:\n    sha512\n");
  ASSERT_TRUE(tools.rsync_version);
  EXPECT_EQ(*tools.rsync_version, "3.2.7");
  EXPECT_EQ(tools.rsync_protocol, 31);
  EXPECT_EQ(tools.rsync_compress_choices, (std::vector<std::string>{"zstd", "lz4", "zlibx", "zlib", "none"}));
  EXPECT_TRUE(tools.rsync_zstd);
}

TEST(ParseRsyncVersion, OldRsyncHasNoCompressList) {
  const auto tools = parse_rsync_version("rsync  version 3.1.3  protocol version 31\nCopyright\n");
  ASSERT_TRUE(tools.rsync_version);
  EXPECT_EQ(*tools.rsync_version, "3.1.3");
  EXPECT_TRUE(tools.rsync_compress_choices.empty());
  EXPECT_FALSE(tools.rsync_zstd);
}

TEST(ParseRsyncVersion, MissingOrForeignOutputYieldsNothing) {
  EXPECT_FALSE(parse_rsync_version("").rsync_version);
  EXPECT_FALSE(parse_rsync_version("bash: rsync: command not found\n").rsync_version);
  EXPECT_FALSE(parse_rsync_version("openrsync: protocol version 29\n").rsync_version);
}

}  // namespace
}  // namespace sshtune::probes
