// read_server_offer: which reader it asks (a login where the host key is known,
// the ledger-guarded pre-authentication probe otherwise) and what it records.
#include "tuner/host/server_offer_probe.hpp"

#include "tests/support/fake_clock.hpp"
#include "tests/support/temp_home.hpp"
#include "tuner/host/preauth_ledger.hpp"

#include <gtest/gtest.h>

namespace sshtune::host {
namespace {

const testing::FakeClock k_clock;  // the ledger's wall time

probes::ServerAlgorithms offer_with(std::string banner) {
  probes::ServerAlgorithms offer;
  offer.banner = std::move(banner);
  return offer;
}

probes::RemoteTarget target_h() {
  probes::RemoteTarget target;
  target.hostname = "h";
  return target;
}

// Readers that count their calls and answer as scripted.
struct CountingReaders {
  bool key_known = false;
  bool login_fails = false;
  int logged_in = 0;
  int preauth = 0;

  OfferReaders readers() {
    return OfferReaders{[this](const probes::RemoteTarget&) { return key_known; },
                        [this](const probes::RemoteTarget&) -> Result<probes::ServerAlgorithms> {
                          ++logged_in;
                          if (login_fails) return Error{ErrorKind::remote, "h: permission denied"};
                          return offer_with("SSH-2.0-login");
                        },
                        [this](const probes::RemoteTarget&) -> Result<probes::ServerAlgorithms> {
                          ++preauth;
                          return offer_with("SSH-2.0-preauth");
                        }};
  }
};

double recorded_penalty() {
  const auto ledger = load_ledger();
  EXPECT_TRUE(ledger) << ledger.error().message;
  return ledger ? remaining_penalty(ledger.value(), "h:22", k_clock.unix_seconds()) : -1;
}

TEST(ReadServerOffer, AnUnknownHostKeyIsProbedBeforeAuthenticationAndCharged) {
  const testing::TempHome home;
  CountingReaders fake;
  const auto offer = read_server_offer(target_h(), fake.readers(), k_clock);
  ASSERT_TRUE(offer) << offer.error().message;
  EXPECT_EQ(offer.value().banner, "SSH-2.0-preauth");
  EXPECT_EQ(fake.preauth, 1);
  EXPECT_EQ(fake.logged_in, 0);
  EXPECT_GT(recorded_penalty(), 0);
}

TEST(ReadServerOffer, AKnownHostKeyIsReadInsideALoginAndCostsNothing) {
  const testing::TempHome home;
  CountingReaders fake;
  fake.key_known = true;
  const auto offer = read_server_offer(target_h(), fake.readers(), k_clock);
  ASSERT_TRUE(offer) << offer.error().message;
  EXPECT_EQ(offer.value().banner, "SSH-2.0-login");
  EXPECT_EQ(fake.preauth, 0);
  EXPECT_EQ(recorded_penalty(), 0);
}

TEST(ReadServerOffer, AFailedLoginIsTheErrorAndChargedAsSshdCountsIt) {
  const testing::TempHome home;
  CountingReaders fake;
  fake.key_known = true;
  fake.login_fails = true;
  const auto offer = read_server_offer(target_h(), fake.readers(), k_clock);
  ASSERT_FALSE(offer);
  EXPECT_EQ(offer.error().message, "h: permission denied");
  EXPECT_EQ(fake.preauth, 0);
  EXPECT_GT(recorded_penalty(), k_authfail_penalty_s - 2);
}

}  // namespace
}  // namespace sshtune::host
