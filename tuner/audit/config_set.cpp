#include "tuner/audit/config_set.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"

#include "tuner/sshconfig/include.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <set>

namespace sshtune::audit {
namespace {

FileFacts facts_of(const std::string& path, bool checked_by_ssh) {
  FileFacts facts;
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    facts.mode = st.st_mode & 07777;
    facts.owner = st.st_uid;
  }
  facts.checked_by_ssh = checked_by_ssh;
  if (checked_by_ssh) facts.refused = sshconfig::check_permissions(path);
  return facts;
}

MissingInclude describe_missing(const std::string& file, std::size_t line, const std::string& argument,
                                const std::string& scope, bool user_config) {
  MissingInclude missing{file, line, argument, scope, false, false};
  missing.wildcard = argument.find_first_of("*?[") != std::string::npos;
  const std::filesystem::path folder = std::filesystem::path(include_pattern(argument, user_config)).parent_path();
  std::error_code error;
  missing.directory_exists =
      folder.string().find_first_of("*?[") == std::string::npos && std::filesystem::is_directory(folder, error);
  return missing;
}

class Loader {
 public:
  Loader(ClientConfigSet& set, bool check_includes) : m_set(set), m_check_includes(check_includes) {}

  // Reads `path` and, recursively, what it includes (depth as ssh counts it).
  Result<void> load(const std::string& path, bool user_config, bool checked, const std::string& scope, int depth);

 private:
  Result<void> follow_includes(std::size_t index, int depth);
  Result<void> include(const sshconfig::ConfigLine& line, const std::string& from, bool user_config,
                       const sshconfig::Token& token, const std::string& scope, int depth);
  Result<void> check_include(const sshconfig::ConfigLine& line, const std::string& from, const std::string& match,
                             int depth) const;

  ClientConfigSet& m_set;
  bool m_check_includes = true;
  std::set<std::string> m_seen;
  std::vector<std::string> m_chain;  // the files being read, outermost first
};

Result<void> Loader::load(const std::string& path, bool user_config, bool checked, const std::string& scope,
                          int depth) {
  if (!m_seen.insert(path).second) return ok();  // read (and audited) once, wherever else it is included
  SSHTUNE_TRY(text, read_file(path));
  m_set.files.push_back(LoadedFile{sshconfig::parse(text, path), user_config, scope, facts_of(path, checked)});
  m_chain.push_back(path);
  SSHTUNE_TRYV(follow_includes(m_set.files.size() - 1, depth));
  m_chain.pop_back();
  return ok();
}

// ssh follows an Include that leads back into the chain until it is 16 files deep, then stops
// with "Too many recursive configuration includes": both are errors at the Include line.
Result<void> Loader::check_include(const sshconfig::ConfigLine& line, const std::string& from, const std::string& match,
                                   int depth) const {
  const std::string where = from + ":" + std::to_string(line.number) + ": ";
  const std::string ssh_says = "; ssh stops with \"Too many recursive configuration includes\"";
  const auto loop = std::find(m_chain.begin(), m_chain.end(), match);
  if (loop != m_chain.end()) {
    std::string chain;
    for (auto it = loop; it != m_chain.end(); ++it) chain += *it + " -> ";
    return Error{ErrorKind::invalid_input, where + "Include loop (" + chain + match + ")" + ssh_says};
  }
  if (depth + 1 > sshconfig::k_max_include_depth) {
    return Error{ErrorKind::invalid_input, where + "Include nested more than " +
                                               std::to_string(sshconfig::k_max_include_depth) + " files deep" +
                                               ssh_says};
  }
  return ok();
}

Result<void> Loader::follow_includes(std::size_t index, int depth) {
  const std::vector<std::string> scopes = line_scopes(m_set.files[index]);
  const sshconfig::ConfigFile file = m_set.files[index].file;  // copy: m_set.files grows below
  const bool user_config = m_set.files[index].user_config;
  for (const sshconfig::ConfigLine& line : file.lines) {
    if (line.keyword_lower != "include") continue;
    const std::string& scope = scopes[line.number - 1];
    for (const sshconfig::Token& token : line.args) {
      SSHTUNE_TRYV(include(line, file.path, user_config, token, scope, depth));
    }
  }
  return ok();
}

// One Include argument of `line` in `from`.
Result<void> Loader::include(const sshconfig::ConfigLine& line, const std::string& from, bool user_config,
                             const sshconfig::Token& token, const std::string& scope, int depth) {
  const Result<std::vector<std::string>> matches = sshconfig::resolve_include(token.value, user_config);
  if (!matches || matches.value().empty()) {
    m_set.missing_includes.push_back(describe_missing(from, line.number, token.value, scope, user_config));
    return ok();
  }
  for (const std::string& match : matches.value()) {
    std::error_code error;
    if (std::filesystem::is_directory(match, error)) {
      m_set.directory_includes.push_back(DirectoryInclude{from, line.number, token.value, scope, match});
      continue;
    }
    if (!std::filesystem::exists(match, error)) {  // a dangling symlink: ssh's fopen fails with ENOENT and goes on
      m_set.missing_includes.push_back(describe_missing(from, line.number, token.value, scope, user_config));
      continue;
    }
    SSHTUNE_TRYV(check_include(line, from, match, depth));
    auto loaded = load(match, user_config, m_check_includes, scope, depth + 1);
    if (!loaded && loaded.error().message.starts_with(match + ": ")) {
      // ssh stops with "Can't open user config file PATH: REASON" at this Include.
      return Error{ErrorKind::io, from + ":" + std::to_string(line.number) + ": Include " + token.value +
                                      ": cannot read " + loaded.error().message};
    }
    SSHTUNE_TRYV(std::move(loaded));
  }
  return ok();
}

bool file_exists(const std::filesystem::path& path) {
  std::error_code error;
  return std::filesystem::exists(path, error);
}

}  // namespace

Result<ClientConfigSet> load_client_configs(const ClientSources& sources) {
  ClientConfigSet set;
  Loader loader(set, true);
  if (sources.config_file) {
    if (sources.config_file->string() == "none") return set;
    SSHTUNE_TRYV(loader.load(sources.config_file->string(), true, false, "*", 0));
    return set;
  }
  if (file_exists(sources.user_config)) {
    SSHTUNE_TRYV(loader.load(sources.user_config.string(), true, true, "*", 0));
  }
  if (file_exists(sources.system_config)) {
    SSHTUNE_TRYV(loader.load(sources.system_config.string(), false, false, "*", 0));
  }
  return set;
}

Result<ClientConfigSet> load_config_tree(const std::filesystem::path& path, bool user_config, bool check_permissions) {
  ClientConfigSet set;
  Loader loader(set, check_permissions);
  SSHTUNE_TRYV(loader.load(path.string(), user_config, false, "*", 0));
  return set;
}

std::vector<std::string> line_scopes(const LoadedFile& loaded) {
  std::vector<std::string> scopes;
  std::string scope = loaded.outer_scope;
  for (const sshconfig::ConfigLine& line : loaded.file.lines) {
    if (line.keyword_lower == "host") scope = line.rest;
    if (line.keyword_lower == "match") scope = "Match " + line.rest;
    scopes.push_back(scope);
  }
  return scopes;
}

std::string include_pattern(const std::string& argument, bool user_config) {
  std::string path = argument;
  const std::string home = home_dir().string();
  if (path.starts_with("~/")) path = home + path.substr(1);
  if (path[0] != '/') path = (user_config ? home + "/.ssh/" : std::string("/etc/ssh/")) + path;
  return path;
}

std::filesystem::path default_user_config() { return home_dir() / ".ssh" / "config"; }

}  // namespace sshtune::audit
