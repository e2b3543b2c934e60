// TrialInput read as ssh reads its stdin: through the descriptor the child would get.
#include "probes/openssh/trial_input.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <string>

namespace sshtune::probes {
namespace {

// Reads up to `size` bytes from `fd` (short only at end of file).
std::string read_some(int fd, std::size_t size) {
  std::string out(size, '\0');
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::read(fd, out.data() + got, size - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
  return out;
}

TEST(TrialInput, AMemoryFileOfZerosReadsAsZerosUntilEnded) {
  auto input = TrialInput::create(TrialInput::Kind::memory_file, nullptr, 0);
  ASSERT_TRUE(input) << input.error().message;
  EXPECT_EQ(input.value().wait_fd(), -1);  // nothing to wait for: a file is always readable
  EXPECT_EQ(read_some(input.value().child_fd(), 1u << 20), std::string(1u << 20, '\0'));
  EXPECT_EQ(input.value().consumed(), 1u << 20);  // the reader's offset, shared with this side
  input.value().end();
  EXPECT_EQ(read_some(input.value().child_fd(), 16), "");
}

TEST(TrialInput, AMemoryFileOfPayloadStaysAheadOfItsReader) {
  std::string pattern(65537, '\0');  // an odd length, so no read or write boundary lines up with it
  for (std::size_t i = 0; i < pattern.size(); ++i) pattern[i] = static_cast<char>(i * 7 % 251);
  const auto payload = std::make_shared<const std::string>(std::move(pattern));
  auto input = TrialInput::create(TrialInput::Kind::memory_file, payload, 1u << 20);
  ASSERT_TRUE(input) << input.error().message;
  // 160 MiB: more than twice what is written ahead, so the file must grow (and free) as it is read.
  const std::size_t chunk = 4u << 20;
  std::size_t offset = 0;
  for (int i = 0; i < 40; ++i) {
    const std::string part = read_some(input.value().child_fd(), chunk);
    ASSERT_EQ(part.size(), chunk) << "the reader met the end of file after " << offset << " bytes";
    for (std::size_t at = 0; at < part.size(); at += 4093)
      ASSERT_EQ(part[at], (*payload)[(offset + at) % payload->size()]);
    offset += part.size();
    input.value().feed(0);
  }
  EXPECT_EQ(input.value().consumed(), offset);
}

TEST(TrialInput, APipeIsFedUpToItsLimitAndClosedAtTheEnd) {
  const auto payload = std::make_shared<const std::string>("abcdefg");
  auto input = TrialInput::create(TrialInput::Kind::pipe, payload, 0);
  ASSERT_TRUE(input) << input.error().message;
  EXPECT_GE(input.value().wait_fd(), 0);
  std::string part;
  for (int i = 0; i < 10000 && part.size() < 10000; ++i) {  // each feed is a bounded burst
    input.value().feed(10000);
    part += read_some(input.value().child_fd(), input.value().consumed() - part.size());
  }
  EXPECT_EQ(input.value().consumed(), 10000u);
  ASSERT_EQ(part.size(), 10000u);
  EXPECT_EQ(part.substr(0, 9), "abcdefgab");
  EXPECT_EQ(part.substr(9996), "abcd");  // 9996 = 7 * 1428: the cycle carries on across writes
  input.value().end();
  EXPECT_EQ(read_some(input.value().child_fd(), 16), "");
}

}  // namespace
}  // namespace sshtune::probes
