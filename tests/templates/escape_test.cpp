// Template fields escaped by target (templates/escape.hpp), attacked with the
// names and values a forged cache or a hostile server would supply. The printed
// command lines are run by a real /bin/sh against fake programs that record their
// argv, and the ssh_config block is read by the real `ssh -G`: one command (one
// block), the intended arguments, no marker file.

#include "templates/escape.hpp"
#include "templates/snippets.hpp"

#include "tests/support/shell.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace sshtune::templates {
namespace {

using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;

TEST(ShellWord, PlainWordsStayAndEverythingElseIsSingleQuoted) {
  EXPECT_EQ(shell_word("db1.example.com"), "db1.example.com");
  EXPECT_EQ(shell_word("--compress-choice=zstd"), "--compress-choice=zstd");
  EXPECT_EQ(shell_word("^aes128-gcm@openssh.com"), "'^aes128-gcm@openssh.com'");
  EXPECT_EQ(shell_word("a;b"), "'a;b'");
  EXPECT_EQ(shell_word("$(touch x)"), "'$(touch x)'");
  EXPECT_EQ(shell_word("it's"), "'it'\\''s'");
  EXPECT_EQ(shell_word(""), "''");
}

TEST(SshConfigToken, PlainTokensStayAndEverythingElseIsDoubleQuoted) {
  EXPECT_EQ(ssh_config_token("^aes128-ctr,aes256-ctr"), "^aes128-ctr,aes256-ctr");
  EXPECT_EQ(ssh_config_token("a b"), "\"a b\"");
  EXPECT_EQ(ssh_config_token("a#b"), "\"a#b\"");
  EXPECT_EQ(ssh_config_token("say \"hi\" \\o/"), "\"say \\\"hi\\\" \\\\o/\"");
}

TEST(EscapeField, ControlBytesNeverReachTheOutput) {
  EXPECT_EQ(escape_field("a\nb", FieldRole::argument, Target::shell), "'a\\nb'");
  EXPECT_EQ(escape_field("a\nHost *", FieldRole::argument, Target::ssh_config), "\"a\\\\nHost *\"");
  EXPECT_EQ(escape_field("SSH-2.0-x\x1b]0;t\x07", FieldRole::text, Target::ssh_config), "SSH-2.0-x\\e]0;t\\007");
  EXPECT_EQ(escape_field("45 MB/s\n$(id)", FieldRole::text, Target::shell), "45 MB/s\\n$(id)");  // a comment's text
  EXPECT_EQ(escape_field("", FieldRole::argument, Target::shell), "");
}

// A PATH whose ssh, scp, sftp and rsync only write their argv (one per line) to argv.txt.
class PrintedSnippets : public ::testing::Test {
 protected:
  PrintedSnippets() {
    for (const char* tool : {"ssh", "scp", "sftp", "rsync"}) {
      const auto script = m_dir.write(std::string("bin/") + tool, "#!/bin/sh\nprintf '%s\\n' \"$@\" > " +
                                                                      (m_dir.path() / "argv.txt").string() + "\n");
      std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    }
  }
  SnippetInput hostile(const std::string& host) const {
    SnippetInput in;
    in.host = host;
    in.decision.ciphers = {"aes128-gcm@openssh.com"};
    in.decision.compression = true;
    in.decision.rsync_compress = "zstd";
    in.client_version = "OpenSSH_9.2p1";
    in.server_banner = "SSH-2.0-x\r\nHost *\r\n  ProxyCommand touch " + marker().string();
    return in;
  }
  // Runs the rendered line with /bin/sh in the fake PATH; returns the recorded argv.
  std::string run(SnippetKind kind, const SnippetInput& in) {
    const auto text = render_snippet(kind, in);
    EXPECT_TRUE(text) << text.error().message;
    EXPECT_EQ(std::count(text.value().begin(), text.value().end(), '\n'), 1) << text.value();
    std::filesystem::remove(m_dir.path() / "argv.txt");
    const std::string script = m_dir.write("line.sh", text.value()).string();
    const std::string path = (m_dir.path() / "bin").string() + ":/usr/bin:/bin";
    EXPECT_EQ(std::system(("cd " + m_dir.path().string() + " && PATH=" + path + " /bin/sh " + script).c_str()), 0);
    return sshtune::testing::read_file(m_dir.path() / "argv.txt");
  }
  std::filesystem::path marker() const { return m_dir.path() / "MARKER"; }

