#pragma once
// The ssh_config files one ssh invocation reads: the -F file, or ~/.ssh/config
// and the system file, plus everything they Include (resolved as ssh 9.2 does),
// each parsed losslessly with the file facts the file rules need.

#include "base/result.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <sys/types.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// Which files ssh would read (ssh's -F, or the user file then the system file).
struct ClientSources {
  std::optional<std::filesystem::path> config_file;             // -F; the others are not read then
  std::filesystem::path user_config;                            // usually $HOME/.ssh/config; skipped if absent
  std::filesystem::path system_config = "/etc/ssh/ssh_config";  // skipped if absent
};

// Owner and mode of a file as stat(2) saw it, and ssh's verdict on them.
struct FileFacts {
  mode_t mode = 0;
  uid_t owner = 0;
  bool checked_by_ssh = false;         // ssh checks this file's owner and mode
  std::optional<std::string> refused;  // ssh's "Bad owner or permissions on ..." if it refuses it
};

// One parsed file and how ssh reads it.
struct LoadedFile {
  sshconfig::ConfigFile file;
  bool user_config = true;  // relative Include paths resolve in ~/.ssh (else /etc/ssh)
  std::string outer_scope;  // scope of the lines before its first Host/Match ("*" at top level)
  FileFacts facts;
};

// An Include argument that matched no file (ssh skips it silently).
struct MissingInclude {
  std::string file;
  std::size_t line = 0;
  std::string argument;
  std::string scope;
  bool wildcard = false;          // the argument is a glob pattern
  bool directory_exists = false;  // the folder the pattern lists exists (an empty drop-in folder)
};

// An Include that matched a directory: ssh opens it, reads no line from it and
// goes on (readconf.c: fopen succeeds, getline fails), so nothing in it applies.
struct DirectoryInclude {
  std::string file;
  std::size_t line = 0;
  std::string argument;
  std::string scope;
  std::string directory;  // the matched path
};

// Every file in reading order (each once), the Includes that matched nothing and
// those that matched a directory.
struct ClientConfigSet {
  std::vector<LoadedFile> files;
  std::vector<MissingInclude> missing_includes;
  std::vector<DirectoryInclude> directory_includes;
};

// Loads the files of `sources`. An io error naming the path when the -F file or an
// existing file cannot be read; absent default files are skipped. An Include that
// leads back into the files being read (a file including itself, a<->b, a glob
// matching its own file) or nests more than k_max_include_depth files deep is an
// invalid_input error naming FILE:LINE of that Include, as ssh refuses both; so is
// an included file ssh cannot open ("FILE:LINE: Include ARG: cannot read PATH: REASON").
// A directory an Include matches is skipped (directory_includes), as ssh skips it.
Result<ClientConfigSet> load_client_configs(const ClientSources& sources);

// Loads one file and its Includes. `user_config` picks where relative Include paths
// resolve (~/.ssh or /etc/ssh); `check_permissions` marks included files as owner/mode
// checked the way ssh checks them (sshd does not). Errors as load_client_configs.
Result<ClientConfigSet> load_config_tree(const std::filesystem::path& path, bool user_config, bool check_permissions);

// The scope label of every line of a file: "Host PATTERNS" or "Match CRITERIA"
// for lines in a block, `outer_scope` before the first block.
std::vector<std::string> line_scopes(const LoadedFile& loaded);

// The absolute glob pattern of an Include argument, as ssh resolves it: "~/"
// from $HOME, a relative path under ~/.ssh (`user_config`) or /etc/ssh.
std::string include_pattern(const std::string& argument, bool user_config);

// The default user config: $HOME/.ssh/config, falling back to the passwd home.
std::filesystem::path default_user_config();

}  // namespace sshtune::audit
