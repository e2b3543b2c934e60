// Hostile ssh_config files against `config`, `audit` and `apply`, through run_cli
// with HOME in a temp dir: a 10 MB line, ESC bytes, a BOM, include loops (self,
// a<->b, a 20-file chain, a glob that includes itself) and malformed lines. Each
// ends in one bounded, escaped line on stderr and exit 1, and changes nothing.

#include "tests/support/cli_expect.hpp"
#include "tests/support/temp_home.hpp"
#include "tests/support/tree_snapshot.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace sshtune::cli {
namespace {

using testing::CliRun;
using testing::TempDir;
using testing::TempHome;
using testing::TreeSnapshot;

const std::string k_loop = "; ssh stops with \"Too many recursive configuration includes\"";

class HostileConfig : public ::testing::Test {
 protected:
  // Runs `args`: exit 1, exactly "ssh-tune: MESSAGE\n" on stderr, nothing on stdout, nothing changed.
  void expect_error(const Args& args, const std::string& message) {
    EXPECT_EQ(testing::expect_refused(args, message, m_dir.path()).out, "");
  }
  Args audit(const std::filesystem::path& config) const { return {"audit", "-F", config.string(), "--no-bench"}; }

  TempHome m_home;
  const TempDir& m_dir = m_home.dir;
};

TEST_F(HostileConfig, ATenMegabyteLineGivesOneShortLine) {
  const std::string huge(10 * 1024 * 1024, 'a');
  const auto ciphers = m_dir.write("ciphers.conf", "Ciphers " + huge + "\n");
  expect_error({"config", "db1", "-F", ciphers.string()},
               ciphers.string() + ":1: Bad SSH2 cipher spec '" + std::string(197, 'a') + "... (10485760 bytes)'.");
  const auto keyword = m_dir.write("keyword.conf", huge + " yes\n");
  for (const Args& args : {Args{"config", "db1", "-F", keyword.string()}, audit(keyword)}) {
    const CliRun result = testing::run(args);
    EXPECT_EQ(result.code, 1);
    EXPECT_TRUE(result.err.starts_with("ssh-tune: " + keyword.string() + ":1: Bad configuration option: aaaa"))
        << result.err.substr(0, 200);
    EXPECT_TRUE(result.err.ends_with("...\n"));
    EXPECT_LT(result.err.size(), 400u);
  }
}

TEST_F(HostileConfig, EscapeBytesAndABomAreShownEscaped) {
  const auto esc = m_dir.write("esc.conf", "Host db1\n  Ciphers aes128-ctr\x1b[2J\x1b]0;owned\x07\n");
  expect_error({"config", "db1", "-F", esc.string()},
               esc.string() + ":2: Bad SSH2 cipher spec 'aes128-ctr\\e[2J\\e]0;owned\\007'.");
  const auto bom = m_dir.write("bom.conf", "\xef\xbb\xbfHost db1\n  Compression yes\n");
  expect_error({"config", "db1", "-F", bom.string()},
               bom.string() + ":1: Bad configuration option: \\357\\273\\277host");
  expect_error(audit(bom), bom.string() + ":1: Bad configuration option: \\357\\273\\277host");
  const auto cr = m_dir.write("cr.conf", "Compression may\rbe\r\n");  // a trailing CR is whitespace to ssh
  expect_error(audit(cr), cr.string() + ":1: unsupported option \"may\\rbe\".");
}

TEST_F(HostileConfig, AuditOfAMalformedFileExitsOneLikeEveryCommand) {
  const auto config = m_dir.write("cfg", "Host a\n  Ciphers aes128-ctr\n  Compression maybe\n  Bogus yes\n");
  expect_error(audit(config), config.string() + ":3: unsupported option \"maybe\". (+1 more)");
}

TEST_F(HostileConfig, AuditRefusesAFileThatIncludesItself) {
  const auto self = m_dir.path() / "self.conf";
  m_dir.write("self.conf", "Host a\n  Include " + self.string() + "\n");
  expect_error(audit(self),
               self.string() + ":2: Include loop (" + self.string() + " -> " + self.string() + ")" + k_loop);
}

TEST_F(HostileConfig, AuditRefusesTwoFilesThatIncludeEachOther) {
  const auto a = m_dir.path() / "a.conf";
  const auto b = m_dir.path() / "b.conf";
  m_dir.write("a.conf", "Include " + b.string() + "\n");
  m_dir.write("b.conf", "Host x\n  User y\nInclude " + a.string() + "\n");
  expect_error(audit(a), b.string() + ":3: Include loop (" + a.string() + " -> " + b.string() + " -> " + a.string() +
                             ")" + k_loop);
}

TEST_F(HostileConfig, AuditRefusesAChainDeeperThanSsh) {
  for (int i = 0; i < 20; ++i) {
    m_dir.write("chain/" + std::to_string(i) + ".conf",
                "Include " + (m_dir.path() / "chain" / (std::to_string(i + 1) + ".conf")).string() + "\n");
  }
  m_dir.write("chain/20.conf", "Host x\n");
  const auto sixteen = m_dir.path() / "chain" / "16.conf";
  expect_error(audit(m_dir.path() / "chain" / "0.conf"),
               sixteen.string() + ":1: Include nested more than 16 files deep" + k_loop);
  // 16 levels are what ssh still reads.
  m_dir.write("chain/16.conf", "Host x\n");
  const CliRun ok = testing::run(audit(m_dir.path() / "chain" / "0.conf"));
  EXPECT_EQ(ok.code, 0) << ok.err;
}

TEST_F(HostileConfig, AuditRefusesAGlobThatIncludesItsOwnFiles) {
  for (const char* name : {"10-a.conf", "20-b.conf", "30-c.conf"}) {
    m_dir.write(std::string("conf.d/") + name,
                "Host x\nInclude " + (m_dir.path() / "conf.d" / "*.conf").string() + "\n");
  }
  const auto top = m_dir.write("top.conf", "Include " + (m_dir.path() / "conf.d" / "*.conf").string() + "\n");
  const auto first = m_dir.path() / "conf.d" / "10-a.conf";
  expect_error(audit(top),
               first.string() + ":2: Include loop (" + first.string() + " -> " + first.string() + ")" + k_loop);
}

TEST_F(HostileConfig, ApplyReportsSshsRefusalOnOneLineWithoutCarriageReturn) {
  const auto config = m_dir.path() / ".ssh" / "config";
  m_dir.write(".ssh/config", "Include " + config.string() + "\r\n");
  const TreeSnapshot before(m_dir.path());
  const CliRun result = testing::run({"apply", "db1", "--ciphers", "aes128-ctr", "--compression", "no"});
  EXPECT_EQ(result.code, 1);
  EXPECT_EQ(result.err, "ssh-tune: " + config.string() +
                            ": rejected before any change (ssh -G exits 255: Too many "
                            "recursive configuration includes); fix it first, nothing was "
                            "written\n");
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\r'), 0);
  EXPECT_EQ(TreeSnapshot(m_dir.path()).differences_from(before), "");
}

}  // namespace
}  // namespace sshtune::cli
