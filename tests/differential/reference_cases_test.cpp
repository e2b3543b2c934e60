// Fixed cases, each run through the real `ssh -G` and ssh-tune's evaluator with
// the same inputs: the observed reference cases (T01-T30) and the examples of
// issue #16, one or more per group (tokens, forwards, scoping, none, value forms,
// Match exec, refusals, ssh:// and flags).

#include "tests/differential/harness.hpp"
#include "tests/differential/releases.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <map>
#include <tuple>

namespace sshtune::differential {
namespace {

struct Case {
  std::string name;
  std::string host;
  std::string config;                        // "@DIR@" is replaced by the temp dir
  std::map<std::string, std::string> files;  // extra files, relative to the temp dir
  std::vector<std::string> flags;
};

const std::string k_blk = "Ciphers aes192-ctr\nHost *\n Compression yes\n";

Case c(std::string name, std::string host, std::string config, std::map<std::string, std::string> files = {},
       std::vector<std::string> flags = {}) {
  return Case{std::move(name), std::move(host), std::move(config), std::move(files), std::move(flags)};
}

std::vector<Case> cases() {
  return {
      c("T01", "foo", "Host *\n Ciphers aes256-ctr\nHost foo\n Ciphers aes128-gcm@openssh.com\n Compression yes\n"),
      c("T02", "FOO", "Host foo\n Ciphers aes128-ctr\nMatch host foo\n Compression yes\n"),
      c("T03", "foo", "Host bar,foo\n Ciphers aes128-ctr\nHost bar foo\n Compression yes\n"),
      c("T04", "foo.example.com",
        "Host *.example.com !foo.example.com\n Ciphers aes128-ctr\nHost !bar\n Compression yes\n"),
      c("T05", "myalias",
        "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
        "Match host real.example.com\n Compression yes\n"),
      c("T06", "myalias",
        "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
        "Match final\n Compression yes\n"),
      c("T07", "myalias",
        "Match final\n Ciphers aes256-ctr\nHost myalias\n HostName real.example.com\n Ciphers aes128-ctr\n"),
      c("T27", "myalias",
        "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
        "Match !final\n Compression yes\n"),
      c("T08", "foo", "Host foo\n Ciphers +aes128-cbc\nHost *\n Ciphers aes256-ctr\n"),
      c("T09", "foo", "Ciphers -*-ctr,chacha*\n"),
      c("T10", "foo", "Ciphers ^aes256-gcm@openssh.com,aes128-ctr\n"),
      c("T11", "foo", "Host unrelated\n Ciphers aes128-ctr,bogus-cipher\nHost foo\n Compression yes\n"),
      c("T12", "foo", "Ciphers aes*\n"),
      c("T13", "foo", "Ciphers ,bogus\n"),
      c("T13b", "foo", "Ciphers -*\n"),
      c("T14", "foo", "Compression true\n"),
      c("T15", "foo", "UseKeychain yes\nIgnoreUnknown UseKeychain\n"),
      c("T16", "foo",
        "IgnoreUnknown UseKeychain,AddKeysToKeychain\nUseKeychain yes\nCIPHERS=aes128-ctr\ncompression = yes\n"),
      c("T17", "foo", "Host bar\n Include @DIR@/blk.conf\nHost foo\n Ciphers aes128-ctr\n", {{"blk.conf", k_blk}}),
      c("T18", "foo", "Host foo\n Include @DIR@/blk.conf\n User alice\n", {{"blk.conf", k_blk}}),
      c("T19", "foo", "Include @DIR@/inc/[0-9a-zA-Z]*-*.conf @DIR@/inc/?.conf\n",
        {{"inc/09-a.conf", "Ciphers aes256-ctr\n"},
         {"inc/10-b.conf", "Ciphers aes128-ctr\nUser b\n"},
         {"inc/Z.conf", "MACs hmac-sha1\nUser z\n"},
         {"inc/a.conf", "User a\nKexAlgorithms curve25519-sha256\n"}}),
      c("T20", "foo", "Include rel.conf\nInclude sibling.conf\n",
        {{"home/.ssh/rel.conf", "Ciphers aes192-ctr\n"}, {"sibling.conf", "User sibling\n"}}),
      c("T21", "foo",
        "Host foo\n SendEnv LANG LC_*\n SetEnv A=1\n IdentityFile ~/.ssh/a\n UserKnownHostsFile ~/.ssh/kh1\n"
        "Host *\n SendEnv -LC_* EDITOR\n SetEnv B=2\n IdentityFile ~/.ssh/b\n IdentityFile ~/.ssh/a\n"
        " UserKnownHostsFile ~/.ssh/kh2\n"),
      c("T22", "foo", "Match exec 'test %h = foo'\n Compression yes\n"),
      c("T22b", "foo", "Match exec \"test %h = foo\"\n Compression yes\n"),
      c("T23", "foo", "Host foo\r\n Ciphers aes128-ctr # comment\r\n\r\n Compression yes\r\n"),
      c("T24", "bar", "Host foo\n Ciphers aes128-gcm@openssh.com\nUser globaluser\nCiphers aes256-ctr\n"),
      c("T25", "bar", "Host foo\n Ciphers aes128-gcm@openssh.com\nHost *\nUser globaluser\nCiphers aes256-ctr\n"),
      c("T26", "foo", "Host foo\n Ciphers aes128-ctr\n Compression no\n", {},
        {"-o", "Ciphers=aes256-ctr", "-o", "Compression=yes"}),
      c("T28", "foo", "Match host=foo\n Compression yes\n"),
      c("T29", "foo", "Match host foo all\n Compression yes\n"),
      c("T29b", "foo", "Match tagged x\n Compression yes\n"),
      c("T30", "foo", "Ciphers aes128-ctr#x\n"),
      c("BOM", "foo", "\xEF\xBB\xBFHost foo\n Compression yes\n"),
      c("HostEmpty", "foo", "Host \"\"\n Compression yes\n"),
      c("NoArgument", "foo", "Ciphers\n"),
      c("Depth16", "foo", "Include @DIR@/d1.conf\n", {}),
      c("Depth17", "foo", "Include @DIR@/e1.conf\n", {}),
      c("SelfInclude", "foo", "Include @DIR@/self.conf\n", {{"self.conf", "Include @DIR@/self.conf\n"}}),
      c("FlagsUserPort", "foo", "Host foo\n User alice\n Port 2200\n", {}, {"-l", "bob", "-p", "2022"}),
      c("HostNamePercent", "Foo", "Host Foo\n HostName %h.Example.COM\n"),
      c("HostNameAddress", "foo", "Host foo\n HostName 10.0.0.1\n"),
  };
}

// Issue #16's examples.
std::vector<Case> issue_cases() {
  const std::string agent = "ForwardAgent ~/.ssh/agent.sock\nIdentityAgent ~/.ssh/id-%h\n";
  return {
      c("TokensControlPath", "192.168.1.20", "ControlPath /tmp/%r@%h:%p\n"),
      c("TokensRemoteCommand", "vm", "RemoteCommand echo %L %l %d %i %p\n"),
      c("TokensAgents", "foo", agent + "UserKnownHostsFile ~/.ssh/kh-%h ${HOME}/kh\n"),
      c("TokensForwardPaths", "foo", "LocalForward /tmp/%h.sock localhost:80\nRemoteForward /tmp/%r.sock /tmp/x\n"),
      c("TokensHash", "foo", "ControlPath ~/.ssh/cm-%C\n", {}, {"-l", "bob", "-p", "2200"}),
      c("ForwardsUnixLocal", "foo", "LocalForward 8080 /tmp/sock\n"),
      c("ForwardsRemoteDynamic", "foo", "RemoteForward 8080\n"),
      c("ForwardsClearIncluded", "foo", "Include @DIR@/clear.conf\nLocalForward 1 a:2\nTunnel yes\n",
        {{"clear.conf", "ClearAllForwardings yes\n"}}),
      c("ScopingBindMask", "foo", "StreamLocalBindMask 022\nHost nomatch\n StreamLocalBindMask 0700\n"),
      c("ScopingSyslog", "foo", "Host nomatch\n SyslogFacility LOCAL3\nHost *\n SyslogFacility LOCAL4\n"),
      c("ScopingCanonicalFinal", "foo", "Match final\n CanonicalizeHostname yes\n CanonicalizeMaxDots 3\n"),
      c("NoneLeftOut", "foo",
        "ControlPath none\nRemoteCommand none\nPKCS11Provider none\nProxyCommand none\n"
        "ProxyJump none\n"),
      c("ValueForms", "foo",
        "RekeyLimit 1G 1h\nAddKeysToAgent 1h\nTunnelDevice 3\nProxyJump ssh://deploy@j1:2022\n"
        "LogLevel QUIET\nEscapeChar ^A\n"),
      c("ValueQuotedJump", "foo", "ProxyJump \"a@b\"\n"),
      c("ExecNegated", "foo", "Match !exec \"test %h = bar\"\n Compression yes\n"),
      c("ExecHashToken", "foo", "Match exec \"test -n %C\"\n Compression yes\n"),
      c("RefusedFork", "foo", "ForkAfterAuthentication yes\n"),
      c("RefusedRekey", "foo", "RekeyLimit lots\n"),
      c("RefusedIPQoS", "foo", "IPQoS fast\n"),
      c("RefusedQuotedJump", "foo", "ProxyJump \"a@b:22\"\n"),
      c("UriDestination", "ssh://alice@git:2200", "Host git\n User nobody\n"),
      c("UserAtHostAndFlags", "alice@foo", "Host foo\n User u\n Port 1\n", {}, {"-l", "bob", "-p", "2022"}),
      c("FlagsOrder", "foo", "", {}, {"-o", "User=x", "-l", "y", "-o", "Port=22", "-p", "bogus"}),
  };
}

// The issue "Every OpenSSH release in use": what 8.4 and 10.6 read differently.
std::vector<Case> release_cases() {
  return {
      c("ReleaseKeepAlive", "foo", "TCPKeepAlive no\nKeepAlive yes\n"),
      c("ReleaseBindMaskScoped", "foo", "Host nomatch\n StreamLocalBindMask 0700\nHost *\n StreamLocalBindMask 0077\n"),
      c("ReleaseCnameRules", "foo", "CanonicalizePermittedCNAMEs *.a.example:*.b.example\n"),
      c("ReleaseCnameNone", "foo", "CanonicalizePermittedCNAMEs none\n"),
      c("ReleaseDomainsNone", "foo", "CanonicalDomains none\n"),
      c("ReleaseGssapiAuth", "foo", "GSSAPIAuthentication yes\nGSSAPIDelegateCredentials yes\n"),
      c("ReleaseGssapiKex", "foo", "GSSAPIKeyExchange yes\n"),
      c("ReleaseTrailingComment", "foo", "Compression yes # on\n"),
      c("ReleaseHostBound", "foo", "PubkeyAuthentication host-bound\n"),
      c("ReleaseIpqosLast", "foo", "IPQoS af21 cs1\nIPQoS reliability\n"),
      c("ReleaseSetEnvRepeats", "foo", "SetEnv A=1 B=2 A=3\n"),
      c("ReleaseUriUser", "ssh://foo", "User u-%h\n"),
      c("ReleaseSubsystemFlag", "foo", "", {}, {"-o", "SessionType=subsystem"}),
      c("ReleaseSubsystemFile", "foo", "SessionType subsystem\n"),
      c("ReleaseIncludeUnsetVar", "foo", "Include ${SSHTUNE_NEVER_SET}.conf\nCompression yes\n"),
      c("ReleaseIncludeBadToken", "foo", "Include %z.conf\nCompression yes\n"),
  };
}

std::vector<Case> all_cases() {
  std::vector<Case> all = cases();
  for (Case& issue : issue_cases()) all.push_back(std::move(issue));
  for (Case& release : release_cases()) all.push_back(std::move(release));
  return all;
}

// Names the case in test listings instead of dumping its bytes.
void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }

// Include chains for the depth cases: dN.conf includes d(N+1).conf up to `last`.
void write_chain(testing::TempDir& dir, const std::string& prefix, int last) {
  for (int i = 1; i <= last; ++i) {
    const std::string next = i < last ? "Include " + (dir.path() / (prefix + std::to_string(i + 1) + ".conf")).string()
                                      : "Ciphers aes256-ctr";
    dir.write(prefix + std::to_string(i) + ".conf", next + "\n");
  }
}

std::string substitute(std::string text, const std::string& dir) {
  for (std::size_t at = text.find("@DIR@"); at != std::string::npos; at = text.find("@DIR@", at + dir.size())) {
    text.replace(at, 5, dir);
  }
  return text;
}

// (release name, case).
class ReferenceCase : public ::testing::TestWithParam<std::tuple<std::string, Case>> {};

TEST_P(ReferenceCase, AgreesWithSshG) {
  const auto& [release_name, c] = GetParam();
  std::string why;
  const std::optional<Release> release = release_named(release_name, why);
  if (!release) GTEST_SKIP() << why;
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", (dir.path() / "home").string());
  std::filesystem::create_directories(dir.path() / "home/.ssh");
  for (const auto& [name, text] : c.files) dir.write(name, substitute(text, dir.path().string()));
  write_chain(dir, "d", 16);
  write_chain(dir, "e", 17);
  const auto config = dir.write("T.conf", substitute(c.config, dir.path().string()));
  const Query query{c.host, c.flags, {}};
  const Outcome ssh = run_ssh(release->ssh, config, query);
  const Outcome ours = run_ours(config, query, *release->client);
  EXPECT_EQ(compare(ssh, ours), "") << c.name << " config:\n" << substitute(c.config, dir.path().string());
}

INSTANTIATE_TEST_SUITE_P(Reference, ReferenceCase,
                         ::testing::Combine(::testing::ValuesIn(all_release_names()), ::testing::ValuesIn(all_cases())),
                         [](const auto& param_info) {
                           return test_name_of(std::get<0>(param_info.param)) + "_" +
                                  std::get<1>(param_info.param).name;
                         });

}  // namespace
}  // namespace sshtune::differential
