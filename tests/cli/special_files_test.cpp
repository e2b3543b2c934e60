// What a user can point ssh-tune at by accident: device nodes (`-F /dev/null`,
// `-F /dev/zero`), FIFOs, a symlink planted at the lock's name, a symlinked
// managed file, a hard-linked config and lines added by hand to a managed block.
// Each is refused with its kind named and nothing changed, or edited so that
// nothing the user wrote is lost, through run_cli with HOME in a temp dir.

#include "tests/support/cli_expect.hpp"
#include "tests/support/temp_home.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::TempDir;
using testing::TempHome;

const std::string k_not_regular = ", not a regular file; ssh-tune reads and writes only regular files";

class SpecialFiles : public ::testing::Test {
 protected:
  // Runs `args`: exit 1, exactly "ssh-tune: MESSAGE\n" on stderr, nothing under the home changed.
  void expect_refused(const Args& args, const std::string& message) {
    testing::expect_refused(args, message, m_dir.path());
  }
  static Args apply(const std::string& host, const std::vector<std::string>& more = {}) {
    Args args{"apply", host, "--ciphers", "aes128-ctr", "--compression", "no"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }
  CliRun run_ok(const Args& args) {
    const CliRun result = testing::run(args);
    EXPECT_EQ(result.code, 0) << ::testing::PrintToString(args) << result.err;
    return result;
  }
  std::filesystem::path ssh_dir() const { return m_dir.path() / ".ssh"; }
  std::filesystem::path managed() const { return ssh_dir() / "ssh-tune.conf"; }

  TempHome m_home;
  const TempDir& m_dir = m_home.dir;
};

TEST_F(SpecialFiles, TheRealNullDeviceIsReadAsEmptyAndNeverWritten) {
  const CliRun config = run_ok({"config", "db1", "-F", "/dev/null"});
  EXPECT_NE(config.out.find("\nhostname db1 "), std::string::npos) << config.out;
  const std::string refusal =
      "/dev/null: is the null device; ssh-tune writes only regular files: name your own config with -F, or leave -F "
      "out";
  expect_refused(apply("x", {"-F", "/dev/null"}), refusal);
  expect_refused(apply("x", {"-F", "/dev/null", "--dry-run"}), refusal);
  expect_refused({"revert", "--all", "-F", "/dev/null"}, refusal);
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_FALSE(std::filesystem::exists("/dev/ssh-tune.conf"));
  EXPECT_FALSE(std::filesystem::exists("/dev/null.ssh-tune.bak"));
}

TEST_F(SpecialFiles, ANullDeviceNodeElsewhereIsNeverReplaced) {
  if (::geteuid() != 0) GTEST_SKIP() << "mknod of a device node needs root";
  std::filesystem::create_directory(m_dir.path() / "dev");
  const auto node = m_dir.path() / "dev" / "null";
  ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0);
  expect_refused(apply("x", {"-F", node.string()}),
                 node.string() +
                     ": is the null device; ssh-tune writes only regular files: name your own config with -F, or "
                     "leave -F out");
  struct stat st {};
  ASSERT_EQ(::stat(node.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / "dev" / "ssh-tune.conf"));
}

TEST_F(SpecialFiles, DevZeroIsRefusedNotReadWithoutEnd) {
  const std::string refusal = "/dev/zero: is a character device" + k_not_regular;
  expect_refused({"config", "db1", "-F", "/dev/zero"}, refusal);
  expect_refused({"audit", "-F", "/dev/zero", "--no-bench"}, refusal);
  expect_refused(apply("x", {"-F", "/dev/zero"}), refusal);
}

TEST_F(SpecialFiles, AFifoIsRefusedWithoutWaitingForAWriter) {
  std::filesystem::create_directory(ssh_dir());
  const auto fifo = ssh_dir() / "config";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string refusal = fifo.string() + ": is a FIFO" + k_not_regular;
  expect_refused({"config", "db1"}, refusal);
  expect_refused({"audit", "--no-bench"}, refusal);
  expect_refused(apply("x"), refusal);
  expect_refused({"revert", "--all"}, refusal);
}

