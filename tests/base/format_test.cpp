#include "base/format.hpp"

#include <sys/stat.h>

#include <gtest/gtest.h>

namespace sshtune {
namespace {

TEST(Format, OctalModeIsFourDigitsAsChmodTakesThem) {
  EXPECT_EQ(octal_mode(0644), "0644");
  EXPECT_EQ(octal_mode(0600), "0600");
  EXPECT_EQ(octal_mode(01777), "1777");
  EXPECT_EQ(octal_mode(0), "0000");
}

TEST(Format, OctalModeIgnoresTheFileTypeBits) {
  EXPECT_EQ(octal_mode(S_IFREG | 0664), "0664");
  EXPECT_EQ(octal_mode(S_IFDIR | 0755), "0755");
}

}  // namespace
}  // namespace sshtune
