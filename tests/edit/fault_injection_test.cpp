// Faults from the real world: a full disk, a read-only or forbidden directory, a
// concurrent editor, and a process killed at any moment. Afterwards the target
// must hold the old or the new bytes, never a mix, never nothing.

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/editor.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <random>
#include <thread>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::FakeSsh;
using testing::FaultyFileSystem;

const std::string k_old = "# old\n" + std::string(32 * 1024, 'o') + "\n";
const std::string k_new = "# new\n" + std::string(64 * 1024, 'n') + "\n";

// Runs `body` in a forked child; returns its exit status (or 128+signal).
template <typename Body>
int in_child(Body body) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    int code = 4;
    try {
      code = body();
    } catch (...) {  // never let the child fall back into the test runner
    }
    ::_exit(code);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Child side: 0 when replace() failed with a message containing `reason`.
int replace_fails_with(const std::filesystem::path& file, const std::string& content, const std::string& reason) {
  PosixFileSystem fs;
  const auto before = take_snapshot(fs, file);
  if (!before) {
    return 2;
  }
  const auto result = AtomicWriter(fs).replace(before.value(), content);
  return !result && result.error().message.find(reason) != std::string::npos ? 0 : 1;
}

std::size_t entries_in(const std::filesystem::path& dir) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

// A tmpfs mounted on a fresh directory for the life of the object, when the
// process may mount (root in CI); `mounted()` says whether it worked.
class SmallTmpfs {
 public:
  explicit SmallTmpfs(const std::filesystem::path& where, const char* options) : m_where(where) {
    std::filesystem::create_directories(where);
    m_mounted = ::mount("tmpfs", where.c_str(), "tmpfs", 0, options) == 0;
  }
  ~SmallTmpfs() {
    if (m_mounted) {
      ::umount2(m_where.c_str(), MNT_DETACH);
    }
  }
  SmallTmpfs(const SmallTmpfs&) = delete;
  SmallTmpfs& operator=(const SmallTmpfs&) = delete;
  bool mounted() const { return m_mounted; }
  bool remount_read_only() { return ::mount("tmpfs", m_where.c_str(), "tmpfs", MS_REMOUNT | MS_RDONLY, nullptr) == 0; }

 private:
  std::filesystem::path m_where;
  bool m_mounted = false;
};

TEST(FaultInjection, FileSizeLimitLeavesTargetIntact) {
  TempDir dir;
  const auto file = dir.write("config", k_old);
  const int status = in_child([&] {
    ::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{4096, 4096};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    return replace_fails_with(file, k_new, "File too large");
  });
  EXPECT_EQ(status, 0);
  EXPECT_EQ(read_file(file), k_old);
  EXPECT_EQ(entries_in(dir.path()), 1u);
}

TEST(FaultInjection, FullDiskLeavesTargetIntact) {
  TempDir dir;
  SmallTmpfs disk(dir.path() / "disk", "size=48k,mode=0755");
  if (!disk.mounted()) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs CAP_SYS_ADMIN); the RLIMIT_FSIZE test covers short writes";
  }
  const auto file = dir.write("disk/config", k_old.substr(0, 8 * 1024));
  EXPECT_EQ(replace_fails_with(file, k_new, "No space left on device"), 0);
  EXPECT_EQ(read_file(file), k_old.substr(0, 8 * 1024));
  EXPECT_EQ(entries_in(dir.path() / "disk"), 1u);
}

TEST(FaultInjection, ReadOnlyDirectoryIsRefused) {
  TempDir dir;
  SmallTmpfs disk(dir.path() / "ro", "size=64k,mode=0755");
  if (!disk.mounted()) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs CAP_SYS_ADMIN), so no read-only file system to test against";
  }
  const auto file = dir.write("ro/config", k_old);
  ASSERT_TRUE(disk.remount_read_only());
  EXPECT_EQ(replace_fails_with(file, k_new, "Read-only file system"), 0);
  EXPECT_EQ(read_file(file), k_old);
}

TEST(FaultInjection, ApplyInReadOnlyDirectoryModifiesNothing) {
  TempDir home;
  SmallTmpfs disk(home.path() / ".ssh", "size=64k,mode=0700");
  if (!disk.mounted()) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs CAP_SYS_ADMIN), so no read-only file system to test against";
  }
  ScopedEnv env("HOME", home.path().string());
  const auto config = home.write(".ssh/config", "Host a\n");
  ASSERT_TRUE(disk.remount_read_only());
  FaultyFileSystem fs;
  FakeSsh ssh;
  EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  const auto result = apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                                     "2026-11-30T05:40Z", false, edit_env);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message,
            config.string() + ": not changed: " + config.string() + ".ssh-tune.lock: Read-only file system");
  EXPECT_EQ(read_file(config), "Host a\n");
  EXPECT_EQ(entries_in(home.path() / ".ssh"), 1u);
}

