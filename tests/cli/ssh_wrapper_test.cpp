// `ssh-tune ssh`: the pure argument analysis against exact argv vectors, then the
// built binary end to end (ssh -G never connects), with HOME, XDG_CACHE_HOME and
// XDG_CONFIG_HOME in a temp dir.

#include "tuner/host/host_cache.hpp"
#include "tuner/cli/ssh_args.hpp"

#include "tests/support/shell.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>

using namespace sshtune;
using namespace sshtune::cli;
using sshtune::testing::ScopedEnv;
using sshtune::testing::TempDir;

namespace {

SshArgs analyse(const Args& args) { return analyse_ssh_args(args); }

void expect_destination(const Args& args, std::size_t index, const std::string& host, const Args& command = {}) {
  const SshArgs a = analyse(args);
  ASSERT_TRUE(a.destination_index) << ::testing::PrintToString(args);
  EXPECT_EQ(*a.destination_index, index) << ::testing::PrintToString(args);
  EXPECT_EQ(a.destination, args[index]);
  EXPECT_EQ(a.host, host);
  EXPECT_EQ(a.command, command) << ::testing::PrintToString(args);
}

}  // namespace

TEST(SshArgs, BareHost) { expect_destination({"db1"}, 0, "db1"); }

TEST(SshArgs, UserAtHostAndCommand) { expect_destination({"me@db1", "ls", "-l"}, 0, "db1", {"ls", "-l"}); }

TEST(SshArgs, OptionsWithSeparateValues) {
  expect_destination({"-p", "2222", "-l", "me", "-i", "key", "-F", "cfg", "db1", "uptime"}, 8, "db1", {"uptime"});
}

TEST(SshArgs, OptionsWithAttachedValues) { expect_destination({"-p2222", "-lme", "-Fcfg", "db1"}, 3, "db1"); }

TEST(SshArgs, ClusteredFlags) {
  expect_destination({"-vvv", "-46Aq", "db1"}, 2, "db1");
  expect_destination({"-vp", "22", "db1"}, 2, "db1");  // -p ends the cluster and takes the next word
  expect_destination({"-vp22", "db1"}, 1, "db1");
  expect_destination({"-tt", "-J", "jump", "-W", "x:22", "db1"}, 5, "db1");
}

TEST(SshArgs, ValuesThatLookLikeOptionsOrHostsAreValues) {
  expect_destination({"-o", "-v", "db1"}, 2, "db1");
  expect_destination({"-l", "db9", "db1"}, 2, "db1");
  expect_destination({"-E", "log", "-S", "none", "-b", "127.0.0.1", "db1"}, 6, "db1");
}

TEST(SshArgs, EveryValueOptionOfOpenSsh92) {
  for (const std::string option : {"-b", "-c", "-e", "-i", "-l", "-m", "-o", "-p", "-B", "-D", "-E",
                                   "-F", "-I", "-J", "-L", "-O", "-Q", "-R", "-S", "-w", "-W"}) {
    expect_destination({option, "value", "db1"}, 2, "db1");
  }
  for (const std::string flag : {"-1", "-2", "-4", "-6", "-a", "-f", "-g", "-k", "-n", "-q", "-s", "-t", "-v",
                                 "-x", "-A", "-C", "-G", "-K", "-M", "-N", "-P", "-T", "-V", "-X", "-Y", "-y"}) {
    expect_destination({flag, "db1", "cmd"}, 1, "db1", {"cmd"});
  }
}

TEST(SshArgs, DoubleDashEndsOptions) {
  expect_destination({"-v", "--", "db1", "-C"}, 2, "db1", {"-C"});
  EXPECT_FALSE(analyse({"-v", "--", "db1", "-C"}).gave_compression);
}

TEST(SshArgs, OptionsAfterTheDestinationCount) {
  // ssh parses options again after the destination (ssh db1 -C uptime).
  const SshArgs a = analyse({"db1", "-C", "-c", "aes128-ctr", "uptime", "-v"});
  expect_destination({"db1", "-C", "-c", "aes128-ctr", "uptime", "-v"}, 0, "db1", {"uptime", "-v"});
  EXPECT_TRUE(a.gave_compression);
  EXPECT_TRUE(a.gave_ciphers);
}

