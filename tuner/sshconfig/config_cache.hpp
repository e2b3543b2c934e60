#pragma once
// What many evaluations of the same configuration files share (an audit evaluates
// every host a config names): each file read, permission-checked, parsed and
// indexed for skipping (skip_index.hpp) once, each Include pattern globbed once.
// The files are taken not to change while the cache lives; one cache serves one
// client (the dialect its files are parsed and checked in).

#include "base/result.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_file.hpp"
#include "tuner/sshconfig/include_index.hpp"
#include "tuner/sshconfig/skip_index.hpp"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sshtune::sshconfig {

// A configuration file as ssh's fopen()+getline() read it: its bytes (a directory
// opens and reads as empty), or nullopt and the errno of the failure. A device (but
// the null device), FIFO or socket, or a file past read_file's cap, is `refused`
// with the message naming it: ssh would hang on a FIFO or read /dev/zero without end.
struct FileRead {
  std::optional<std::string> text;
  int error = 0;
  std::optional<std::string> refused;
};

// Reads `path` as ssh opens configuration files (see FileRead).
FileRead read_config_bytes(const std::string& path);

// One file parsed, and its skip index for one way of reading it.
struct IndexedFile {
  ConfigFile file;
  SkipIndex index;
};

// Who runs ssh, as the evaluator's first pass takes it (PassFacts).
struct LocalIdentity {
  std::string user;      // the passwd entry's name
  std::string hostname;  // this machine's name (%L)
  std::string home;      // the passwd entry's home (%d)
  unsigned long uid = 0;
};

// The memo of the reads, permission checks, parses and Include globs of evaluations.
class ConfigCache {
 public:
  // A cache for evaluations by `client`, which must outlive it.
  explicit ConfigCache(const ClientCapabilities& client) : m_client(client) {}

  // The client the cache's files are parsed and indexed for.
  const ClientCapabilities& client() const { return m_client; }
  // The local user, host name, passwd home and uid, looked up once.
  const LocalIdentity& identity();
  // read_config_bytes(path), read once.
  const FileRead& read(const std::string& path);
  // check_permissions(path) (include.hpp), checked once.
  const std::optional<std::string>& permissions(const std::string& path);
  // resolve_include(pattern, user_config) (include.hpp), globbed once.
  const Result<std::vector<std::string>>& include(const std::string& pattern, bool user_config);
  // The files include(pattern, user_config) matched, indexed for skipping; empty
  // when the glob failed.
  const IncludeIndex& include_index(const std::string& pattern, bool user_config);
  // The file at `path` parsed and indexed as read with `user_config`; its bytes are
  // read(path).text, empty when it cannot be read.
  const IndexedFile& indexed(const std::string& path, bool user_config);

 private:
  using Key = std::pair<std::string, bool>;
  const ClientCapabilities& m_client;
  std::optional<LocalIdentity> m_identity;
  std::unordered_map<std::string, FileRead> m_reads;
  std::unordered_map<std::string, std::optional<std::string>> m_permissions;
  std::map<Key, Result<std::vector<std::string>>> m_includes;
  std::map<Key, std::unique_ptr<IndexedFile>> m_files;
  std::map<Key, std::unique_ptr<IncludeIndex>> m_include_indexes;
};

}  // namespace sshtune::sshconfig
