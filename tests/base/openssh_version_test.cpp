#include "base/openssh_version.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

TEST(OpensshVersion, ReadsTheClientsVersionLine) {
  const auto version = parse_openssh_version("OpenSSH_10.0p2 Debian-7~bpo12+1, OpenSSL 3.0.19 27 Jan 2026");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(*version, (OpensshVersion{10, 0, 2}));
  EXPECT_EQ(to_string(*version), "10.0p2");
}

TEST(OpensshVersion, ReadsAServerBanner) {
  const auto version = parse_openssh_version("SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u6");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(*version, (OpensshVersion{9, 2, 1}));
}

TEST(OpensshVersion, ABsdReleaseHasNoPortableLevel) {
  const auto version = parse_openssh_version("SSH-2.0-OpenSSH_9.9");
  ASSERT_TRUE(version.has_value());
  EXPECT_EQ(to_string(*version), "9.9");
}

TEST(OpensshVersion, OtherImplementationsAndHiddenVersionsHaveNone) {
  EXPECT_FALSE(parse_openssh_version("SSH-2.0-libssh_0.10.6").has_value());
  EXPECT_FALSE(parse_openssh_version("SSH-2.0-OpenSSH").has_value());
  EXPECT_FALSE(parse_openssh_version("SSH-2.0-OpenSSH_x.y").has_value());
}

TEST(OpensshVersion, OrdersReleasesWithThePortableLevelLast) {
  EXPECT_LT((OpensshVersion{9, 9, 2}), (OpensshVersion{10, 0, 1}));
  EXPECT_LT((OpensshVersion{10, 0, 1}), (OpensshVersion{10, 0, 2}));
  EXPECT_TRUE((OpensshVersion{10, 0, 2}).since(9, 8));
  EXPECT_FALSE((OpensshVersion{9, 2, 1}).since(9, 8));
}

}  // namespace
}  // namespace sshtune
