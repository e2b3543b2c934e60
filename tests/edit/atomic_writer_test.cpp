#include "tuner/edit/atomic_writer.hpp"

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/file_lock.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::TempDir;
using testing::FaultyFileSystem;
using testing::mode_of;

FileSnapshot snap(FileSystem& fs, const std::filesystem::path& path) { return take_snapshot(fs, path).value(); }

std::size_t entries_in(const std::filesystem::path& dir) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

TEST(AtomicWriter, ReplacesContentAndKeepsMode) {
  TempDir dir;
  const auto file = dir.write("config", "old\n");
  std::filesystem::permissions(file, std::filesystem::perms(0640));
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  ASSERT_TRUE(writer.replace(snap(fs, file), "new\n"));
  EXPECT_EQ(read_file(file), "new\n");
  EXPECT_EQ(mode_of(file), 0640u);
  EXPECT_EQ(entries_in(dir.path()), 1u);  // no temp file left behind
}

TEST(AtomicWriter, NewFilesAre0600) {
  TempDir dir;
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  const auto file = dir.path() / "fresh";
  ASSERT_TRUE(writer.replace(snap(fs, file), "x\n"));
  EXPECT_EQ(mode_of(file), 0600u);
}

TEST(AtomicWriter, WritesThroughSymlinkToItsTarget) {
  TempDir dir;
  const auto real = dir.write("dotfiles/ssh/config", "old\n");
  std::filesystem::create_directories(dir.path() / "home/.ssh");
  const auto link = dir.path() / "home/.ssh/config";
  std::filesystem::create_symlink("../../dotfiles/ssh/config", link);
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  const auto before = snap(fs, link);
  EXPECT_EQ(before.target, std::filesystem::canonical(real));
  ASSERT_TRUE(writer.replace(before, "new\n"));
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(read_file(real), "new\n");
}

TEST(AtomicWriter, BackupIsMadeOnceBeforeTheFirstChange) {
  TempDir dir;
  const auto file = dir.write("config", "original\n");
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  ASSERT_TRUE(writer.replace(snap(fs, file), "second\n", WriteOptions{true}));
  ASSERT_TRUE(writer.replace(snap(fs, file), "third\n", WriteOptions{true}));
  EXPECT_EQ(read_file(backup_path_for(file)), "original\n");
  EXPECT_EQ(mode_of(backup_path_for(file)), 0600u);
}

TEST(AtomicWriter, RefusesReadOnlyTarget) {
  TempDir dir;
  const auto file = dir.write("config", "old\n");
  std::filesystem::permissions(file, std::filesystem::perms(0444));
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  const auto result = writer.replace(snap(fs, file), "new\n");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, file.string() + ": is read-only (mode 0444); refusing to replace it");
  EXPECT_EQ(read_file(file), "old\n");
}

TEST(AtomicWriter, RefusesWhenTheFileChangedSinceRead) {
  TempDir dir;
  const auto file = dir.write("config", "old\n");
  FaultyFileSystem fs;
  AtomicWriter writer(fs);
  const auto before = snap(fs, file);
  fs.before = [&](const std::string& op) {
    if (op == "sync_and_close") {
      dir.write("config", "someone else\n");  // a concurrent editor saves in between
    }
    return 0;
  };
  const auto result = writer.replace(before, "new\n");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message,
            file.string() + ": changed since ssh-tune read it; nothing was written, run the command again");
  EXPECT_EQ(read_file(file), "someone else\n");
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(AtomicWriter, DetectsASameSizeSameSecondRewrite) {
  TempDir dir;
  const auto file = dir.write("config", "aaaa\n");
  PosixFileSystem fs;
  const auto before = snap(fs, file);
  const auto mtime = std::filesystem::last_write_time(file);
  dir.write("config", "bbbb\n");
  std::filesystem::last_write_time(file, mtime);  // same size, same mtime: only content tells
  EXPECT_FALSE(unchanged_since(fs, before).value());
}

TEST(AtomicWriter, FailedStepLeavesTargetAndNoTemp) {
  for (const std::string failing : {"create_temp", "write_all", "set_owner_and_mode", "sync_and_close", "rename"}) {
    TempDir dir;
    const auto file = dir.write("config", "old\n");
    FaultyFileSystem fs;
    AtomicWriter writer(fs);
    const auto before = snap(fs, file);
    fs.before = [&](const std::string& op) { return op == failing ? ENOSPC : 0; };
    const auto result = writer.replace(before, "new\n");
    ASSERT_FALSE(result) << failing;
    EXPECT_TRUE(result.error().message.starts_with(file.string() + ": not changed: ")) << result.error().message;
    EXPECT_NE(result.error().message.find("No space left on device"), std::string::npos);
    EXPECT_EQ(read_file(file), "old\n") << failing;
    EXPECT_EQ(entries_in(dir.path()), 1u) << failing;
  }
}

TEST(AtomicWriter, RestorePutsBackOrRemoves) {
  TempDir dir;
  const auto file = dir.write("config", "old\n");
  PosixFileSystem fs;
  AtomicWriter writer(fs);
  const auto before = snap(fs, file);
  const auto absent = snap(fs, dir.path() / "new");
  ASSERT_TRUE(writer.replace(before, "new\n"));
  ASSERT_TRUE(writer.replace(absent, "x\n"));
  ASSERT_TRUE(writer.restore(before));
  ASSERT_TRUE(writer.restore(absent));
  EXPECT_EQ(read_file(file), "old\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "new"));
}

TEST(FileLock, SecondHolderWaitsThenFails) {
  TempDir dir;
  const auto lock_file = lock_path_for(dir.path() / "config");
  auto first = FileLock::acquire(lock_file, system_clock());
  ASSERT_TRUE(first);
  const pid_t child = ::fork();
  if (child == 0) {
    const auto second = FileLock::acquire(lock_file, system_clock(), std::chrono::milliseconds(100));
    ::_exit(!second && second.error().message == lock_file.string() + ": locked by another ssh-tune process" ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(FileLock, ReleaseRemovesTheLockFile) {
  TempDir dir;
  const auto lock_file = lock_path_for(dir.path() / "config");
  {
    auto lock = FileLock::acquire(lock_file, system_clock());
    ASSERT_TRUE(lock);
    EXPECT_TRUE(std::filesystem::exists(lock_file));
  }
  EXPECT_FALSE(std::filesystem::exists(lock_file));
  EXPECT_TRUE(FileLock::acquire(lock_file, system_clock(), std::chrono::milliseconds(0)));
}

}  // namespace
}  // namespace sshtune::edit
