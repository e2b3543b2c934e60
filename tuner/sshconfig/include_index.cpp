#include "tuner/sshconfig/include_index.hpp"

#include "tuner/sshconfig/config_cache.hpp"

#include <algorithm>

namespace sshtune::config {
namespace {

void consider(const std::vector<std::size_t>& files, std::size_t from, std::size_t& best) {
  const auto it = std::lower_bound(files.begin(), files.end(), from);
  if (it != files.end()) best = std::min(best, *it);
}

void consider(const std::unordered_map<std::string, std::vector<std::size_t>>& files, const std::string* key,
              std::size_t from, std::size_t& best) {
  if (key == nullptr) return;
  const auto it = files.find(*key);
  if (it != files.end()) consider(it->second, from, best);
}

}  // namespace

IncludeIndex::IncludeIndex(const std::vector<std::string>& files, ConfigCache& cache, bool user_config)
    : m_size(files.size()) {
  for (std::size_t position = 0; position < files.size(); ++position) {
    const std::string& path = files[position];
    if (!cache.read(path).text || cache.permissions(path)) {
      m_always.push_back(position);  // the walker reports (or skips) it
      continue;
    }
    const SkipIndex& index = cache.indexed(path, user_config).index;
    if (!index.inert_unless_named()) {
      m_always.push_back(position);
      continue;
    }
    add_names(index.host_lines(), position, m_host_files);
    add_names(index.match_host_lines(), position, m_match_host_files);
    add_names(index.match_original_lines(), position, m_match_original_files);
    if (index.has_match_lines()) m_match_files.push_back(position);
  }
}

void IncludeIndex::add_names(const SkipIndex::Lines& lines, std::size_t position, Files& files) {
  for (const auto& [name, numbers] : lines) files[name].push_back(position);  // positions ascend
}

std::size_t IncludeIndex::next_file(std::size_t from, const SkipKeys& keys) const {
  std::size_t best = m_size;
  consider(m_always, from, best);
  consider(m_host_files, keys.host, from, best);
  if (keys.match_unknown) {
    consider(m_match_files, from, best);
    return best;
  }
  consider(m_match_host_files, keys.match_host, from, best);
  consider(m_match_original_files, keys.original_host, from, best);
  return best;
}

}  // namespace sshtune::config
