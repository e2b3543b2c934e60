// The ledger of ssh-tune's pre-authentication probes: sshd's accounting
// (srclimit.c: each connection adds its penalty, the total runs down one second
// per second) and the file's strict format.
#include "tuner/host/preauth_ledger.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

TEST(PreauthLedger, PenaltiesAddUpAndRunDownOneSecondPerSecond) {
  PreauthLedger ledger;
  charge(ledger, "h:22", k_noauth_penalty_s, 1000);
  charge(ledger, "h:22", k_noauth_penalty_s, 1000);
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "h:22", 1000), 2);
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "h:22", 1001), 1);
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "h:22", 1005), 0);
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "other:22", 1000), 0);
  charge(ledger, "h:22", k_noauth_penalty_s, 1010);  // an expired entry starts afresh, as sshd's does
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "h:22", 1010), 1);
}

TEST(PreauthLedger, AClockThatWentBackLeavesThePenaltyAsRecorded) {
  PreauthLedger ledger;
  charge(ledger, "h:22", 3, 1000);
  EXPECT_DOUBLE_EQ(remaining_penalty(ledger, "h:22", 900), 3);
}

TEST(PreauthLedger, ATamperedPenaltyIsHeldToSshdsMaximum) {
  auto parsed = parse_ledger("h:22 1e300 1000\n", "F");
  ASSERT_TRUE(parsed);
  EXPECT_DOUBLE_EQ(remaining_penalty(parsed.value(), "h:22", 1000), k_sshd_penalty_max_s);
  EXPECT_EQ(seconds_until_allowed(parsed.value(), "h:22", k_noauth_penalty_s, 1000), 596);
}

TEST(PreauthLedger, ProbesStopAtTheCeilingAndSayHowLongToWait) {
  PreauthLedger ledger;
  for (int i = 0; i < 5; ++i) {
    ASSERT_EQ(seconds_until_allowed(ledger, "h:22", k_noauth_penalty_s, 1000), 0) << i;
    charge(ledger, "h:22", k_noauth_penalty_s, 1000);
  }
  EXPECT_EQ(seconds_until_allowed(ledger, "h:22", k_noauth_penalty_s, 1000), 1);
  EXPECT_EQ(seconds_until_allowed(ledger, "h:22", k_noauth_penalty_s, 1001), 0);
  EXPECT_LT(k_preauth_ceiling_s + k_authfail_penalty_s, k_sshd_penalty_min_s);
}

TEST(PreauthLedger, RendersAndParsesBackWithoutExpiredEntries) {
  PreauthLedger ledger;
  charge(ledger, "a:22", 2, 1000);
  charge(ledger, "b:2222", 4.5, 1000);
  const std::string text = render_ledger(ledger, 1003);
  EXPECT_EQ(text, "b:2222 1.5 1003\n");
  auto parsed = parse_ledger(text, "F");
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_DOUBLE_EQ(remaining_penalty(parsed.value(), "b:2222", 1003), 1.5);
}

TEST(PreauthLedger, AnythingElseIsAnErrorNamingTheLine) {
  for (const char* bad :
       {"h:22 1\n", "h:22 x 5\n", "h:22 -1 5\n", "h:22 1 5 extra\n", "h:22 nan 5\n", "h:22 inf 5\n", "h:22 1 -5\n"}) {
    auto parsed = parse_ledger(std::string("ok:22 1 5\n") + bad, "F");
    ASSERT_FALSE(parsed) << bad;
    EXPECT_EQ(parsed.error().message,
              "F:2: not a line ssh-tune writes (HOST:PORT SECONDS TIME); remove the file to start counting afresh");
  }
  EXPECT_TRUE(parse_ledger("", "F"));
}

}  // namespace
}  // namespace sshtune::host
