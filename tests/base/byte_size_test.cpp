#include "base/byte_size.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

TEST(ParseByteSize, TakesWhatDdAndTruncateTake) {
  EXPECT_EQ(parse_byte_size("1048576"), 1048576u);
  EXPECT_EQ(parse_byte_size("4G"), 4ull << 30);
  EXPECT_EQ(parse_byte_size("4g"), 4ull << 30);
  EXPECT_EQ(parse_byte_size("500M"), 500ull << 20);
  EXPECT_EQ(parse_byte_size("64KiB"), 64ull << 10);
  EXPECT_EQ(parse_byte_size("2T"), 2ull << 40);
  EXPECT_EQ(parse_byte_size("1.5G"), 3ull << 29);
  EXPECT_EQ(parse_byte_size("4GB"), 4'000'000'000u) << "KB, MB, GB, TB are powers of 1000";
  EXPECT_EQ(parse_byte_size("500mb"), 500'000'000u);
  EXPECT_EQ(parse_byte_size("12B"), 12u);
  EXPECT_EQ(parse_byte_size("0"), 0u);
  EXPECT_EQ(parse_byte_size("18446744073709551615"), 18446744073709551615u) << "exact, whole";
}

TEST(ParseByteSize, RefusesAnythingElse) {
  for (const char* text : {"", "G", "-1", "4 G", "4X", "4GiBs", ".5G", "5.G", "1.2.3M", "0.5", "1e9", "0x10",
                           "99999999999T", "18446744073709551616"}) {
    EXPECT_EQ(parse_byte_size(text), std::nullopt) << text;
  }
}

TEST(ByteSizeText, OneDecimalInTheLargestBinaryUnit) {
  EXPECT_EQ(byte_size_text(4ull << 30), "4.0 GiB");
  EXPECT_EQ(byte_size_text(4'000'000'000u), "3.7 GiB");
  EXPECT_EQ(byte_size_text(500ull << 20), "500.0 MiB");
  EXPECT_EQ(byte_size_text(1536), "1.5 KiB");
  EXPECT_EQ(byte_size_text(800), "800 bytes");
  EXPECT_EQ(byte_size_text(1), "1 byte");
}

TEST(DurationText, ThePrecisionAWholeCopyIsReadAt) {
  EXPECT_EQ(duration_text(0.4166), "0.42 s");
  EXPECT_EQ(duration_text(9.99), "9.99 s");
  EXPECT_EQ(duration_text(58.2), "58 s");
  EXPECT_EQ(duration_text(59.7), "1 min 0 s");
  EXPECT_EQ(duration_text(370.4), "6 min 10 s");
  EXPECT_EQ(duration_text(7500), "2 h 5 min");
}

}  // namespace
}  // namespace sshtune
