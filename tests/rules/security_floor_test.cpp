// The security floor as a check of its own (rules/security_floor.hpp): what the
// ranking skips and what a cached decision is refused for.

#include "rules/security_floor.hpp"

#include <gtest/gtest.h>

namespace sshtune::rules {
namespace {

Catalog catalog() { return load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value(); }

TEST(SecurityFloor, TiersAtOrAboveTheFloorPass) {
  EXPECT_EQ(below_floor("aes128-gcm@openssh.com", catalog(), Policy{}), std::nullopt);
  EXPECT_EQ(below_floor("aes128-ctr", catalog(), Policy{}), std::nullopt);
}

TEST(SecurityFloor, WeakerTiersAndUnknownNamesAreBelowIt) {
  EXPECT_EQ(below_floor("aes128-cbc", catalog(), Policy{}), "weak, below the security floor (acceptable or better)");
  EXPECT_EQ(below_floor("3des-cbc", catalog(), Policy{}),
            "deprecated, below the security floor (acceptable or better)");
  EXPECT_EQ(below_floor("rot13@example.com", catalog(), Policy{}), "not in the catalog");
}

TEST(SecurityFloor, AllowIsAnExplicitOptIn) {
  Policy policy;
  policy.allow = {"aes128-cbc"};
  EXPECT_EQ(below_floor("aes128-cbc", catalog(), policy), std::nullopt);
  EXPECT_TRUE(check_security_floor({"aes128-gcm@openssh.com", "aes128-cbc"}, catalog(), policy, "x"));
}

TEST(SecurityFloor, CheckNamesTheFirstCipherBelowIt) {
  const auto checked = check_security_floor({"aes128-gcm@openssh.com", "3des-cbc"}, catalog(), Policy{}, "db1.toml");
  ASSERT_FALSE(checked);
  EXPECT_EQ(checked.error().message,
            "db1.toml: 3des-cbc is deprecated, below the security floor (acceptable or better); refusing to use it");
}

}  // namespace
}  // namespace sshtune::rules