TEST(FaultInjection, PermissionDeniedForAnotherUser) {
  TempDir dir;
  const auto sub = dir.path() / "locked";
  std::filesystem::create_directories(sub);
  const auto file = dir.write("locked/config", k_old);
  std::filesystem::permissions(file, std::filesystem::perms(0644));
  std::filesystem::permissions(sub, std::filesystem::perms(0755));
  std::filesystem::permissions(dir.path(), std::filesystem::perms(0755));
  // Root ignores permission bits, so as root the writer runs as "nobody" in a child.
  const bool root = ::geteuid() == 0;
  if (!root) {
    std::filesystem::permissions(sub, std::filesystem::perms(0555));
  }
  const int status = in_child([&] {
    if (root && (::setgid(65534) != 0 || ::setuid(65534) != 0)) {
      return 3;
    }
    return replace_fails_with(file, k_new, "Permission denied");
  });
  std::filesystem::permissions(sub, std::filesystem::perms(0755));
  if (status == 3) {
    GTEST_SKIP() << "cannot drop to uid 65534 in a child";
  }
  EXPECT_EQ(status, 0);
  EXPECT_EQ(read_file(file), k_old);
}

TEST(FaultInjection, ConcurrentEditDuringApplyIsRefusedAndRolledBack) {
  TempDir home;
  ScopedEnv env("HOME", home.path().string());
  const auto config = home.write(".ssh/config", "Host a\n");
  FaultyFileSystem fs;
  FakeSsh ssh;
  ssh.answer = [](const std::filesystem::path&, const std::string&) {
    return ProcessResult{0, "ciphers aes128-ctr\ncompression no\n", ""};
  };
  int renames = 0;
  fs.before = [&](const std::string& op) {
    if (op == "rename" && ++renames == 1) {
      home.write(".ssh/config", "Host a\n  User concurrent\n");  // saved by an editor meanwhile
    }
    return 0;
  };
  EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  const auto result = apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                                     "2026-11-30T05:40Z", false, edit_env);
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message,
            config.string() + ": changed since ssh-tune read it; nothing was written, run the command again");
  EXPECT_EQ(read_file(config), "Host a\n  User concurrent\n");
  EXPECT_FALSE(std::filesystem::exists(home.path() / ".ssh/ssh-tune.conf"));
}

// Kills a writer at random moments; every outcome must be one whole version.
TEST(FaultInjection, KilledMidWriteLeavesOldOrNewNeverAMix) {
  TempDir dir;
  const auto file = dir.write("config", k_old);
  std::mt19937 random(20261130);
  const auto start_writer = [&](unsigned step_delay_us) {
    const std::string& next = read_file(file) == k_old ? k_new : k_old;
    const pid_t pid = ::fork();
    if (pid == 0) {
      FaultyFileSystem fs;
      fs.before = [&](const std::string&) {
        ::usleep(step_delay_us);
        return 0;
      };
      const auto before = take_snapshot(fs, file);
      ::_exit(before && AtomicWriter(fs).replace(before.value(), next) ? 0 : 1);
    }
    return pid;
  };
  // Kill moments span a whole unkilled write, however long a fork takes here (under ASan on a VM with
  // dear page faults, longer than the 12 ms that once sufficed: 240 kills all landed before the rename).
  const auto timed = std::chrono::steady_clock::now();
  ::waitpid(start_writer(400), nullptr, 0);
  const auto whole_write_us =
      std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - timed).count();
  const auto kill_span_us = static_cast<unsigned>(std::max<long long>(12000, whole_write_us * 3 / 2));
  int saw_old = 0;
  int saw_new = 0;
  for (int run = 0; run < 240; ++run) {
    const std::string& current = read_file(file) == k_old ? k_old : k_new;
    const pid_t pid = start_writer(random() % 400);
    std::this_thread::sleep_for(std::chrono::microseconds(random() % kill_span_us));
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    const std::string now = read_file(file);
    ASSERT_TRUE(now == k_old || now == k_new) << "run " << run << ": " << now.size() << " bytes";
    (now == current ? saw_old : saw_new)++;
  }
  std::cout << "[ killed   ] 240 runs: " << saw_old << " kept the old file, " << saw_new << " had the new one\n";
  // Both outcomes must have happened, or the kills never landed inside the write.
  EXPECT_GT(saw_old, 0);
  EXPECT_GT(saw_new, 0);
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    EXPECT_TRUE(entry.path() == file || entry.path().filename().string().starts_with(".config.ssh-tune-"));
  }
}

