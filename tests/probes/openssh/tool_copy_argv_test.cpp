// The copy tools' trials run the commands `host` prints, with the user's own options in each tool's dialect.
#include "probes/openssh/tool_copy.hpp"

#include <gtest/gtest.h>

namespace sshtune::probes {
namespace {

using Argv = std::vector<std::string>;

OpensshTarget target() {
  OpensshTarget t;
  t.program = "/opt/ssh/bin/ssh";
  t.options = {"-F", "/home/a/my config", "-p", "2222", "-l", "alice", "-i", "/home/a/key"};
  t.destination = "web";
  t.timeout = std::chrono::milliseconds(1500);
  return t;
}

ToolTrialSpec spec(CopyTool tool) {
  ToolTrialSpec s;
  s.tool = tool;
  s.ciphers = "^aes128-gcm@openssh.com,aes256-gcm@openssh.com";
  s.bytes = 1 << 20;
  return s;
}

// What scp and sftp both get: -S naming the trials' ssh, the user's options in their dialect (-P for -p,
// -o User= for -l), then the trial's own: no prompt, the timeout, the snippet's ciphers and compression.
Argv scp_dialect(const std::string& tool, const std::string& compression, const Argv& rest) {
  Argv argv{tool,
            "-S",
            "/opt/ssh/bin/ssh",
            "-F",
            "/home/a/my config",
            "-P",
            "2222",
            "-o",
            "User=alice",
            "-i",
            "/home/a/key",
            "-o",
            "BatchMode=yes",
            "-o",
            "ConnectTimeout=2",
            "-c",
            "^aes128-gcm@openssh.com,aes256-gcm@openssh.com",
            "-o",
            "Compression=" + compression};
  argv.insert(argv.end(), rest.begin(), rest.end());
  return argv;
}

TEST(ToolTrialArgv, ScpTakesThePortAsCapitalPAndTheUserAsAnOption) {
  const auto argv = tool_trial_argv(target(), spec(CopyTool::scp), "/dev/shm/d/copy", "/dev/shm/d/batch", "/tmp/tmp.X");
  ASSERT_TRUE(argv) << argv.error().message;
  EXPECT_EQ(argv.value(), scp_dialect("scp", "no", {"/dev/shm/d/copy", "web:/tmp/tmp.X/scp"}));
}

TEST(ToolTrialArgv, SftpPutsTheFileFromItsBatch) {
  ToolTrialSpec s = spec(CopyTool::sftp);
  s.compression = true;
  const auto argv = tool_trial_argv(target(), s, "/dev/shm/d/copy", "/dev/shm/d/batch", "/tmp/tmp.X");
  ASSERT_TRUE(argv) << argv.error().message;
  EXPECT_EQ(argv.value(), scp_dialect("sftp", "yes", {"-b", "/dev/shm/d/batch", "web"}));
}

TEST(ToolTrialArgv, RsyncNamesSshAsItsSnippetDoesAndNeverAsksItToCompress) {
  ToolTrialSpec s = spec(CopyTool::rsync);
  s.compression = true;
  s.rsync_compress = "--compress-choice=zstd";
  const auto argv = tool_trial_argv(target(), s, "/dev/shm/d/copy", "/dev/shm/d/batch", "/tmp/tmp.X");
  ASSERT_TRUE(argv) << argv.error().message;
  EXPECT_EQ(argv.value(),
            (Argv{"rsync", "-e",
                  "/opt/ssh/bin/ssh -F '/home/a/my config' -p 2222 -l alice -i /home/a/key -o BatchMode=yes -o "
                  "ConnectTimeout=2 -c ^aes128-gcm@openssh.com,aes256-gcm@openssh.com -o Compression=no",
                  "--compress-choice=zstd", "/dev/shm/d/copy", "web:/tmp/tmp.X/rsync"}));
}

TEST(ToolTrialArgv, WhatCannotPassIsRefusedWithTheReason) {
  OpensshTarget quoted = target();
  quoted.options = {"-F", "/home/a/it's"};
  const auto rsync = tool_trial_argv(quoted, spec(CopyTool::rsync), "/s", "/b", "/tmp/x");
  ASSERT_FALSE(rsync);
  EXPECT_EQ(rsync.error().message, "/home/a/it's cannot pass through rsync's -e");
  OpensshTarget colon = target();
  colon.destination = "fe80::1";
  const auto scp = tool_trial_argv(colon, spec(CopyTool::scp), "/s", "/b", "/tmp/x");
  ASSERT_FALSE(scp);
  EXPECT_EQ(scp.error().message, "the alias fe80::1 has a colon");
}

}  // namespace
}  // namespace sshtune::probes
