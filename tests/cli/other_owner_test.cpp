// Root with another user's HOME (`sudo -E`, sudo on macOS): what `apply` creates
// there belongs to that user, whose own `ssh` and `ssh-tune revert` keep working;
// and an unprivileged user never creates a file in a directory another account
// owns. A throwaway account (useradd, removed afterwards) runs the real `ssh -G`
// and the built binary through setpriv; without root the tests skip and say why.

#include "base/process.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <random>

namespace sshtune::cli {
namespace {

using testing::TempDir;

struct Outcome {
  int code = -1;
  std::string out;  // stdout and stderr together
};

Outcome run(const std::vector<std::string>& argv) {
  const auto done = run_process(argv);
  if (!done) return {-1, done.error().message};
  return {done.value().exit_code, done.value().out + done.value().err};
}

// A throwaway account whose home is a fresh temp dir; removed with its group on destruction.
class ThrowawayUser {
 public:
  ThrowawayUser() {
    m_name = "sshtune" + std::to_string(std::random_device{}() % 1000000);
    std::filesystem::permissions(m_root.path(), std::filesystem::perms(0755));
    m_home = m_root.path() / "home";
    std::filesystem::create_directory(m_home);
    m_created = run({"useradd", "-M", "-U", "-d", m_home.string(), "-s", "/bin/sh", m_name}).code == 0;
    if (!m_created) return;
    m_uid = static_cast<uid_t>(std::stoul(run({"id", "-u", m_name}).out));
    m_gid = static_cast<gid_t>(std::stoul(run({"id", "-g", m_name}).out));
    std::filesystem::create_directory(m_home / ".ssh");
    for (const auto& dir : {m_home, m_home / ".ssh"}) {
      ::chown(dir.c_str(), m_uid, m_gid);
      ::chmod(dir.c_str(), 0700);
    }
  }
  ~ThrowawayUser() {
    if (m_created) run({"userdel", m_name});
  }
  ThrowawayUser(const ThrowawayUser&) = delete;
  ThrowawayUser& operator=(const ThrowawayUser&) = delete;

  bool created() const { return m_created; }
  uid_t uid() const { return m_uid; }
  gid_t gid() const { return m_gid; }
  const std::filesystem::path& home() const { return m_home; }
  // `argv` run as this account, with HOME and the XDG directories in its home.
  Outcome as_user(const std::vector<std::string>& argv) const {
    std::vector<std::string> full{"setpriv",
                                  "--reuid=" + std::to_string(m_uid),
                                  "--regid=" + std::to_string(m_gid),
                                  "--clear-groups",
                                  "env",
                                  "HOME=" + m_home.string(),
                                  "XDG_CACHE_HOME=" + (m_home / "cache").string(),
                                  "XDG_CONFIG_HOME=" + (m_home / "config").string()};
    full.insert(full.end(), argv.begin(), argv.end());
    return run(full);
  }
  // `argv` run as root with this account's HOME (what `sudo -E` does).
  Outcome as_root_with_its_home(const std::vector<std::string>& argv) const {
    std::vector<std::string> full{"env", "HOME=" + m_home.string(), "XDG_CACHE_HOME=" + (m_home / "cache").string(),
                                  "XDG_CONFIG_HOME=" + (m_home / "config").string()};
    full.insert(full.end(), argv.begin(), argv.end());
    return run(full);
  }

 private:
  TempDir m_root;
  std::filesystem::path m_home;
  std::string m_name;
  uid_t m_uid = 0;
  gid_t m_gid = 0;
  bool m_created = false;
};

// Every path under `dir` not owned by `uid`, one per line.
std::string not_owned_by(const std::filesystem::path& dir, uid_t uid) {
  std::string found;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    struct stat st {};
    if (::lstat(entry.path().c_str(), &st) == 0 && st.st_uid != uid) found += entry.path().string() + "\n";
  }
  return found;
}

class OtherOwner : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "needs root: a throwaway account (useradd) and setpriv";
    if (!m_user.created()) GTEST_SKIP() << "useradd could not create a throwaway account";
    if (m_user.as_user({"test", "-x", SSHTUNE_BINARY}).code != 0) {
      GTEST_SKIP() << SSHTUNE_BINARY << " is not executable by another account (a parent directory is private)";
    }
  }
  ThrowawayUser m_user;
};

