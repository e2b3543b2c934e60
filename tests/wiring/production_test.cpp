// The composition root: every seam of the host pipeline and of `audit --server`
// is wired, and this CPU's identity names the loaded OpenSSL.
#include "tuner/wiring/production.hpp"

#include "tests/support/temp_home.hpp"

#include <gtest/gtest.h>

namespace sshtune::wiring {
namespace {

TEST(ProductionEnvironment, WiresEverySeam) {
  const testing::TempHome home;
  auto env = production_environment({});
  if (!env) GTEST_SKIP() << "no usable local ssh: " << env.error().message;
  const host::HostEnvironment& wired = env.value();
  EXPECT_NE(wired.client, nullptr);
  EXPECT_FALSE(wired.catalog.all().empty());
  EXPECT_TRUE(wired.make_runner);
  EXPECT_TRUE(wired.make_client_runner);
  EXPECT_TRUE(wired.fetch_server);
  EXPECT_TRUE(wired.local_rsync);
  EXPECT_TRUE(wired.local_tcp);
  EXPECT_TRUE(wired.hash_speed);
  EXPECT_TRUE(wired.cipher_speeds);
  EXPECT_TRUE(wired.compression_speeds);
  EXPECT_TRUE(wired.load_cache);
  EXPECT_TRUE(wired.save_cache);
  EXPECT_EQ(wired.clock, &system_clock());
  EXPECT_FALSE(wired.progress);
}

TEST(ProductionOfferReaders, WiresEveryReader) {
  const host::OfferReaders readers = production_offer_readers(system_clock());
  EXPECT_TRUE(readers.host_key_known);
  EXPECT_TRUE(readers.logged_in);
  EXPECT_TRUE(readers.preauth);
}

TEST(ThisCpu, NamesTheLoadedOpensslAndNoFigures) {
  const host::CpuBench identity = this_cpu();
  EXPECT_EQ(identity.openssl.rfind("OpenSSL ", 0), 0U) << identity.openssl;
  EXPECT_EQ(identity.measured_unix, 0);
  EXPECT_TRUE(identity.figures.ciphers.empty());
}

}  // namespace
}  // namespace sshtune::wiring
