#include "tuner/edit/unified_diff.hpp"

#include <dtl/dtl.hpp>

#include <sstream>
#include <vector>

namespace sshtune::edit {
namespace {

// Lines without their "\n" (a "\r" stays, so CRLF edits are visible).
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

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
  dtl::Diff<std::string, std::vector<std::string>> diff(lines_of(before), lines_of(after));
  diff.compose();
  diff.composeUnifiedHunks();
  std::ostringstream hunks;
  diff.printUnifiedFormat(hunks);
  return out.str() + empty_side_as_zero(hunks.str(), before.empty(), after.empty());
}

}  // namespace sshtune::edit