TEST_F(OtherOwner, RootWithAUsersHomeLeavesEverythingToThatUser) {
  const auto config = m_user.home() / ".ssh" / "config";
  const std::string original = "Host *\n    User me\n";
  TempDir scratch;
  scratch.write("config", original);
  std::filesystem::copy_file(scratch.path() / "config", config);
  ::chown(config.c_str(), m_user.uid(), m_user.gid());
  ::chmod(config.c_str(), 0600);

  const Outcome applied =
      m_user.as_root_with_its_home({SSHTUNE_BINARY, "apply", "e1", "--ciphers", "aes128-ctr", "--compression", "no"});
  ASSERT_EQ(applied.code, 0) << applied.out;
  EXPECT_EQ(not_owned_by(m_user.home(), m_user.uid()), "");
  struct stat managed {};
  ASSERT_EQ(::stat((m_user.home() / ".ssh" / "ssh-tune.conf").c_str(), &managed), 0);
  EXPECT_EQ(managed.st_gid, m_user.gid());
  EXPECT_EQ(managed.st_mode & 07777, 0600u);

  const Outcome ssh = m_user.as_user({"ssh", "-G", "e1"});
  EXPECT_EQ(ssh.code, 0) << ssh.out;
  EXPECT_NE(ssh.out.find("\nciphers aes128-ctr,"), std::string::npos) << ssh.out;

  const Outcome reverted = m_user.as_user({SSHTUNE_BINARY, "revert", "--all"});
  EXPECT_EQ(reverted.code, 0) << reverted.out;
  EXPECT_FALSE(std::filesystem::exists(m_user.home() / ".ssh" / "ssh-tune.conf"));
}

TEST_F(OtherOwner, RootCreatingTheSshDirectoryGivesItToTheHomesOwner) {
  std::filesystem::remove(m_user.home() / ".ssh");
  const Outcome applied =
      m_user.as_root_with_its_home({SSHTUNE_BINARY, "apply", "e1", "--ciphers", "aes128-ctr", "--compression", "no"});
  ASSERT_EQ(applied.code, 0) << applied.out;
  EXPECT_EQ(not_owned_by(m_user.home(), m_user.uid()), "");
  const Outcome ssh = m_user.as_user({"ssh", "-G", "e1"});
  EXPECT_EQ(ssh.code, 0) << ssh.out;
  const Outcome reverted = m_user.as_user({SSHTUNE_BINARY, "revert", "--all"});
  EXPECT_EQ(reverted.code, 0) << reverted.out;
}

TEST_F(OtherOwner, AUserNeverCreatesAFileInADirectoryAnotherAccountOwns) {
  TempDir shared;
  std::filesystem::permissions(shared.path(), std::filesystem::perms(0777));
  const auto config = shared.path() / "config";
  const Outcome applied = m_user.as_user(
      {SSHTUNE_BINARY, "apply", "e1", "--ciphers", "aes128-ctr", "--compression", "no", "-F", config.string()});
  EXPECT_EQ(applied.code, 1);
  EXPECT_EQ(applied.out, "ssh-tune: " + config.string() + ": not changed: " + shared.path().string() +
                             ": owned by uid 0, not by you (uid " + std::to_string(m_user.uid()) +
                             "): a file created there would stop that account's ssh; run ssh-tune as uid 0\n");
  EXPECT_TRUE(std::filesystem::is_empty(shared.path()));
}

TEST_F(OtherOwner, AnUnprivilegedUserIsRefusedDevicesAndFifosToo) {
  const Outcome null = m_user.as_user(
      {SSHTUNE_BINARY, "apply", "e1", "--ciphers", "aes128-ctr", "--compression", "no", "-F", "/dev/null"});
  EXPECT_EQ(null.code, 1);
  EXPECT_EQ(null.out,
            "ssh-tune: /dev/null: is the null device; ssh-tune writes only regular files: name your own config "
            "with -F, or leave -F out\n");
  const auto fifo = m_user.home() / ".ssh" / "config";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ::chown(fifo.c_str(), m_user.uid(), m_user.gid());
  const Outcome audit = m_user.as_user({SSHTUNE_BINARY, "audit", "--no-bench"});
  EXPECT_EQ(audit.code, 1);
  EXPECT_EQ(audit.out, "ssh-tune: " + fifo.string() +
                           ": is a FIFO, not a regular file; ssh-tune reads and writes only regular files\n");
}

}  // namespace
}  // namespace sshtune::cli
