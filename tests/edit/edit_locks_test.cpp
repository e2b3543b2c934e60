// `apply` and `audit --fix` edit the same configuration under the same lock:
// while an apply holds it (here: stopped inside its ssh -G verification), a
// rewrite of the managed file waits, then finds the file changed and refuses.

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/edit/editor.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <thread>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::FakeSsh;
using testing::FaultyFileSystem;

ProcessResult accepted(const std::string& ciphers) {
  return ProcessResult{0, "ciphers " + ciphers + "\ncompression no\n", ""};
}

TEST(EditLocks, ApplyAndAuditFixExcludeEachOther) {
  TempDir home;
  ScopedEnv env("HOME", home.path().string());
  home.write(".ssh/config", "Host a\n");
  const EditTargets targets = edit_targets(std::nullopt).value();
  {
    FaultyFileSystem fs;
    FakeSsh ssh;
    ssh.answer = [](const std::filesystem::path&, const std::string&) { return accepted("aes128-ctr"); };
    EditEnv first{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
    ASSERT_TRUE(apply_settings(targets, HostSettings{"h1", {"aes128-ctr"}, false}, "2026-11-30T05:40Z", false, first));
  }
  const std::string managed_before = read_file(targets.managed);

  // The apply: stops inside its first ssh -G call, with its locks held, until released.
  std::atomic<bool> inside{false};
  std::promise<void> release;
  std::shared_future<void> released = release.get_future().share();
  auto apply = std::async(std::launch::async, [&] {
    FaultyFileSystem fs;
    FakeSsh ssh;
    ssh.answer = [&](const std::filesystem::path&, const std::string&) {
      inside = true;
      released.wait();
      return accepted("aes256-ctr");
    };
    EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
    return apply_settings(targets, HostSettings{"h2", {"aes256-ctr"}, false}, "2026-11-30T05:41Z", false, edit_env);
  });
  while (!inside) std::this_thread::sleep_for(std::chrono::milliseconds(5));

  // audit --fix of the managed file, planned from the bytes before the apply.
  auto fix = std::async(std::launch::async, [&] {
    FaultyFileSystem fs;
    FakeSsh ssh;
    ssh.answer = [](const std::filesystem::path&, const std::string&) { return accepted("aes128-ctr"); };
    EditEnv edit_env{fs, sshtune::testing::openssh_9_2_debian_snapshot(), ssh, system_clock()};
    const PlannedWrite write{targets.managed, managed_before, managed_before + "# fixed\n"};
    return rewrite_files({write}, targets.config, false, edit_env);
  });
  EXPECT_EQ(fix.wait_for(std::chrono::milliseconds(400)), std::future_status::timeout) << "the fix did not wait";
  release.set_value();
  const auto applied = apply.get();
  ASSERT_TRUE(applied) << applied.error().message;
  const auto fixed = fix.get();
  ASSERT_FALSE(fixed);
  EXPECT_EQ(fixed.error().message,
            targets.managed.string() + ": changed since ssh-tune read it; nothing was written, run the command again");
  EXPECT_NE(read_file(targets.managed).find("# ssh-tune: begin h2 "), std::string::npos);
  EXPECT_EQ(read_file(targets.managed).find("# fixed"), std::string::npos);
}

}  // namespace
}  // namespace sshtune::edit