TEST_F(SpecialFiles, AFifoAsTheManagedFileIsRefused) {
  m_dir.write(".ssh/config", "Host *\n    User me\n");
  ASSERT_EQ(::mkfifo(managed().c_str(), 0600), 0);
  expect_refused(apply("x"), managed().string() + ": is a FIFO" + k_not_regular);
  expect_refused({"revert", "--all"}, managed().string() + ": is a FIFO" + k_not_regular);
}

TEST_F(SpecialFiles, ALockNamePlantedAsASymlinkIsNeverFollowed) {
  m_dir.write(".ssh/config", "Host *\n    User me\n");
  const auto elsewhere = m_dir.path() / "elsewhere" / "planted";
  std::filesystem::create_directories(elsewhere.parent_path());
  const auto lock = ssh_dir() / "config.ssh-tune.lock";
  std::filesystem::create_symlink(elsewhere, lock);
  expect_refused(apply("x"), (ssh_dir() / "config").string() + ": not changed: " + lock.string() +
                                 ": is a symlink; ssh-tune locks only through a file of its own");
  EXPECT_FALSE(std::filesystem::exists(elsewhere));
}

TEST_F(SpecialFiles, ASymlinkedManagedFileIsWrittenThroughAndKept) {
  m_dir.write(".ssh/config", "Host *\n    User me\n");
  const auto real = m_dir.write("dotfiles/ssh-tune.conf", "");
  std::filesystem::create_symlink(real, managed());
  run_ok(apply("x"));
  EXPECT_TRUE(std::filesystem::is_symlink(managed()));
  EXPECT_NE(testing::read_file(real).find("# ssh-tune: begin x "), std::string::npos);
  run_ok({"revert", "--all"});
  EXPECT_TRUE(std::filesystem::is_symlink(managed()));
  EXPECT_TRUE(std::filesystem::exists(real));
  EXPECT_EQ(testing::read_file(real), "");
  EXPECT_EQ(testing::read_file(ssh_dir() / "config"), "Host *\n    User me\n");
}

TEST_F(SpecialFiles, AHardLinkedConfigIsNeverSplit) {
  const auto config = m_dir.write(".ssh/config", "Host *\n    User me\n");
  const auto other = m_dir.path() / "dotfiles-config";
  std::filesystem::create_hard_link(config, other);
  expect_refused(apply("x"),
                 config.string() +
                     ": has 2 hard links; ssh-tune writes a new file and renames it over the old one, which would "
                     "split them: keep one name and make the others symlinks to it, then run again");
  EXPECT_EQ(std::filesystem::hard_link_count(config), 2u);
}

TEST_F(SpecialFiles, LinesAddedByHandSurviveApplyAndStopRevert) {
  m_dir.write(".ssh/config", "Host *\n    User me\n");
  run_ok(apply("e1"));
  std::string text = testing::read_file(managed());
  const std::string anchor = "    Compression no\n";
  text.insert(text.find(anchor) + anchor.size(), "    ProxyJump bastion\n");
  m_dir.write(".ssh/ssh-tune.conf", text);
  const std::size_t line =
      static_cast<std::size_t>(std::count(text.begin(), text.begin() + text.find("    ProxyJump"), '\n')) + 1;

  run_ok({"apply", "e1", "--ciphers", "aes256-ctr", "--compression", "yes"});
  const std::string after = testing::read_file(managed());
  EXPECT_NE(after.find("    Compression yes\n    ProxyJump bastion\n# ssh-tune: end e1\n"), std::string::npos) << after;

  const std::string refusal = managed().string() + ":" + std::to_string(line) +
                              ": 'ProxyJump bastion' was added by hand to the block for e1; move it to your own "
                              "config, then run the command again (nothing was changed)";
  expect_refused({"revert", "e1"}, refusal);
  expect_refused({"revert", "--all"}, refusal);
}

}  // namespace
}  // namespace sshtune::cli
