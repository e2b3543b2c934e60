// Auto-tune's pure parts and its guards: the opt-in switch (environment and
// config.toml), what the background probe would measure, and the per-host lock
// that keeps a second probe from starting. The probe itself runs in tests/e2e.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/cli/auto_probe.hpp"
#include "tuner/cli/auto_tune.hpp"
#include "tuner/host/host_cache.hpp"

#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace sshtune::cli {
namespace {

using testing::ScopedEnv;
using testing::TempDir;

class AutoTune : public ::testing::Test {
 protected:
  TempDir m_dir;
  ScopedEnv m_home{"HOME", m_dir.path().string()};
  ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  ScopedEnv m_config{"XDG_CONFIG_HOME", (m_dir.path() / "config").string()};
};

TEST_F(AutoTune, OffByDefault) {
  ::unsetenv("SSHTUNE_AUTO");
  ASSERT_TRUE(auto_tune_enabled());
  EXPECT_FALSE(auto_tune_enabled().value());
}

TEST_F(AutoTune, ConfigFileTurnsItOnAndTheEnvironmentWins) {
  ::unsetenv("SSHTUNE_AUTO");
  m_dir.write("config/ssh-tune/config.toml", "# mine\nauto = true\n");
  EXPECT_EQ(auto_tune_config_path(), m_dir.path() / "config" / "ssh-tune" / "config.toml");
  EXPECT_TRUE(auto_tune_enabled().value());
  {
    ScopedEnv off{"SSHTUNE_AUTO", "0"};
    EXPECT_FALSE(auto_tune_enabled().value());
  }
  m_dir.write("config/ssh-tune/config.toml", "auto = false\n");
  ScopedEnv on{"SSHTUNE_AUTO", "1"};
  EXPECT_TRUE(auto_tune_enabled().value());
}

TEST_F(AutoTune, BadSettingsAreErrorsNamingWhere) {
  {
    ScopedEnv bad{"SSHTUNE_AUTO", "maybe"};
    EXPECT_EQ(auto_tune_enabled().error().message, "SSHTUNE_AUTO=maybe: use 1 or 0");
  }
  ::unsetenv("SSHTUNE_AUTO");
  m_dir.write("config/ssh-tune/config.toml", "\nauto = \"yes\"\n");
  const auto result = auto_tune_enabled();
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "~/config/ssh-tune/config.toml:2: auto must be true or false");
}

TEST_F(AutoTune, TheProbeMeasuresTheHostAsThisSshReachesIt) {
  EXPECT_EQ(probe_arguments(analyse_ssh_args({"-F", "cfg", "-p", "2222", "-i", "k1", "-i", "k2", "me@db1", "ls"})),
            (Args{"db1", "-F", "cfg", "-p", "2222", "-l", "me", "-i", "k1"}));
  EXPECT_EQ(probe_arguments(analyse_ssh_args({"ssh://u@[::1]:2200/"})), (Args{"::1", "-p", "2200", "-l", "u"}));
  EXPECT_EQ(probe_arguments(analyse_ssh_args({"-l", "first", "second@db1"})), (Args{"db1", "-l", "first"}));
  EXPECT_EQ(probe_arguments(analyse_ssh_args({"db1"})), (Args{"db1"}));
}

TEST_F(AutoTune, NoProbeForCommandsThatOpenNoSessionOrTakeAnotherRoute) {
  for (const Args& args : {Args{"-G", "db1"}, Args{"-O", "check", "db1"}, Args{"-V"}, Args{"-J", "jump", "db1"},
                           Args{"-o", "ProxyCommand=nc %h %p", "db1"}, Args{"-W", "x:22", "db1"}, Args{}}) {
    EXPECT_EQ(probe_arguments(analyse_ssh_args(args)), std::nullopt) << ::testing::PrintToString(args);
  }
}

TEST_F(AutoTune, ABusyLockStartsNoSecondProbe) {
  std::filesystem::create_directories(host::cache_dir());
  std::filesystem::path lock = host::cache_path("db1");
  lock.replace_extension(".lock");
  const int held = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  ASSERT_GE(held, 0);
  ASSERT_EQ(::flock(held, LOCK_EX | LOCK_NB), 0);  // as a running probe holds it
  const Result<ProbeStart> started = start_background_probe({"db1"});
  ::close(held);
  ASSERT_TRUE(started) << started.error().message;
  EXPECT_EQ(started.value(), ProbeStart::busy);
  const std::string log = testing::read_file(auto_log_path());
  EXPECT_NE(log.find(" db1: a measurement is already pending or running; not starting another\n"), std::string::npos)
      << log;
}

TEST_F(AutoTune, TheHiddenProbeCommandRefusesToRunByHand) {
  const testing::CliRun result = testing::run({"--auto-probe", "x", "1", "db1"});
  EXPECT_EQ(result.code, 64);
  EXPECT_EQ(result.err, "ssh-tune: --auto-probe is started by ssh-tune ssh (auto-tune), not by hand\n");
  EXPECT_EQ(testing::run({"--help"}).out.find("auto-probe"), std::string::npos);
}

}  // namespace
}  // namespace sshtune::cli
