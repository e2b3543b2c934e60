#include "tuner/edit/unified_diff.hpp"
#include "tuner/edit/text_lines.hpp"

#include <dtl/dtl.hpp>

#include <sstream>
#include <vector>

namespace sshtune::edit {
namespace {

// dtl numbers an empty side "1,0"; diff(1) and patch(1) expect "0,0" there
// (patch creates or deletes the file only then).
std::string empty_side_as_zero(std::string hunks, bool before_empty, bool after_empty) {
  if (before_empty && hunks.starts_with("@@ -1,0 ")) {
    hunks.replace(0, 8, "@@ -0,0 ");
  }
  const std::size_t plus = hunks.find(" +1,0 @@");
  if (after_empty && plus != std::string::npos && plus < hunks.find('\n')) {
    hunks.replace(plus, 8, " +0,0 @@");
  }
  return hunks;
}

}  // namespace

std::string unified_diff(const std::string& path, const std::string& before, bool before_exists,
                         const std::string& after, bool after_exists) {
  if (before == after && before_exists == after_exists) {
    return {};
  }
  std::ostringstream out;
  out << "--- " << (before_exists ? "a" + path : "/dev/null") << '\n'
      << "+++ " << (after_exists ? "b" + path : "/dev/null") << '\n';
  dtl::Diff<std::string, std::vector<std::string>> diff(split_lines(before), split_lines(after));
  diff.compose();
  diff.composeUnifiedHunks();
  std::ostringstream hunks;
  diff.printUnifiedFormat(hunks);
  return out.str() + empty_side_as_zero(hunks.str(), before.empty(), after.empty());
}

}  // namespace sshtune::edit