TEST(SshArgs, OptionsAfterTheCommandAreTheCommands) {
  const SshArgs a = analyse({"db1", "ls", "-C"});
  EXPECT_EQ(a.command, (Args{"ls", "-C"}));
  EXPECT_FALSE(a.gave_compression);
}

TEST(SshArgs, DoubleDashAfterTheDestinationEndsTheSecondPass) {
  const SshArgs a = analyse({"db1", "-v", "--", "-C", "x"});
  EXPECT_EQ(a.command, (Args{"-C", "x"}));
  EXPECT_FALSE(a.gave_compression);
}

TEST(SshArgs, NoDestination) {
  EXPECT_FALSE(analyse({}).destination_index);
  EXPECT_FALSE(analyse({"-V"}).destination_index);
  EXPECT_FALSE(analyse({"-Q", "cipher"}).destination_index);
  EXPECT_FALSE(analyse({"-l"}).destination_index);  // missing value: ssh itself will complain
  EXPECT_FALSE(analyse({"-v", "--"}).destination_index);
}

TEST(SshArgs, CipherChoices) {
  EXPECT_TRUE(analyse({"-c", "aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-caes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-vc", "aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-o", "Ciphers=aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-oCiphers=aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-o", "ciphers aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_TRUE(analyse({"-o", "  CIPHERS\t=aes128-ctr", "db1"}).gave_ciphers);
  EXPECT_FALSE(analyse({"-o", "CiphersX=1", "db1"}).gave_ciphers);
  EXPECT_FALSE(analyse({"-o", "MACs=hmac-sha2-256", "db1"}).gave_ciphers);
  EXPECT_FALSE(analyse({"-C", "db1"}).gave_ciphers);
}

TEST(SshArgs, CompressionChoices) {
  EXPECT_TRUE(analyse({"-C", "db1"}).gave_compression);
  EXPECT_TRUE(analyse({"-XCv", "db1"}).gave_compression);
  EXPECT_TRUE(analyse({"-o", "Compression=no", "db1"}).gave_compression);
  EXPECT_TRUE(analyse({"-oCOMPRESSION yes", "db1"}).gave_compression);
  EXPECT_FALSE(analyse({"-o", "ProxyCommand=ssh -C gw -W %h:%p", "db1"}).gave_compression);
  EXPECT_FALSE(analyse({"-c", "C", "db1"}).gave_compression);
  EXPECT_FALSE(analyse({"-pC", "db1"}).gave_compression);  // "C" is -p's value
}

TEST(SshArgs, DestinationForms) {
  EXPECT_EQ(destination_host("db1"), "db1");
  EXPECT_EQ(destination_host("me@db1"), "db1");
  EXPECT_EQ(destination_host("me@corp@db1"), "db1");  // the last '@' splits, as in ssh.c
  EXPECT_EQ(destination_host("ssh://db1"), "db1");
  EXPECT_EQ(destination_host("ssh://me@db1:2222"), "db1");
  EXPECT_EQ(destination_host("ssh://me@db1:2222/"), "db1");
  EXPECT_EQ(destination_host("ssh://[::1]:22"), "::1");
  EXPECT_EQ(destination_host("ssh://me@[fe80::1]"), "fe80::1");
  expect_destination({"-v", "ssh://me@db1:2222", "id"}, 1, "db1", {"id"});
}

TEST(SshArgs, OptionKeyword) {
  EXPECT_EQ(option_keyword("Ciphers=x"), "ciphers");
  EXPECT_EQ(option_keyword(" Compression yes"), "compression");
  EXPECT_EQ(option_keyword("HostName"), "hostname");
  EXPECT_EQ(option_keyword(""), "");
}

TEST(SshArgs, RsyncInvocation) {
  // What `rsync -e 'ssh-tune ssh' -av src me@db1:dst` runs; "-vlogDtpre.iLsfxCIvu" is rsync's, not ssh's -C.
  const Args args{"-l", "me", "db1", "rsync", "--server", "-vlogDtpre.iLsfxCIvu", ".", "dst"};
  const SshArgs a = analyse(args);
  expect_destination(args, 2, "db1", {"rsync", "--server", "-vlogDtpre.iLsfxCIvu", ".", "dst"});
  EXPECT_FALSE(a.gave_compression);
  EXPECT_TRUE(runs_rsync(a));
  EXPECT_TRUE(runs_rsync(analyse({"db1", "/usr/bin/rsync --server -e.LsfxCIvu . x"})));
  EXPECT_FALSE(runs_rsync(analyse({"db1", "rsync-backup"})));
  EXPECT_FALSE(runs_rsync(analyse({"db1"})));
}

TEST(SshArgs, ScpInvocation) {
  // What `scp -S ssh-tune-ssh f me@db1:` (OpenSSH 9.2, SFTP mode) runs.
  const Args args{"-x",
                  "-oPermitLocalCommand=no",
                  "-oClearAllForwarding=yes",
                  "-oRemoteCommand=none",
                  "-oRequestTTY=no",
                  "-oForwardAgent=no",
                  "-l",
                  "me",
                  "-s",
                  "--",
                  "db1",
                  "sftp"};
  expect_destination(args, 10, "db1", {"sftp"});
  EXPECT_FALSE(analyse(args).gave_ciphers);
}

TEST(SshArgs, GitInvocation) {
  const Args args{"-o", "SendEnv=GIT_PROTOCOL", "git@db1", "git-upload-pack 'repo.git'"};
  expect_destination(args, 2, "db1", {"git-upload-pack 'repo.git'"});
  expect_destination({"-G", "git@db1"}, 1, "db1");  // git's variant probe
}

TEST(TunedSshArgs, InsertsAtTheFrontAndKeepsTheUsersOrder) {
  const Args args{"-l", "me", "db1", "ls"};
  EXPECT_EQ(tuned_ssh_args(args, analyse(args), {"^aes128-gcm@openssh.com", true}),
            (Args{"-c", "^aes128-gcm@openssh.com", "-o", "Compression=yes", "-l", "me", "db1", "ls"}));
  EXPECT_EQ(tuned_ssh_args(args, analyse(args), {"^aes128-gcm@openssh.com", false}),
            (Args{"-c", "^aes128-gcm@openssh.com", "-o", "Compression=no", "-l", "me", "db1", "ls"}));
}

TEST(TunedSshArgs, LeavesWhatTheUserChose) {
  const Args cipher{"-c", "aes256-ctr", "db1"};
  EXPECT_EQ(tuned_ssh_args(cipher, analyse(cipher), {"^aes128-gcm@openssh.com", true}),
            (Args{"-o", "Compression=yes", "-c", "aes256-ctr", "db1"}));
  const Args compression{"-C", "db1"};
  EXPECT_EQ(tuned_ssh_args(compression, analyse(compression), {"^aes128-gcm@openssh.com", false}),
            (Args{"-c", "^aes128-gcm@openssh.com", "-C", "db1"}));
  const Args both{"-oCiphers=aes256-ctr", "db1", "-o", "compression=no"};
  EXPECT_EQ(tuned_ssh_args(both, analyse(both), {"^aes128-gcm@openssh.com", true}), both);
}

TEST(TunedSshArgs, NoCiphersMeansNoDashC) {
  const Args args{"db1"};
  EXPECT_EQ(tuned_ssh_args(args, analyse(args), {"", false}), (Args{"-o", "Compression=no", "db1"}));
}

// ---- end to end through the built binary ----

namespace {

using ShellOutput = sshtune::testing::ShellResult;

// stdout of a command line, stderr to the test log.
ShellOutput run_shell(const std::string& command) { return sshtune::testing::shell(command); }

std::string line_of(const std::string& dump, const std::string& keyword) {
  const auto at = dump.find("\n" + keyword + " ");
  if (at == std::string::npos) return "";
  return dump.substr(at + 1, dump.find('\n', at + 1) - at - 1);
}

// The start of a fake ssh: ssh-tune's own queries (ssh -V, -Q KIND, -G -F /dev/null) go to the real ssh.
constexpr const char* k_real_queries =
    "#!/bin/sh\ncase \"$1 $2\" in -V*|-Q*|\"-G -F\") exec /usr/bin/ssh \"$@\";; esac\n";

// A temp HOME with the caches and config dirs inside it, and a cached decision for db1.
class SshWrapperEndToEnd : public ::testing::Test {
 protected:
  SshWrapperEndToEnd()
      : m_home("HOME", m_dir.path().string()),
        m_cache("XDG_CACHE_HOME", (m_dir.path() / "cache").string()),
        m_config("XDG_CONFIG_HOME", (m_dir.path() / "config").string()),
        m_ssh("SSHTUNE_SSH", "ssh") {
    host::CachedHost entry;
    entry.host = "db1";
    entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
    entry.client_version = "OpenSSH_9.2p1 Debian-2+deb12u10";
    entry.decision.ciphers = {"aes256-gcm@openssh.com", "aes128-gcm@openssh.com"};
    entry.decision.compression = true;
    entry.decision.rsync_compress = "zstd";
    const auto saved = host::save_cached_host(entry);
    EXPECT_TRUE(saved) << saved.error().message;
    m_cfg = m_dir.write("ssh_config", "Host db1 db2\n  HostName 127.0.0.1\n  Port 1\n");
  }

  std::string binary() const { return SSHTUNE_BINARY; }
  std::string ssh_g(const std::string& args) const {
    return run_shell(binary() + " ssh -G -F " + m_cfg.string() + " " + args).out;
  }
  // Installs a fake ssh that writes its argv, one per line, to argv.txt and fails; it answers the
  // -V/-Q/-G queries ssh-tune asks the ssh it runs (SSHTUNE_SSH) with the real ssh's answers.
  std::filesystem::path fake_ssh() {
    const auto script = m_dir.write("fake-ssh", std::string(k_real_queries) + "printf '%s\\n' \"$@\" > " +
                                                    (m_dir.path() / "argv.txt").string() + "\nexit 3\n");
    std::filesystem::permissions(script, std::filesystem::perms::owner_all);
    return script;
  }
  std::string recorded_argv() const { return sshtune::testing::read_file(m_dir.path() / "argv.txt"); }

  TempDir m_dir;
  ScopedEnv m_home, m_cache, m_config, m_ssh;
  std::filesystem::path m_cfg;
};

constexpr const char* k_cached_ciphers_first = "ciphers aes256-gcm@openssh.com,aes128-gcm@openssh.com,";

}  // namespace

TEST_F(SshWrapperEndToEnd, SshDashGShowsTheCachedCiphersAndCompression) {
  const std::string dump = ssh_g("db1");
  EXPECT_EQ(line_of(dump, "ciphers").rfind(k_cached_ciphers_first, 0), 0u) << dump;
  EXPECT_EQ(line_of(dump, "compression"), "compression yes");
  EXPECT_EQ(line_of(dump, "port"), "port 1");  // the user's config still applies
}

TEST_F(SshWrapperEndToEnd, UserAtHostAndUriFindTheCache) {
  EXPECT_EQ(line_of(ssh_g("me@db1"), "compression"), "compression yes");
  EXPECT_EQ(line_of(ssh_g("ssh://me@db1:2222"), "compression"), "compression yes");
}

TEST_F(SshWrapperEndToEnd, TheUsersChoicesWin) {
  const std::string dump = ssh_g("-o compression=no -c aes128-ctr db1");
  EXPECT_EQ(line_of(dump, "compression"), "compression no");
  EXPECT_EQ(line_of(dump, "ciphers"), "ciphers aes128-ctr");
}

TEST_F(SshWrapperEndToEnd, HostWithoutCacheIsPassedThroughUnchanged) {
  const std::string plain = run_shell("ssh -G -F " + m_cfg.string() + " db2").out;
  EXPECT_EQ(ssh_g("db2"), plain);
  EXPECT_EQ(line_of(plain, "compression"), "compression no");
}

TEST_F(SshWrapperEndToEnd, RsyncRemoteCommandNeverGetsSshCompression) {
  const std::string dump = ssh_g("db1 rsync --server -vlogDtpre.iLsfxCIvu . dst");
  EXPECT_EQ(line_of(dump, "compression"), "compression no");
  EXPECT_EQ(line_of(dump, "ciphers").rfind(k_cached_ciphers_first, 0), 0u) << dump;
}

TEST_F(SshWrapperEndToEnd, SshTuneSshAliasBehavesLikeSshTuneSsh) {
  const auto alias = std::filesystem::path(SSHTUNE_BINARY).parent_path() / "ssh-tune-ssh";
  ASSERT_TRUE(std::filesystem::exists(alias)) << alias;
  const std::string dump = run_shell(alias.string() + " -G -F " + m_cfg.string() + " db1").out;
  EXPECT_EQ(line_of(dump, "compression"), "compression yes");
  EXPECT_EQ(line_of(dump, "ciphers").rfind(k_cached_ciphers_first, 0), 0u) << dump;
}

TEST_F(SshWrapperEndToEnd, ExactArgvReachesSsh) {
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const ShellOutput r = run_shell(binary() + " ssh -l me db1 'ls -l' -C");
  EXPECT_EQ(r.status, 3);  // ssh's own exit status is ours
  EXPECT_EQ(recorded_argv(),
            "-c\n^aes256-gcm@openssh.com,aes128-gcm@openssh.com\n-o\nCompression=yes\n"
            "-l\nme\ndb1\nls -l\n-C\n");
}

TEST_F(SshWrapperEndToEnd, UnderRealRsync) {
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const auto source = m_dir.write("src.txt", "x");
  run_shell("rsync -e '" + binary() + " ssh' " + source.string() + " me@db1:dst 2>/dev/null");
  const std::string argv = recorded_argv();
  EXPECT_EQ(
      argv.rfind("-c\n^aes256-gcm@openssh.com,aes128-gcm@openssh.com\n-o\nCompression=no\n-l\nme\ndb1\nrsync\n", 0), 0u)
      << argv;
}

TEST_F(SshWrapperEndToEnd, UnderRealScpWithTheAlias) {
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const auto alias = std::filesystem::path(SSHTUNE_BINARY).parent_path() / "ssh-tune-ssh";
  const auto source = m_dir.write("src.txt", "x");
  run_shell("scp -S " + alias.string() + " " + source.string() + " me@db1:dst 2>/dev/null");
  const std::string argv = recorded_argv();
  EXPECT_EQ(argv.rfind("-c\n^aes256-gcm@openssh.com,aes128-gcm@openssh.com\n-o\nCompression=yes\n", 0), 0u) << argv;
  EXPECT_NE(argv.find("\ndb1\n"), std::string::npos) << argv;
}

TEST_F(SshWrapperEndToEnd, EntryMeasuredAsUserAtHostIsFound) {
  host::CachedHost entry;
  entry.host = "me@db3";
  entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
  entry.client_version = "OpenSSH_7.4p1";
  entry.decision.ciphers = {"aes128-ctr"};
  ASSERT_TRUE(host::save_cached_host(entry));
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  run_shell(binary() + " ssh me@db3 true");
  EXPECT_EQ(recorded_argv(), "-c\naes128-ctr\n-o\nCompression=no\nme@db3\ntrue\n");  // no ^ before OpenSSH 8.1
  run_shell(binary() + " ssh other@db3 true");
  EXPECT_EQ(recorded_argv(), "other@db3\ntrue\n");
}

TEST_F(SshWrapperEndToEnd, HelpIsOurs) {
  const ShellOutput r = run_shell(binary() + " ssh --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("usage: ssh-tune ssh [ssh arguments...]\n", 0), 0u) << r.out;
}

TEST_F(SshWrapperEndToEnd, UnderRealGitSshCommand) {
  // A fake ssh that, like OpenSSH, accepts git's `-G` variant probe, then records the real call.
  const auto script = m_dir.write(
      "git-ssh", std::string(k_real_queries) + "case \" $* \" in *\" -G \"*) exit 0;; esac\nprintf '%s\\n' \"$@\" > " +
                     (m_dir.path() / "argv.txt").string() + "\nexit 3\n");
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  const ScopedEnv ssh("SSHTUNE_SSH", script.string());
  const ScopedEnv git("GIT_SSH_COMMAND", binary() + " ssh");
  run_shell("git ls-remote me@db1:repo.git 2>/dev/null");
  const std::string argv = recorded_argv();
  EXPECT_EQ(argv.rfind("-c\n^aes256-gcm@openssh.com,aes128-gcm@openssh.com\n-o\nCompression=yes\n", 0), 0u) << argv;
  EXPECT_NE(argv.find("\nme@db1\ngit-upload-pack 'repo.git'\n"), std::string::npos) << argv;
}

TEST_F(SshWrapperEndToEnd, UnreadableCacheWarnsAndRunsSshUnchanged) {
  std::ofstream(host::cache_path("db2")) << "this is [ not toml";
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const ShellOutput r = run_shell(binary() + " ssh db2 2>&1");
  EXPECT_NE(r.out.find("warning: "), std::string::npos) << r.out;
  EXPECT_EQ(recorded_argv(), "db2\n");
}

TEST_F(SshWrapperEndToEnd, AnEntryOfAnotherOwnerWarnsAndRunsSshUnchanged) {
  ASSERT_EQ(::chown(host::cache_path("db1").c_str(), 65534, 65534), 0);
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const ShellOutput r = run_shell(binary() + " ssh db1 true 2>&1");
  EXPECT_EQ(r.status, 3);
  EXPECT_EQ(r.out, "ssh-tune: warning: " + host::cache_path("db1").string() + ": owned by uid 65534, not by uid " +
                       std::to_string(::geteuid()) +
                       "; refusing to use it (ssh-tune host db1 --fresh measures again and replaces it); running ssh "
                       "unchanged\n");
  EXPECT_EQ(recorded_argv(), "db1\ntrue\n");
}

TEST_F(SshWrapperEndToEnd, AWeakCachedCipherIsNeverPassedToSsh) {
  std::string text = sshtune::testing::read_file(host::cache_path("db1"));
  const std::string good = "'aes256-gcm@openssh.com', 'aes128-gcm@openssh.com'";
  ASSERT_NE(text.find(good), std::string::npos) << text;
  text.replace(text.find(good), good.size(), "'3des-cbc'");
  m_dir.write("cache/ssh-tune/db1.toml", text);
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const ShellOutput r = run_shell(binary() + " ssh db1 true 2>&1");
  EXPECT_EQ(r.out,
            "ssh-tune: warning: " + host::cache_path("db1").string() +
                ": decision.ciphers: 3des-cbc is deprecated"
                ", below the security floor (acceptable or better); refusing to use it (ssh-tune host db1 --fresh "
                "measures again and replaces it); running ssh unchanged\n");
  EXPECT_EQ(recorded_argv(), "db1\ntrue\n");
}

TEST_F(SshWrapperEndToEnd, AHostileDestinationIsRefusedBeforeSshRuns) {
  const ScopedEnv ssh("SSHTUNE_SSH", fake_ssh().string());
  const auto marker = m_dir.path() / "MARKER";
  const ShellOutput r = run_shell(binary() + " ssh -- '-oProxyCommand=touch " + marker.string() + "' true 2>&1");
  EXPECT_EQ(r.status, 64);
  EXPECT_EQ(r.out, "ssh-tune: invalid host name '-oProxyCommand=touch " + marker.string() +
                       "': starts with '-', which ssh would read as an option\n");
  EXPECT_FALSE(std::filesystem::exists(m_dir.path() / "argv.txt"));
  EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST_F(SshWrapperEndToEnd, MissingSshIsAnOperationalError) {
  const ScopedEnv ssh("SSHTUNE_SSH", (m_dir.path() / "no-such-ssh").string());
  const ShellOutput r = run_shell(binary() + " ssh db1 2>&1");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("ssh-tune: cannot run "), std::string::npos) << r.out;
}
