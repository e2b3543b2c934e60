// Hostile host names at every entry point (host, host --write, snippet, ssh,
// apply), through run_cli with HOME and the XDG dirs in a temp dir: each is
// refused with ssh's rule as a usage error (exit 64) before anything is read,
// measured, run or written: no file changes, no marker file appears.

#include "tests/support/cli_run.hpp"
#include "tests/support/temp_home.hpp"
#include "tests/support/tree_snapshot.hpp"

#include <gtest/gtest.h>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::TempDir;
using testing::TempHome;
using testing::TreeSnapshot;

class HostileNames : public ::testing::Test {
 protected:
  HostileNames() {
    m_dir.write(".ssh/config", "Host db1\n  HostName 127.0.0.1\n");
    m_dir.write("cache/ssh-tune/keep.toml", "host = \"keep\"\n");
  }
  std::string marker() const { return (m_dir.path() / "MARKER").string(); }
  // The hostile names and the refusal each gets as a host name.
  std::vector<std::pair<std::string, std::string>> names() const {
    const std::string m = marker();
    return {
        {"-oProxyCommand=touch " + m,
         "invalid host name '-oProxyCommand=touch " + m + "': starts with '-', which ssh would read as an option"},
        {"a;touch " + m, "invalid host name 'a;touch " + m + "': contains ';', which ssh refuses in a host name"},
        {"$(touch " + m + ")",
         "invalid host name '$(touch " + m + ")': contains '$', which ssh refuses in a host name"},
        {"db1\nProxyCommand touch " + m,
         "invalid host name 'db1\\nProxyCommand touch " + m + "': contains a control character ('\\n')"},
        {"db1 *", "invalid host name 'db1 *': contains whitespace"},
    };
  }
  // Runs `args`, expecting exit 64 with exactly `message`, and that nothing changed.
  void expect_refused(const Args& args, const std::string& message) {
    const TreeSnapshot before(m_dir.path());
    const CliRun result = testing::run(args);
    EXPECT_EQ(result.code, 64) << ::testing::PrintToString(args);
    EXPECT_EQ(result.err, "ssh-tune: " + message + "\n") << ::testing::PrintToString(args);
    EXPECT_EQ(result.out, "");
    EXPECT_EQ(TreeSnapshot(m_dir.path()).differences_from(before), "") << ::testing::PrintToString(args);
    EXPECT_FALSE(std::filesystem::exists(marker()));
  }

  TempHome m_home;
  const TempDir& m_dir = m_home.dir;
};

TEST_F(HostileNames, Host) {
  for (const auto& [name, message] : names()) expect_refused({"host", "--", name}, message);
}

TEST_F(HostileNames, HostWrite) {
  for (const auto& [name, message] : names()) expect_refused({"host", "--write", "--", name}, message);
  for (const auto& [name, message] : names()) expect_refused({"host", "--dry-run", "--", name}, message);
  // Names ssh would connect to but a Host line cannot hold: refused before measuring.
  expect_refused({"host", "--write", "db1#x"},
                 "invalid host alias 'db1#x': contains '#', which a Host pattern cannot hold");
  expect_refused({"host", "--write", "!db1"},
                 "invalid host alias '!db1': contains '!', which a Host pattern cannot hold");
}

TEST_F(HostileNames, HostUser) {
  expect_refused({"host", "db1", "-l", "-oProxyCommand=x"},
                 "invalid user name '-oProxyCommand=x': starts with '-', which ssh would read as an option");
  expect_refused({"host", "db1", "-l", "a;b"},
                 "invalid user name 'a;b': contains ';', which ssh refuses in a user name");
}

TEST_F(HostileNames, Snippet) {
  for (const auto& [name, message] : names()) expect_refused({"snippet", "--for", "ssh", "--", name}, message);
}

TEST_F(HostileNames, Ssh) {
  // Refused before ssh runs: nothing is exec'd (a valid name would replace this process).
  for (const auto& [name, message] : names()) expect_refused({"ssh", "--", name}, message);
  for (const auto& [name, message] : names()) expect_refused({"ssh", "-v", "--", name, "true"}, message);
}

TEST_F(HostileNames, Apply) {
  const Args flags{"--ciphers", "aes128-ctr", "--compression", "no"};
  for (const auto& [name, message] : names()) {
    Args args{"apply"};
    args.insert(args.end(), flags.begin(), flags.end());
    args.insert(args.end(), {"--", name});
    std::string alias_message = message;
    alias_message.replace(0, std::string("invalid host name").size(), "invalid host alias");
    expect_refused(args, alias_message);
  }
}

TEST_F(HostileNames, Revert) {
  expect_refused({"revert", "--", "-oProxyCommand=x"},
                 "invalid host alias '-oProxyCommand=x': starts with '-', which ssh would read as an option");
}

}  // namespace
}  // namespace sshtune::cli
