// Observed `ssh -G` cases (T01-T30: Include, Match, algorithm lists, tokens), each run
// through the real `ssh -G` and ssh-tune's evaluator with the same inputs.

#include "tests/differential/harness.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

#include <map>

namespace sshtune::differential {
namespace {

struct Case {
  std::string name;
  std::string host;
  std::string config;                          // "@DIR@" is replaced by the temp dir
  std::map<std::string, std::string> files;    // extra files, relative to the temp dir
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
      c("T04", "foo.example.com", "Host *.example.com !foo.example.com\n Ciphers aes128-ctr\nHost !bar\n Compression yes\n"),
      c("T05", "myalias", "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
                         "Match host real.example.com\n Compression yes\n"),
      c("T06", "myalias", "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
                         "Match final\n Compression yes\n"),
      c("T07", "myalias", "Match final\n Ciphers aes256-ctr\nHost myalias\n HostName real.example.com\n Ciphers aes128-ctr\n"),
      c("T27", "myalias", "Host myalias\n HostName Real.Example.com\nHost real.example.com\n Ciphers aes128-ctr\n"
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
      c("T16", "foo", "IgnoreUnknown UseKeychain,AddKeysToKeychain\nUseKeychain yes\nCIPHERS=aes128-ctr\ncompression = yes\n"),
      c("T17", "foo", "Host bar\n Include @DIR@/blk.conf\nHost foo\n Ciphers aes128-ctr\n", {{"blk.conf", k_blk}}),
      c("T18", "foo", "Host foo\n Include @DIR@/blk.conf\n User alice\n", {{"blk.conf", k_blk}}),
      c("T19", "foo", "Include @DIR@/inc/[0-9a-zA-Z]*-*.conf @DIR@/inc/?.conf\n",
       {{"inc/09-a.conf", "Ciphers aes256-ctr\n"}, {"inc/10-b.conf", "Ciphers aes128-ctr\nUser b\n"},
        {"inc/Z.conf", "MACs hmac-sha1\nUser z\n"}, {"inc/a.conf", "User a\nKexAlgorithms curve25519-sha256\n"}}),
      c("T20", "foo", "Include rel.conf\nInclude sibling.conf\n",
       {{"home/.ssh/rel.conf", "Ciphers aes192-ctr\n"}, {"sibling.conf", "User sibling\n"}}),
      c("T21", "foo", "Host foo\n SendEnv LANG LC_*\n SetEnv A=1\n IdentityFile ~/.ssh/a\n UserKnownHostsFile ~/.ssh/kh1\n"
                     "Host *\n SendEnv -LC_* EDITOR\n SetEnv B=2\n IdentityFile ~/.ssh/b\n IdentityFile ~/.ssh/a\n"
                     " UserKnownHostsFile ~/.ssh/kh2\n"),
      c("T22", "foo", "Match exec 'test %h = foo'\n Compression yes\n"),
      c("T22b", "foo", "Match exec \"test %h = foo\"\n Compression yes\n"),
      c("T23", "foo", "Host foo\r\n Ciphers aes128-ctr # comment\r\n\r\n Compression yes\r\n"),
      c("T24", "bar", "Host foo\n Ciphers aes128-gcm@openssh.com\nUser globaluser\nCiphers aes256-ctr\n"),
      c("T25", "bar", "Host foo\n Ciphers aes128-gcm@openssh.com\nHost *\nUser globaluser\nCiphers aes256-ctr\n"),
      c("T26", "foo", "Host foo\n Ciphers aes128-ctr\n Compression no\n", {}, {"-o", "Ciphers=aes256-ctr", "-C"}),
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

class ReferenceCase : public ::testing::TestWithParam<Case> {};

TEST_P(ReferenceCase, AgreesWithSshG) {
  const Case& c = GetParam();
  testing::TempDir dir;
  testing::ScopedEnv home("HOME", (dir.path() / "home").string());
  std::filesystem::create_directories(dir.path() / "home/.ssh");
  for (const auto& [name, text] : c.files) dir.write(name, substitute(text, dir.path().string()));
  write_chain(dir, "d", 16);
  write_chain(dir, "e", 17);
  const auto config = dir.write("T.conf", substitute(c.config, dir.path().string()));
  const Result<const ClientCapabilities*> client = local_client_capabilities();
  ASSERT_TRUE(client) << client.error().message;
  const Outcome ssh = run_ssh(config, c.host, c.flags);
  const Outcome ours = run_ours(config, c.host, *client.value(), c.flags);
  EXPECT_EQ(compare(ssh, ours), "") << c.name << " config:\n" << substitute(c.config, dir.path().string());
}

INSTANTIATE_TEST_SUITE_P(Reference, ReferenceCase, ::testing::ValuesIn(cases()),
                         [](const auto& param_info) { return param_info.param.name; });

}  // namespace
}  // namespace sshtune::differential
