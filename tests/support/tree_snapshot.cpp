#include "tests/support/tree_snapshot.hpp"

#include "tests/support/temp_dir.hpp"

#include <sys/stat.h>

namespace sshtune::testing {

TreeSnapshot::TreeSnapshot(const std::filesystem::path& root) {
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(root, ec); !ec && it != std::filesystem::end(it);
       it.increment(ec)) {
    struct stat st {};
    if (::lstat(it->path().c_str(), &st) != 0 || S_ISDIR(st.st_mode)) continue;
    const std::int64_t mtime = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
    m_entries[it->path()] = Entry{S_ISREG(st.st_mode) ? read_file(it->path()) : std::string(), mtime,
                                  static_cast<unsigned>(st.st_mode & 07777)};
  }
}

std::string TreeSnapshot::differences_from(const TreeSnapshot& before) const {
  std::string out;
  for (const auto& [path, entry] : m_entries) {
    const auto old = before.m_entries.find(path);
    if (old == before.m_entries.end())
      out += "created " + path.string() + "\n";
    else if (!(old->second == entry))
      out += "changed " + path.string() + "\n";
  }
  for (const auto& [path, entry] : before.m_entries) {
    if (!m_entries.contains(path)) out += "removed " + path.string() + "\n";
  }
  return out;
}

}  // namespace sshtune::testing
