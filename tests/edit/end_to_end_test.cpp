// The built binary against the real `ssh -G`: apply must change the target host
// and nothing else, revert must give back the original bytes.

#include "tests/edit/edit_fixtures.hpp"
#include "tests/support/temp_dir.hpp"
#include "base/process.hpp"

#include <gtest/gtest.h>

#include <array>

namespace sshtune::edit {
namespace {

using sshtune::testing::read_file;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;
using testing::mtime_ns_of;

const std::string k_config =
    "# personal config\n"
    "Ciphers aes256-ctr\n"
    "User globaluser\n"
    "Include ~/.ssh/conf.d/*.conf\n"
    "Host web*\n"
    "    Compression yes\n"
    "    Port 2222\n"
    "Match host db1,db2\n"
    "    Ciphers aes128-ctr\n"
    "    User dbadmin\n"
    "Host target\n"
    "    User tuser\n"
    "    Compression no\n"
    "Host *.internal\n"
    "    ServerAliveInterval 15\n"
    "Host *\n"
    "    ServerAliveInterval 30\n"
    "    Compression no";  // no final newline

const std::string k_included =
    "Host jump\n"
    "  HostName jump.example.org\n"
    "  ForwardAgent no\n"
    "Host *\n"
    "  IdentityFile ~/.ssh/id_test\n";

const std::array<std::string, 20> k_other_hosts{
    "web1", "web2",           "db1",        "db2",    "jump",    "a.internal",    "b.internal", "foo",
    "bar",  "Target",         "target2",    "TARGET", "targets", "x.example.com", "10.0.0.1",   "localhost",
    "git",  "backup.example", "web-target", "db3"};

const std::string k_ciphers = "aes128-gcm@openssh.com,chacha20-poly1305@openssh.com";

// `ssh -G` output minus the two lines apply is meant to change.
std::string without_tuned_lines(const std::string& dump) {
  std::string kept;
  std::size_t start = 0;
  while (start < dump.size()) {
    const std::size_t end = std::min(dump.find('\n', start), dump.size());
    const std::string line = dump.substr(start, end - start);
    if (!line.starts_with("ciphers ") && !line.starts_with("compression ")) {
      kept += line + "\n";
    }
    start = end + 1;
  }
  return kept;
}

ProcessResult run(const std::vector<std::string>& argv) { return run_process(argv).value(); }

ProcessResult tool(std::vector<std::string> args) {
  args.insert(args.begin(), SSHTUNE_BINARY);
  return run(args);
}

std::string dump(const std::filesystem::path& config, const std::string& host) {
  const auto result = run({"ssh", "-G", "-F", config.string(), "--", host});
  EXPECT_EQ(result.exit_code, 0) << host << ": " << result.err;
  return result.out;
}

class EndToEnd : public ::testing::Test {
 protected:
  EndToEnd() : m_env("HOME", m_home.path().string()) {
    m_config = m_home.write(".ssh/config", k_config);
    m_home.write(".ssh/conf.d/10-jump.conf", k_included);
  }

  std::vector<std::string> dumps(const std::filesystem::path& config) const {
    std::vector<std::string> all;
    for (const auto& host : k_other_hosts) {
      all.push_back(dump(config, host));
    }
    return all;
  }

  TempDir m_home;
  ScopedEnv m_env;
  std::filesystem::path m_config;
};

TEST_F(EndToEnd, ApplyChangesTargetOnlyAndRevertRestoresBytes) {
  const auto before_others = dumps(m_config);
  const std::string before_target = dump(m_config, "target");
  const auto applied = tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "yes"});
  ASSERT_EQ(applied.exit_code, 0) << applied.err;

  const std::string after_target = dump(m_config, "target");
  EXPECT_NE(after_target.find("\nciphers " + k_ciphers + ","), std::string::npos) << after_target;
  EXPECT_NE(after_target.find("\ncompression yes\n"), std::string::npos);
  EXPECT_EQ(without_tuned_lines(after_target), without_tuned_lines(before_target));  // all else as it was
  const auto after_others = dumps(m_config);
  for (std::size_t i = 0; i < k_other_hosts.size(); ++i) {
    EXPECT_EQ(after_others[i], before_others[i]) << k_other_hosts[i];
  }

  const auto reverted = tool({"revert", "--all"});
  ASSERT_EQ(reverted.exit_code, 0) << reverted.err;
  EXPECT_EQ(read_file(m_config), k_config);
  EXPECT_FALSE(std::filesystem::exists(m_home.path() / ".ssh/ssh-tune.conf"));
  EXPECT_EQ(dump(m_config, "target"), before_target);
}

