#include "base/process.hpp"
#include "base/read_file.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <unistd.h>

namespace sshtune {
namespace {

TEST(Process, CapturesBothStreamsAndTheExitCode) {
  const auto run = run_process({"sh", "-c", "echo out; echo err >&2; exit 3"});
  ASSERT_TRUE(run) << run.error().message;
  EXPECT_EQ(run.value().out, "out\n");
  EXPECT_EQ(run.value().err, "err\n");
  EXPECT_EQ(run.value().exit_code, 3);
}

TEST(Process, DiscardedStreamsAreNotCollected) {
  const auto run = run_process({"sh", "-c", "echo out; echo err >&2"}, {Output::discard, Output::capture});
  ASSERT_TRUE(run);
  EXPECT_EQ(run.value().out, "");
  EXPECT_EQ(run.value().err, "err\n");
}

TEST(Process, LargeOutputOnBothPipesDoesNotBlock) {
  const auto run = run_process({"sh", "-c", "head -c 300000 /dev/zero; head -c 300000 /dev/zero >&2"});
  ASSERT_TRUE(run);
  EXPECT_EQ(run.value().out.size(), 300000u);
  EXPECT_EQ(run.value().err.size(), 300000u);
}

TEST(Process, StdinIsEmpty) {
  const auto run = run_process({"cat"});
  ASSERT_TRUE(run);
  EXPECT_EQ(run.value().out, "");
}

TEST(Process, AMissingProgramIsAnErrorNamingIt) {
  const auto run = run_process({"ssh-tune-no-such-program"});
  ASSERT_FALSE(run);
  EXPECT_EQ(run.error().message, "ssh-tune-no-such-program: No such file or directory");
}

TEST(Process, KilledChildReportsMinusOne) {
  const auto run = run_process({"sh", "-c", "kill -9 $$"});
  ASSERT_TRUE(run);
  EXPECT_EQ(run.value().exit_code, -1);
}

TEST(Process, SpawnedChildWritesToTheGivenDescriptorAndIsStopped) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const auto pid = spawn_child({"sh", "-c", "echo ready; exec sleep 60"}, ChildFds{-1, fds[1], -1}, true);
  ::close(fds[1]);
  ASSERT_TRUE(pid) << pid.error().message;
  char buffer[16] = {};
  EXPECT_EQ(::read(fds[0], buffer, 6), 6);
  EXPECT_EQ(std::string(buffer), "ready\n");
  stop_child(pid.value(), std::chrono::milliseconds(200));
  EXPECT_EQ(::kill(pid.value(), 0), -1);  // reaped: the pid no longer exists
  ::close(fds[0]);
}

TEST(Process, WaitChildReturnsTheExitCode) {
  const auto pid = spawn_child({"sh", "-c", "exit 7"}, ChildFds{}, false);
  ASSERT_TRUE(pid);
  EXPECT_EQ(wait_child(pid.value()), 7);
}

TEST(ReadFile, ReadsBytesExactly) {
  const testing::TempDir dir;
  const auto path = dir.write("f", std::string("a\r\n\0b", 5));
  const auto text = read_file(path);
  ASSERT_TRUE(text);
  EXPECT_EQ(text.value(), std::string("a\r\n\0b", 5));
}

TEST(ReadFile, ErrorsNameThePathAndReason) {
  const testing::TempDir dir;
  EXPECT_EQ(read_file(dir.path() / "absent").error().message,
            (dir.path() / "absent").string() + ": No such file or directory");
  EXPECT_EQ(read_file(dir.path()).error().message, dir.path().string() + ": Is a directory");
  EXPECT_EQ(read_file_if_present(dir.path() / "absent"), std::nullopt);
}

TEST(ReadFile, TheNullDeviceReadsAsEmpty) { EXPECT_EQ(read_file("/dev/null").value(), ""); }

TEST(ReadFile, OtherKindsAreRefusedByName) {
  const testing::TempDir dir;
  const auto fifo = dir.path() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string tail = ", not a regular file; ssh-tune reads and writes only regular files";
  EXPECT_EQ(read_file(fifo).error().message, fifo.string() + ": is a FIFO" + tail);  // without waiting for a writer
  EXPECT_EQ(read_file("/dev/zero").error().message, "/dev/zero: is a character device" + tail);
}

TEST(ReadFile, AFileOverTheCapIsRefused) {
  const testing::TempDir dir;
  const auto path = dir.write("big", std::string(100, 'x'));
  EXPECT_EQ(read_file(path, 100).value().size(), 100u);
  EXPECT_EQ(read_file(path, 99).error().message,
            path.string() + ": larger than 99 bytes; ssh-tune reads files up to that size");
}

}  // namespace
}  // namespace sshtune
