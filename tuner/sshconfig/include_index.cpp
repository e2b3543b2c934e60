#include "tuner/sshconfig/include_index.hpp"

#include "tuner/sshconfig/config_cache.hpp"

namespace sshtune::sshconfig {

IncludeIndex::IncludeIndex(const std::vector<std::string>& files, ConfigCache& cache, bool user_config) {
  m_files.size = files.size();
  for (std::size_t position = 0; position < files.size(); ++position) {
    const std::string& path = files[position];
    if (!cache.read(path).text || cache.permissions(path)) {
      m_files.always.push_back(position);  // the walker reports (or skips) it
      continue;
    }
    const SkipIndex& index = cache.indexed(path, user_config).index;
    if (!index.inert_unless_named()) {
      m_files.always.push_back(position);
      continue;
    }
    add_file(index.lines(), position);
  }
}

void IncludeIndex::add_file(const NamedPositions& lines, std::size_t position) {
  for (const auto& [name, numbers] : lines.host) NamedPositions::add(m_files.host, name, position);
  for (const auto& [name, numbers] : lines.match_host) NamedPositions::add(m_files.match_host, name, position);
  for (const auto& [name, numbers] : lines.match_original) {
    NamedPositions::add(m_files.match_original, name, position);
  }
  if (!lines.match.empty()) m_files.match.push_back(position);
}

std::size_t IncludeIndex::next_file(std::size_t from, const SkipKeys& keys) const { return m_files.next(from, keys); }

}  // namespace sshtune::sshconfig