TEST_F(EndToEnd, SecondApplyIsANoOp) {
  ASSERT_EQ(tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "no"}).exit_code, 0);
  const auto managed = m_home.path() / ".ssh/ssh-tune.conf";
  const auto config_text = read_file(m_config);
  const auto managed_text = read_file(managed);
  const auto config_mtime = mtime_ns_of(m_config);
  const auto managed_mtime = mtime_ns_of(managed);
  const auto again = tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "no"});
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.out, "apply target: nothing to change\n");
  EXPECT_EQ(read_file(m_config), config_text);
  EXPECT_EQ(read_file(managed), managed_text);
  EXPECT_EQ(mtime_ns_of(m_config), config_mtime);
  EXPECT_EQ(mtime_ns_of(managed), managed_mtime);
}

TEST_F(EndToEnd, DryRunPrintsDiffAndTouchesNothing) {
  const auto mtime = mtime_ns_of(m_config);
  const auto result = tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "yes", "--dry-run"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("+Include ~/.ssh/ssh-tune.conf\n # personal config\n"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("+    Ciphers ^" + k_ciphers + "\n"), std::string::npos);
  EXPECT_EQ(read_file(m_config), k_config);
  EXPECT_EQ(mtime_ns_of(m_config), mtime);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(m_home.path() / ".ssh"), {}), 2);
}

TEST_F(EndToEnd, DashFFileWithCrlfAndSymlinkedTarget) {
  const std::string crlf = "Host a\r\n  Compression yes\r\nHost *\r\n  User bob\r\n";
  const auto real = m_home.write("dotfiles/ssh/config", crlf);
  std::filesystem::create_directories(m_home.path() / "cfg");
  const auto link = m_home.path() / "cfg/config";
  std::filesystem::create_symlink(real, link);
  const auto before_a = dump(link, "a");
  const auto applied = tool({"apply", "b", "--ciphers", "aes256-gcm@openssh.com", "--compression", "yes", "-F", link});
  ASSERT_EQ(applied.exit_code, 0) << applied.err;
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(read_file(real), "Include ~/cfg/ssh-tune.conf\r\n" + crlf);
  EXPECT_TRUE(std::filesystem::exists(m_home.path() / "cfg/ssh-tune.conf"));
  const auto b = dump(link, "b");
  EXPECT_NE(b.find("\nciphers aes256-gcm@openssh.com,"), std::string::npos);
  EXPECT_NE(b.find("\nuser bob\n"), std::string::npos);
  EXPECT_EQ(dump(link, "a"), before_a);
  ASSERT_EQ(tool({"revert", "b", "-F", link}).exit_code, 0);
  EXPECT_EQ(read_file(real), crlf);
  EXPECT_TRUE(std::filesystem::is_symlink(link));
}

TEST_F(EndToEnd, ErrorsAreOneLineWithExitCodes) {
  const auto usage = tool({"apply", "target", "--ciphers", k_ciphers});
  EXPECT_EQ(usage.exit_code, 64);
  const auto bad_cipher = tool({"apply", "target", "--ciphers", "arcfour", "--compression", "yes"});
  EXPECT_EQ(bad_cipher.exit_code, 1);
  EXPECT_TRUE(bad_cipher.err.starts_with("ssh-tune: cipher 'arcfour' is not supported by the local ssh"));
  std::filesystem::permissions(m_config, std::filesystem::perms(0444));
  const auto read_only = tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "yes"});
  EXPECT_EQ(read_only.exit_code, 1);
  EXPECT_EQ(read_only.err, "ssh-tune: " + m_config.string() + ": is read-only (mode 0444); refusing to replace it\n");
  EXPECT_EQ(read_file(m_config), k_config);
  EXPECT_FALSE(std::filesystem::exists(m_home.path() / ".ssh/ssh-tune.conf"));
}

TEST_F(EndToEnd, RefusesConfigSshRejects) {
  m_home.write(".ssh/config", "Host x\n  Compression true\n");
  const auto result = tool({"apply", "target", "--ciphers", k_ciphers, "--compression", "yes"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(result.err.starts_with("ssh-tune: " + m_config.string() + ":2: ")) << result.err;
  EXPECT_EQ(read_file(m_config), "Host x\n  Compression true\n");
}

}  // namespace
}  // namespace sshtune::edit
