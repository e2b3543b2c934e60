// Differential check against ssh-audit (Debian package): a real sshd on 127.0.0.1
// offering weak algorithms is audited by both tools; every algorithm ssh-audit
// fails must be a fail in `ssh-tune audit --server` too. Both lists are printed.

#include "probes/core/remote_kexinit.hpp"
#include "probes/core/server_algorithms.hpp"
#include "tests/audit/audit_fixtures.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/sshd_fixture.hpp"
#include "tuner/audit/server_audit.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <regex>
#include <set>
#include <sstream>

namespace sshtune::audit {
namespace {

constexpr const char* k_ssh_audit = "/usr/bin/ssh-audit";

// The sshd_config lines of a server with the classic weak choices.
std::vector<std::string> weak_server_lines(const std::filesystem::path& keys) {
  return {"HostKey " + (keys / "rsa").string(),
          "HostKey " + (keys / "ecdsa").string(),
          "Ciphers 3des-cbc,aes128-cbc,aes256-cbc,aes128-ctr,chacha20-poly1305@openssh.com",
          "MACs hmac-sha1,hmac-sha1-96,umac-64@openssh.com,hmac-md5,hmac-sha2-256-etm@openssh.com",
          "KexAlgorithms diffie-hellman-group14-sha1,diffie-hellman-group1-sha1,ecdh-sha2-nistp256,"
          "diffie-hellman-group-exchange-sha1,curve25519-sha256",
          "HostKeyAlgorithms ssh-rsa,ecdsa-sha2-nistp256,rsa-sha2-256,ssh-ed25519"};
}

// Algorithms with a [fail] note in ssh-audit's text report: "(kex|key|enc|mac) NAME -- [fail] ...",
// or a later "`- [fail]" continuation line of the same algorithm.
std::set<std::string> ssh_audit_fails(const std::string& report) {
  static const std::regex k_algorithm(R"(^\((kex|key|enc|mac)\) (\S+))");
  std::set<std::string> fails;
  std::string current;
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);) {
    std::smatch match;
    if (std::regex_search(line, match, k_algorithm)) {
      current = match[2];
    } else if (line.empty() || line[0] != ' ') {
      current.clear();
    }
    if (!current.empty() && line.find("[fail]") != std::string::npos) fails.insert(current);
  }
  return fails;
}

// The algorithm named by a "server offers KIND NAME, ..." finding.
std::set<std::string> our_fails(const std::vector<Finding>& findings) {
  std::set<std::string> fails;
  for (const Finding& finding : findings) {
    if (finding.severity != Severity::fail || !finding.message.starts_with("server offers ")) continue;
    std::istringstream words(finding.message.substr(14));
    std::string kind;
    std::string name;
    words >> kind >> name;
    if (name.ends_with(",")) name.pop_back();
    fails.insert(name);
  }
  return fails;
}

void print(const char* title, const std::set<std::string>& names) {
  std::cout << title << " (" << names.size() << "):";
  for (const std::string& name : names) std::cout << ' ' << name;
  std::cout << '\n';
}

TEST(SshAuditComparison, EverySshAuditFailIsAFailHere) {
  if (access(k_ssh_audit, X_OK) != 0) GTEST_SKIP() << k_ssh_audit << " is not installed (package ssh-audit)";
  if (auto reason = testing::SshdFixture::unavailable_reason()) GTEST_SKIP() << *reason;
  testing::TempDir keys;
  for (const char* type : {"rsa", "ecdsa"}) {
    const std::string path = (keys.path() / type).string();
    ASSERT_EQ(std::system(("ssh-keygen -q -t " + std::string(type) + " -N '' -f " + path + " >/dev/null").c_str()), 0);
  }
  auto sshd = testing::SshdFixture::start(weak_server_lines(keys.path()));
  ASSERT_TRUE(sshd) << sshd.error().message;
  probes::RemoteTarget target;
  target.hostname = sshd.value()->host();
  target.port = sshd.value()->port();
  const auto offered = probes::fetch_server_algorithms(target, system_clock());
  ASSERT_TRUE(offered) << offered.error().message;
  const auto findings = audit_live_server(offered.value(), "server " + describe(target), testing::snapshot_context());
  const std::string report =
      sshtune::testing::capture(std::string(k_ssh_audit) + " -n -p " + std::to_string(target.port) + " 127.0.0.1 2>&1");
  const std::set<std::string> theirs = ssh_audit_fails(report);
  const std::set<std::string> ours = our_fails(findings);
  print("ssh-audit fails", theirs);
  print("ssh-tune fails ", ours);
  ASSERT_FALSE(theirs.empty()) << "ssh-audit reported no failures; its output:\n" << report;
  for (const std::string& name : theirs) {
    EXPECT_TRUE(ours.count(name)) << name << " fails in ssh-audit but not in ssh-tune audit";
  }
}

TEST(SshAuditComparison, ParsesSshAuditReportLines) {
  const std::string report =
      "(kex) ecdh-sha2-nistp256             -- [fail] using weak elliptic curves\n"
      "                                     `- [info] available since OpenSSH 5.7\n"
      "(key) ssh-rsa (2048-bit)             -- [info] x\n"
      "                                     `- [fail] using weak hashing algorithm\n"
      "(enc) aes256-ctr                     -- [info] available since OpenSSH 3.7\n"
      "(rec) -3des-cbc                      -- enc algorithm to remove [fail]\n";
  EXPECT_EQ(ssh_audit_fails(report), (std::set<std::string>{"ecdh-sha2-nistp256", "ssh-rsa"}));
}

}  // namespace
}  // namespace sshtune::audit
