#pragma once
// Proof that a command changed nothing: every file under a directory with its
// bytes, mode and modification time, compared before and after.

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace sshtune::testing {

class TreeSnapshot {
 public:
  // Records every regular file and symlink under `root` (recursively).
  explicit TreeSnapshot(const std::filesystem::path& root);

  // What differs from `before`, one line per path ("created X", "removed X",
  // "changed X"); empty when nothing changed.
  std::string differences_from(const TreeSnapshot& before) const;

 private:
  struct Entry {
    std::string bytes;
    std::int64_t mtime_ns = 0;
    unsigned mode = 0;
    bool operator==(const Entry&) const = default;
  };
  std::map<std::filesystem::path, Entry> m_entries;
};

}  // namespace sshtune::testing
