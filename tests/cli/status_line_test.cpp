#include "tuner/cli/status_line.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace sshtune::cli {
namespace {

TEST(StatusLine, RedrawsInPlaceOnATerminalAndErasesAtTheEnd) {
  std::ostringstream out, err;
  Io io{out, err, false, true};
  const host::ProgressStatus status = status_line(io);
  ASSERT_TRUE(status);
  status("upload aes128-ctr");
  status("upload aes128-ctr 3 MiB");
  status("");
  EXPECT_EQ(err.str(), "\r\033[Kprobing: upload aes128-ctr\r\033[Kprobing: upload aes128-ctr 3 MiB\r\033[K");
  EXPECT_EQ(out.str(), "");
}

TEST(StatusLine, NothingWhenStderrIsNoTerminal) {
  std::ostringstream out, err;
  Io io{out, err, true, false};
  EXPECT_FALSE(status_line(io));
}

}  // namespace
}  // namespace sshtune::cli
