// The output charset (base/charset.hpp) follows the locale's codeset as setlocale
// would choose it: LC_ALL, else LC_CTYPE, else LANG.

#include "base/charset.hpp"
#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

namespace sshtune {
namespace {

using testing::ScopedEnv;

TEST(Charset, FollowsTheCodesetOfTheLocaleSetlocaleWouldPick) {
  ScopedEnv ctype{"LC_CTYPE", "C"};
  {
    ScopedEnv all{"LC_ALL", "C.UTF-8"};
    EXPECT_EQ(output_charset(), Charset::utf8);
  }
  {
    ScopedEnv all{"LC_ALL", "C"};
    EXPECT_EQ(output_charset(), Charset::ascii);
  }
  {
    ScopedEnv all{"LC_ALL", "POSIX"};
    ScopedEnv lang{"LANG", "C.UTF-8"};
    EXPECT_EQ(output_charset(), Charset::ascii);  // LC_ALL wins over LANG
  }
}

TEST(Charset, ALocaleNotInstalledCountsByItsName) {
  ScopedEnv all{"LC_ALL", "xx_YY.UTF-8"};
  EXPECT_EQ(output_charset(), Charset::utf8);
  ScopedEnv latin{"LC_ALL", "xx_YY.ISO-8859-1"};
  EXPECT_EQ(output_charset(), Charset::ascii);
}

}  // namespace
}  // namespace sshtune
