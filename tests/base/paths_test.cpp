#include "base/paths.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

using testing::ScopedEnv;

TEST(Paths, HomeIsAnAbsoluteHomeVariable) {
  const ScopedEnv home("HOME", "/tmp/somewhere");
  EXPECT_EQ(home_dir(), "/tmp/somewhere");
}

TEST(Paths, RelativeOrEmptyHomeFallsBackToThePasswdEntry) {
  const ScopedEnv empty("HOME", "");
  EXPECT_EQ(home_dir(), passwd_home());
  const ScopedEnv relative("HOME", "relative/dir");
  EXPECT_EQ(home_dir(), passwd_home());
}

TEST(Paths, XdgDirectoriesOnlyWhenAbsolute) {
  const ScopedEnv home("HOME", "/h");
  const ScopedEnv cache("XDG_CACHE_HOME", "/c");
  const ScopedEnv config("XDG_CONFIG_HOME", "relative");
  EXPECT_EQ(cache_home(), "/c/ssh-tune");
  EXPECT_EQ(config_home(), "/h/.config/ssh-tune");
}

TEST(Paths, XdgDefaultsAreUnderHome) {
  const ScopedEnv home("HOME", "/h");
  const ScopedEnv cache("XDG_CACHE_HOME", "");
  EXPECT_EQ(cache_home(), "/h/.cache/ssh-tune");
}

TEST(Paths, DisplayPathShowsHomeAsTilde) {
  const ScopedEnv home("HOME", "/h");
  EXPECT_EQ(display_path("/h/.ssh/config"), "~/.ssh/config");
  EXPECT_EQ(display_path("/hx/.ssh/config"), "/hx/.ssh/config");
  EXPECT_EQ(display_path("/etc/ssh/ssh_config"), "/etc/ssh/ssh_config");
}

}  // namespace
}  // namespace sshtune
