#include "tuner/sshconfig/config_cache.hpp"

#include "base/paths.hpp"
#include "base/read_file.hpp"
#include "tuner/sshconfig/include.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <unistd.h>

#include <cerrno>
#include <filesystem>

namespace sshtune::sshconfig {

FileRead read_config_bytes(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return FileRead{std::string(), 0, std::nullopt};
  errno = 0;
  auto text = read_file(path);
  const int error = errno;
  if (text) return FileRead{std::move(text).value(), 0, std::nullopt};
  if (text.error().kind == ErrorKind::invalid_input) return FileRead{std::nullopt, 0, text.error().message};
  return FileRead{std::nullopt, error, std::nullopt};
}

const LocalIdentity& ConfigCache::identity() {
  if (!m_identity) m_identity = LocalIdentity{local_user_name(), local_host_name(), passwd_home(), getuid()};
  return *m_identity;
}

const FileRead& ConfigCache::read(const std::string& path) {
  auto it = m_reads.find(path);
  if (it == m_reads.end()) it = m_reads.emplace(path, read_config_bytes(path)).first;
  return it->second;
}

const std::optional<std::string>& ConfigCache::permissions(const std::string& path) {
  auto it = m_permissions.find(path);
  if (it == m_permissions.end()) it = m_permissions.emplace(path, check_permissions(path)).first;
  return it->second;
}

const Result<std::vector<std::string>>& ConfigCache::include(const std::string& pattern, bool user_config) {
  Key key{pattern, user_config};
  auto it = m_includes.find(key);
  if (it == m_includes.end()) it = m_includes.emplace(key, resolve_include(pattern, user_config)).first;
  return it->second;
}

const IncludeIndex& ConfigCache::include_index(const std::string& pattern, bool user_config) {
  Key key{pattern, user_config};
  auto it = m_include_indexes.find(key);
  if (it == m_include_indexes.end()) {
    const Result<std::vector<std::string>>& files = include(pattern, user_config);
    const std::vector<std::string> none;
    auto index = std::make_unique<IncludeIndex>(files ? files.value() : none, *this, user_config);
    it = m_include_indexes.emplace(key, std::move(index)).first;
  }
  return *it->second;
}

const IndexedFile& ConfigCache::indexed(const std::string& path, bool user_config) {
  Key key{path, user_config};
  auto it = m_files.find(key);
  if (it == m_files.end()) {
    ConfigFile file = parse(read(path).text.value_or(""), path);
    SkipIndex index(file, m_client, user_config);
    it = m_files.emplace(key, std::make_unique<IndexedFile>(IndexedFile{std::move(file), std::move(index)})).first;
  }
  return *it->second;
}

}  // namespace sshtune::sshconfig
