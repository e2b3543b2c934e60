// Bars in the host trials and cpu cipher tables: exact cells, and off unless a TTY.

#include "tests/support/temp_dir.hpp"
#include "tuner/cli/bars.hpp"
#include "tuner/cli/cpu_view.hpp"
#include "tuner/cli/host_view.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <sstream>

namespace sshtune::cli {
namespace {

using testing::ScopedEnv;

BarStyle ascii(int width) { return BarStyle{true, false, false, width}; }

TEST(Bars, OffMeansNothingIsDrawn) { EXPECT_EQ(bar(5, 10, BarStyle{}), ""); }

TEST(Bars, AsciiCellsScaleToTheLongestAndPadToTheWidth) {
  EXPECT_EQ(bar(10, 10, ascii(8)), "  ########");
  EXPECT_EQ(bar(5, 10, ascii(8)), "  ####    ");
  EXPECT_EQ(bar(0.01, 10, ascii(8)), "  #       ");  // a value above zero is never invisible
  EXPECT_EQ(bar(0, 10, ascii(8)), "          ");
}

TEST(Bars, UnicodeUsesEighthBlocks) {
  const BarStyle style{true, true, false, 2};
  EXPECT_EQ(bar(2, 2, style), "  \u2588\u2588");
  EXPECT_EQ(bar(1.5, 2, style), "  \u2588\u258C");
  EXPECT_EQ(bar(1.0 / 8, 2, style), "  \u258F ");
}

TEST(Bars, OnlyTheBestIsColouredAndOnlyWhenAllowed) {
  BarStyle style = ascii(2);
  style.colour = true;
  EXPECT_EQ(bar(2, 2, style, true), "  \033[32m##\033[0m");
  EXPECT_EQ(bar(2, 2, style, false), "  ##");
  style.colour = false;
  EXPECT_EQ(bar(2, 2, style, true), "  ##");
}

TEST(Bars, StyleFollowsTheTerminalNoColorAndTheLocale) {
  ScopedEnv term{"TERM", "xterm"};
  ScopedEnv all{"LC_ALL", "C.UTF-8"};
  ScopedEnv no_colour{"NO_COLOR", ""};
  EXPECT_FALSE(bar_style(false).enabled);
  const BarStyle tty = bar_style(true);
  EXPECT_TRUE(tty.enabled);
  EXPECT_TRUE(tty.unicode);
  EXPECT_TRUE(tty.colour);  // NO_COLOR set but empty does not count
  {
    ScopedEnv set{"NO_COLOR", "1"};
    EXPECT_FALSE(bar_style(true).colour);
    EXPECT_TRUE(bar_style(true).enabled);  // bars stay, in monochrome
  }
  {
    ScopedEnv c{"LC_ALL", "C"};
    EXPECT_FALSE(bar_style(true).unicode);
  }
  ScopedEnv dumb{"TERM", "dumb"};
  EXPECT_FALSE(bar_style(true).enabled);
}

TEST(Bars, HostTrialsGetOneBarPerRowAndTheWinnersIsGreen) {
  host::HostOutcome outcome;
  outcome.entry.host = "web";
  outcome.entry.trials = {{host::TrialRole::upload, "aes128-gcm@openssh.com", false, 400, 1, 1},
                          {host::TrialRole::upload, "chacha20-poly1305@openssh.com", false, 800, 1, 1}};
  outcome.entry.decision.ciphers = {"aes128-gcm@openssh.com"};
  BarStyle style = ascii(4);
  style.colour = true;
  std::ostringstream out;
  print_verdict(out, outcome, {}, style);
  EXPECT_TRUE(std::regex_search(out.str(),
                                std::regex("\n  aes128-gcm@openssh\\.com +libssh +400\\.0  \033\\[32m##\033\\[0m  \n")))
      << out.str();
  EXPECT_TRUE(std::regex_search(out.str(), std::regex("\n  chacha20-poly1305@openssh\\.com +libssh +800\\.0  ####\n")))
      << out.str();
  std::ostringstream plain;
  print_verdict(plain, outcome, {});
  EXPECT_TRUE(std::regex_search(plain.str(), std::regex("\n  aes128-gcm@openssh\\.com +libssh +400\\.0\n")))
      << plain.str();
}

TEST(Bars, CpuCipherRowsGetABarAfterTheSpeed) {
  const rules::Catalog catalog =
      rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value();
  CpuFindings findings;
  probes::CipherSpeed fast;
  fast.name = "aes128-gcm@openssh.com";
  fast.aead = fast.available = true;
  fast.mb_per_s = 2000;
  probes::CipherSpeed slow = fast;
  slow.name = "chacha20-poly1305@openssh.com";
  slow.mb_per_s = 1000;
  findings.ciphers = {fast, slow};
  std::ostringstream out;
  print_cpu_table(out, findings, catalog, ascii(4));
  EXPECT_NE(out.str().find("aes128-gcm@openssh.com             2000  ####  built in (AEAD)"), std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find("chacha20-poly1305@openssh.com      1000  ##    built in (AEAD)"), std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace sshtune::cli
