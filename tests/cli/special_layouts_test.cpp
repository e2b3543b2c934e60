// A property test: over random layouts of special files in a temp home (FIFOs,
// symlinks into the home, to a directory outside it and to /dev/null, hard links
// to files outside, directories, stale lock files) `apply` and `revert` never
// change anything outside the home, never hang, and either succeed or refuse
// with one line. The layouts come from fixed seeds, so a failure repeats.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/tree_snapshot.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <random>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::ScopedEnv;
using testing::TempDir;
using testing::TreeSnapshot;

// The names an edit reads, writes or locks in ~/.ssh.
const std::vector<std::string> k_names = {"config",
                                          "ssh-tune.conf",
                                          "config.ssh-tune.lock",
                                          "ssh-tune.conf.ssh-tune.lock",
                                          "config.ssh-tune.bak",
                                          "ssh-tune.conf.ssh-tune.bak"};

enum class Plant { nothing, regular, fifo, directory, link_inside, link_outside, link_dangling, link_null, hard_link };
constexpr int k_plants = 9;

class SpecialLayouts : public ::testing::Test {
 protected:
  void SetUp() override {
    m_home = m_root.path() / "home";
    m_outside = m_root.path() / "outside";
    std::filesystem::create_directories(m_home / ".ssh");
    std::filesystem::create_directories(m_outside / "dir");
    m_root.write("outside/file", "Host *\n    User outsider\n");
    ASSERT_EQ(::mkfifo((m_outside / "fifo").c_str(), 0600), 0);
  }
  // Puts `plant` at ~/.ssh/NAME.
  void plant(const std::string& name, Plant plant) {
    const auto path = m_home / ".ssh" / name;
    const auto inside = m_home / "dotfiles" / name;
    switch (plant) {
      case Plant::nothing: break;
      case Plant::regular: m_root.write("home/.ssh/" + name, "Host *\n    User me\n"); break;
      case Plant::fifo: ::mkfifo(path.c_str(), 0600); break;
      case Plant::directory: std::filesystem::create_directory(path); break;
      case Plant::link_inside:
        m_root.write("home/dotfiles/" + name, "Host *\n    User me\n");
        std::filesystem::create_symlink(inside, path);
        break;
      case Plant::link_outside:
        std::filesystem::create_symlink(m_outside / (name.ends_with(".conf") ? "fifo" : "dir"), path);
        break;
      case Plant::link_dangling: std::filesystem::create_symlink(m_outside / "absent", path); break;
      case Plant::link_null: std::filesystem::create_symlink("/dev/null", path); break;
      case Plant::hard_link: std::filesystem::create_hard_link(m_outside / "file", path); break;
    }
  }
  void run_one(const Args& args, const std::string& layout) {
    const CliRun result = testing::run(args);
    EXPECT_TRUE(result.code == 0 || result.code == 1) << layout << result.err;
    if (result.code != 0) {
      EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << layout << result.err;
    }
  }

  TempDir m_root;
  std::filesystem::path m_home;
  std::filesystem::path m_outside;
};

TEST_F(SpecialLayouts, NothingOutsideTheHomeEverChanges) {
  const ScopedEnv home("HOME", (m_root.path() / "home").string());
  const ScopedEnv cache("XDG_CACHE_HOME", (m_root.path() / "home" / "cache").string());
  const ScopedEnv config("XDG_CONFIG_HOME", (m_root.path() / "home" / "xdg").string());
  const TreeSnapshot outside_before(m_outside);
  for (unsigned seed = 1; seed <= 40; ++seed) {
    std::mt19937 random(seed);
    std::string layout = "seed " + std::to_string(seed) + ":";
    std::filesystem::remove_all(m_home);
    std::filesystem::create_directories(m_home / ".ssh");
    for (const std::string& name : k_names) {
      const auto choice = static_cast<Plant>(random() % k_plants);
      plant(name, choice);
      layout += " " + name + "=" + std::to_string(static_cast<int>(choice));
    }
    run_one({"apply", "e1", "--ciphers", "aes128-ctr", "--compression", "no"}, layout);
    run_one({"apply", "e2", "--ciphers", "aes256-ctr", "--compression", "yes"}, layout);
    run_one({"revert", "e1"}, layout);
    run_one({"revert", "--all"}, layout);
    EXPECT_EQ(TreeSnapshot(m_outside).differences_from(outside_before), "") << layout;
    struct stat null {};
    ASSERT_EQ(::stat("/dev/null", &null), 0);
    ASSERT_TRUE(S_ISCHR(null.st_mode)) << layout;
  }
}

}  // namespace
}  // namespace sshtune::cli
