#pragma once
// Where the user's files are. One rule for every layer, so the editor writes the
// ~/.ssh/config the evaluator reads, and the cache, rules and templates live
// where the user expects them:
// - home: $HOME when it is an absolute path, else the passwd entry's directory
//   (tests point HOME at a temporary directory to stay away from the real ~/.ssh);
// - the XDG directories: $XDG_CACHE_HOME / $XDG_CONFIG_HOME when absolute (the XDG
//   specification ignores relative values), else ~/.cache and ~/.config.
// OpenSSH itself expands ~ and %d from the passwd entry: passwd_home() is that.

#include <filesystem>
#include <string>

namespace sshtune {

// The home directory ssh-tune reads and writes under (see above); never empty.
std::filesystem::path home_dir();

// The passwd entry's home directory, as ssh uses for ~ and %d ("/" if there is none).
std::string passwd_home();

// The passwd entry's login name ("" if there is none), as ssh's %u and LocalUser.
std::string local_user_name();

// $XDG_CACHE_HOME/ssh-tune (default ~/.cache/ssh-tune); not created.
std::filesystem::path cache_home();

// $XDG_CONFIG_HOME/ssh-tune (default ~/.config/ssh-tune); not created.
std::filesystem::path config_home();

// `path` with home_dir() shown as "~" ("~/.ssh/config"), for messages; other paths unchanged.
std::string display_path(const std::string& path);

}  // namespace sshtune