// The same for a whole apply (two files): each file is before or after, whole.
TEST(FaultInjection, KilledMidApplyLeavesEachFileWhole) {
  TempDir home;
  ScopedEnv env("HOME", home.path().string());
  const std::string original = "Host a\n  User x";
  const auto config = home.write(".ssh/config", original);
  const auto managed = home.path() / ".ssh/ssh-tune.conf";
  std::mt19937 random(7);
  for (int run = 0; run < 60; ++run) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      FaultyFileSystem fs;
      FakeSsh ssh;
      ssh.answer = [](const std::filesystem::path&, const std::string&) {
        return ProcessResult{0, "ciphers aes128-ctr\ncompression no\n", ""};
      };
      fs.before = [](const std::string&) {
        ::usleep(200);
        return 0;
      };
      EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
      const auto done = apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                                       "2026-11-30T05:40Z", false, edit_env);
      ::_exit(done ? 0 : 1);
    }
    std::this_thread::sleep_for(std::chrono::microseconds(random() % 6000));
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    const std::string now = read_file(config);
    ASSERT_TRUE(now == original || now == "Include ~/.ssh/ssh-tune.conf\n" + original) << now;
    if (std::filesystem::exists(managed)) {
      ASSERT_NE(read_file(managed).find("# ssh-tune: end h\n\nHost *\n"), std::string::npos);
    }
    std::filesystem::remove(managed);
    home.write(".ssh/config", original);
    // A killed holder leaves its lock file; its flock died with it, so the next run must not wait.
  }
}

// The temp files of the backup ("." + NAME + ".ssh-tune.bak.ssh-tune-XXXXXX") in `dir`.
std::vector<std::string> backup_temps(const std::filesystem::path& dir, const std::string& name) {
  std::vector<std::string> found;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (file.starts_with("." + name + ".ssh-tune.bak.ssh-tune-")) found.push_back(file);
  }
  return found;
}

// SIGKILL while the backup of the user's config is being written (at each step
// of it in turn): the config is untouched, and the next apply removes the temp
// file the killed writer left, whatever step it died in.
TEST(FaultInjection, KilledDuringTheBackupWriteLeavesNoTempAfterTheNextApply) {
  TempDir home;
  ScopedEnv env("HOME", home.path().string());
  const std::string original = "Host a\n  User x\n";
  const auto config = home.write(".ssh/config", original);
  const auto ssh_dir = home.path() / ".ssh";
  const char* steps[] = {"write_all", "set_owner_and_mode", "sync_and_close", "rename"};
  const auto answer = [](const std::filesystem::path&, const std::string&) {
    return ProcessResult{0, "ciphers aes128-ctr\ncompression no\n", ""};
  };
  for (int run = 0; run < 12; ++run) {
    const std::string step = steps[run % 4];
    const pid_t pid = ::fork();
    if (pid == 0) {
      FaultyFileSystem fs;
      FakeSsh ssh;
      ssh.answer = answer;
      fs.before = [&](const std::string& op) {
        if (op == step && !backup_temps(ssh_dir, "config").empty()) ::raise(SIGKILL);
        return 0;
      };
      EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
      const auto done = apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                                       "2026-11-30T05:40Z", false, edit_env);
      ::_exit(done ? 0 : 1);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "run " << run << " at " << step;
    EXPECT_EQ(read_file(config), original) << "run " << run;
    EXPECT_EQ(backup_temps(ssh_dir, "config").size(), 1u) << "run " << run;  // the earlier runs' were cleared
    EXPECT_FALSE(std::filesystem::exists(backup_path_for(config)));
  }
  FaultyFileSystem fs;
  FakeSsh ssh;
  ssh.answer = answer;
  EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  ASSERT_TRUE(apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                             "2026-11-30T05:40Z", false, edit_env));
  EXPECT_EQ(backup_temps(ssh_dir, "config"), std::vector<std::string>{});
  EXPECT_EQ(read_file(backup_path_for(config)), original);
  for (const auto& entry : std::filesystem::directory_iterator(ssh_dir)) {
    EXPECT_EQ(entry.path().filename().string().find(".ssh-tune-"), std::string::npos) << entry.path();
  }
}

TEST(FaultInjection, NextApplyClearsTempFilesOfAKilledWriter) {
  TempDir home;
  ScopedEnv env("HOME", home.path().string());
  home.write(".ssh/config", "Host a\n");
  const auto stale = home.write(".ssh/.config.ssh-tune-Ab12Cd", "half of a");
  const auto unrelated = home.write(".ssh/.config.ssh-tune-notmine", "kept");
  FaultyFileSystem fs;
  FakeSsh ssh;
  ssh.answer = [](const std::filesystem::path&, const std::string&) {
    return ProcessResult{0, "ciphers aes128-ctr\ncompression no\n", ""};
  };
  EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
  ASSERT_TRUE(apply_settings(edit_targets(std::nullopt).value(), HostSettings{"h", {"aes128-ctr"}, false},
                             "2026-11-30T05:40Z", false, edit_env));
  EXPECT_FALSE(std::filesystem::exists(stale));
  EXPECT_TRUE(std::filesystem::exists(unrelated));
}

}  // namespace
}  // namespace sshtune::edit
