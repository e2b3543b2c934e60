#pragma once
// The refusal every hostile-input test of the CLI expects: one exact line on
// stderr, exit 1, and not a byte changed under the directory the test owns.

#include "tests/support/cli_run.hpp"
#include "tests/support/tree_snapshot.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace sshtune::testing {

// Runs `args` in-process: exit 1, exactly "ssh-tune: MESSAGE\n" on stderr, and no
// file under `root` created, removed or changed. Returns the run for further checks.
inline CliRun expect_refused(const cli::Args& args, const std::string& message, const std::filesystem::path& root) {
  const TreeSnapshot before(root);
  const CliRun result = run(args);
  EXPECT_EQ(result.code, 1) << ::testing::PrintToString(args) << result.out;
  EXPECT_EQ(result.err, "ssh-tune: " + message + "\n") << ::testing::PrintToString(args);
  EXPECT_EQ(TreeSnapshot(root).differences_from(before), "") << ::testing::PrintToString(args);
  return result;
}

}  // namespace sshtune::testing
