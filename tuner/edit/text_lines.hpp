#pragma once
// Splitting file text into lines for the editor's planning and diffs.

#include <algorithm>
#include <string>
#include <vector>

namespace sshtune::edit {

// The lines of `text` without their "\n" (a "\r" stays, so CRLF edits stay
// visible); a final newline does not start an empty last line.
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace sshtune::edit
