#include "tuner/edit/unified_diff.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

TEST(UnifiedDiff, EqualTextsGiveNothing) { EXPECT_EQ(unified_diff("/c", "a\n", true, "a\n", true), ""); }

TEST(UnifiedDiff, AddedFirstLine) {
  EXPECT_EQ(unified_diff("/h/config", "Host a\n  User b\n", true, "Include x\nHost a\n  User b\n", true),
            "--- a/h/config\n+++ b/h/config\n@@ -1,2 +1,3 @@\n+Include x\n Host a\n   User b\n");
}

TEST(UnifiedDiff, NewAndDeletedFilesUseZeroRanges) {
  EXPECT_EQ(unified_diff("/m", "", false, "x\ny\n", true), "--- /dev/null\n+++ b/m\n@@ -0,0 +1,2 @@\n+x\n+y\n");
  EXPECT_EQ(unified_diff("/m", "x\n", true, "", false), "--- a/m\n+++ /dev/null\n@@ -1,1 +0,0 @@\n-x\n");
}

}  // namespace
}  // namespace sshtune::edit
