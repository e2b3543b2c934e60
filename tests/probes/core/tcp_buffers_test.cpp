// The TCP buffer limits: a /proc file's three numbers, grep's "FILE:CONTENT" lines from a server, and what
// is unknown (no /proc, malformed or hostile text) without an error.
#include "probes/core/remote_tools.hpp"
#include "probes/core/tcp_buffers.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

TEST(ParseTcpMemMax, TakesTheThirdOfThreeNumbers) {
  EXPECT_EQ(parse_tcp_mem_max("4096\t131072\t6291456\n"), 6291456);
  EXPECT_EQ(parse_tcp_mem_max(" 4096 16384 4194304 "), 4194304);
  EXPECT_EQ(parse_tcp_mem_max("1 1 2147483647"), k_max_tcp_buffer);
}

TEST(ParseTcpMemMax, AnythingElseIsUnknown) {
  for (const char* text : {"", "\n", "4096 131072", "4096 131072 6291456 1", "4096 131072 6291456x", "4096 131072 -1",
                           "4096 131072 0", "4096 131072 2147483648", "4096 131072 99999999999999999999999", "a b c",
                           "0x10 1 2", "4096 -5 6291456", "4096 131072 +6291456"}) {
    EXPECT_FALSE(parse_tcp_mem_max(text)) << "'" << text << "'";
  }
  EXPECT_FALSE(parse_tcp_mem_max(std::string_view("4096 131072 6291456\0", 20)));
}

TEST(ParseTcpBufferLines, ReadsBothFilesFromGrepsOutput) {
  const auto limits = parse_tcp_buffer_lines(
      "/proc/sys/net/ipv4/tcp_rmem:4096\t131072\t6291456\n/proc/sys/net/ipv4/tcp_wmem:4096\t16384\t4194304\n");
  EXPECT_EQ(limits.receive_max, 6291456);
  EXPECT_EQ(limits.send_max, 4194304);
}

TEST(ParseTcpBufferLines, NoProcMeansUnknownNeverAnError) {
  for (const char* output :
       {"", "grep: /proc/sys/net/ipv4/tcp_rmem: No such file or directory\n", "\n\n",
        "/proc/sys/net/ipv4/tcp_rmem:", "/proc/sys/net/ipv4/tcp_rmem:\n", "/proc/sys/net/ipv4/tcp_wmem:4096 16384"}) {
    const auto limits = parse_tcp_buffer_lines(output);
    EXPECT_FALSE(limits.receive_max) << output;
    EXPECT_FALSE(limits.send_max) << output;
  }
}

TEST(ParseTcpBufferLines, OneFileAloneAndARepeatedLine) {
  EXPECT_EQ(parse_tcp_buffer_lines("/proc/sys/net/ipv4/tcp_wmem:4096 16384 4194304").send_max, 4194304);
  EXPECT_FALSE(parse_tcp_buffer_lines("/proc/sys/net/ipv4/tcp_wmem:4096 16384 4194304").receive_max);
  const auto twice = parse_tcp_buffer_lines(
      "/proc/sys/net/ipv4/tcp_rmem:4096 131072 6291456\n/proc/sys/net/ipv4/tcp_rmem:4096 131072 1\n");
  EXPECT_FALSE(twice.receive_max) << "two answers for one file are no answer";
  EXPECT_FALSE(parse_tcp_buffer_lines(" /proc/sys/net/ipv4/tcp_rmem:4096 131072 6291456").receive_max);
}

TEST(ParseRemoteTools, RsyncAndTheServersBuffersFromOneOutput) {
  const auto tools = parse_remote_tools(
      "rsync  version 3.2.7  protocol version 31\nCompress list:\n    zstd lz4 zlib none\n\n"
      "/proc/sys/net/ipv4/tcp_rmem:4096\t131072\t33554432\n/proc/sys/net/ipv4/tcp_wmem:4096\t16384\t4194304\n");
  ASSERT_TRUE(tools.rsync_version);
  EXPECT_TRUE(tools.rsync_zstd);
  EXPECT_EQ(tools.tcp.receive_max, 33554432);
  EXPECT_EQ(tools.tcp.send_max, 4194304);
}

TEST(ParseRemoteTools, NoRsyncStillReadsTheBuffersAndNoProcStillReadsRsync) {
  const auto buffers_only = parse_remote_tools("/proc/sys/net/ipv4/tcp_rmem:4096 131072 6291456\n");
  EXPECT_FALSE(buffers_only.rsync_version);
  EXPECT_EQ(buffers_only.tcp.receive_max, 6291456);
  const auto rsync_only = parse_remote_tools("rsync  version 3.1.3  protocol version 31\n");
  EXPECT_TRUE(rsync_only.rsync_version);
  EXPECT_FALSE(rsync_only.tcp.receive_max);
  EXPECT_FALSE(rsync_only.tcp.send_max);
}

TEST(ReadTcpBufferLimits, ReadsTheFilesOfADirectory) {
  testing::TempDir dir;
  dir.write("tcp_rmem", "4096\t131072\t6291456\n");
  dir.write("tcp_wmem", "4096\t16384\t4194304\n");
  const auto limits = read_tcp_buffer_limits(dir.path());
  EXPECT_EQ(limits.receive_max, 6291456);
  EXPECT_EQ(limits.send_max, 4194304);
}

TEST(ReadTcpBufferLimits, MissingOrOversizedFilesAreUnknown) {
  testing::TempDir dir;
  dir.write("tcp_wmem", std::string(300, ' ') + "4096 16384 4194304\n");
  const auto limits = read_tcp_buffer_limits(dir.path());
  EXPECT_FALSE(limits.receive_max);
  EXPECT_FALSE(limits.send_max);
}

}  // namespace
}  // namespace sshtune::probes