  TempDir m_dir;
  TempDir m_config;
  ScopedEnv m_xdg{"XDG_CONFIG_HOME", m_config.path().string()};
};

TEST_F(PrintedSnippets, AShellRunsExactlyOneCommandWithTheIntendedArguments) {
  for (const std::string host : {"foo;touch MARKER", "$(touch MARKER)", "`touch MARKER`", "a b", "a'b|touch MARKER",
                                 "a\ntouch MARKER", "~root", "*"}) {
    const std::string shown = host.find('\n') != std::string::npos ? "a\\ntouch MARKER" : host;
    EXPECT_EQ(run(SnippetKind::ssh, hostile(host)), "-c\n^aes128-gcm@openssh.com\n-o\nCompression=yes\n" + shown + "\n")
        << host;
    EXPECT_EQ(run(SnippetKind::scp, hostile(host)),
              "-c\n^aes128-gcm@openssh.com\n-o\nCompression=yes\nSOURCE\n" + shown + ":DEST\n")
        << host;
    EXPECT_EQ(run(SnippetKind::sftp, hostile(host)),
              "-c\n^aes128-gcm@openssh.com\n-o\nCompression=yes\n" + shown + "\n")
        << host;
    EXPECT_EQ(
        run(SnippetKind::rsync, hostile(host)),
        "-e\nssh -o Compression=no -c ^aes128-gcm@openssh.com\n--compress-choice=zstd\nSOURCE\n" + shown + ":DEST\n")
        << host;
    EXPECT_FALSE(std::filesystem::exists(marker())) << host;
  }
}

TEST_F(PrintedSnippets, AQuoteInACipherCannotBreakTheQuoting) {
  SnippetInput in = hostile("db1");
  in.decision.ciphers = {"aes128-ctr'; touch MARKER; '"};
  EXPECT_EQ(run(SnippetKind::ssh, in), "-c\n^aes128-ctr'; touch MARKER; '\n-o\nCompression=yes\ndb1\n");
  EXPECT_FALSE(std::filesystem::exists(marker()));
}

TEST_F(PrintedSnippets, AHostStartingWithADashIsNotRendered) {
  const auto text = render_snippet(SnippetKind::ssh, hostile("-oProxyCommand=touch MARKER"));
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().message, "snippet: host '-oProxyCommand=touch MARKER' starts with '-'");
}

TEST_F(PrintedSnippets, TheSshConfigBlockStaysOneBlockForSsh) {
  SnippetInput in = hostile("db1\nHost *\n  ProxyCommand touch " + marker().string());
  const auto text = render_snippet(SnippetKind::ssh_config, in);
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(std::count(text.value().begin(), text.value().end(), '\n'), 4) << text.value();
  EXPECT_NE(text.value().find("\nHost \"db1\\\\nHost *\\\\n  ProxyCommand touch "), std::string::npos) << text.value();
  const auto config = m_dir.write("snippet.conf", text.value());
  const std::string dump = sshtune::testing::capture("ssh -G -F " + config.string() + " other 2>&1");
  EXPECT_EQ(dump.find("proxycommand"), std::string::npos) << dump;
  EXPECT_NE(dump.find("\nhostname other\n"), std::string::npos) << dump;
  EXPECT_FALSE(std::filesystem::exists(marker()));
}

}  // namespace
}  // namespace sshtune::templates
