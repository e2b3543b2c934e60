#pragma once
// Unified diffs for --dry-run, computed with dtl (Debian's libdtl-dev).

#include <string>

namespace sshtune::edit {

// "--- a/PATH\n+++ b/PATH\n@@ ... @@\n..." turning `before` into `after`; "/dev/null"
// stands for a file that does not exist (before_exists/after_exists false).
// Empty when the texts are equal and both exist or both do not.
std::string unified_diff(const std::string& path, const std::string& before, bool before_exists,
                         const std::string& after, bool after_exists);

}  // namespace sshtune::edit
