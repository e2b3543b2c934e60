#include "base/paths.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace fs = std::filesystem;

namespace sshtune {
namespace {

const passwd* own_entry() { return getpwuid(getuid()); }

// The variable's value when it is an absolute path, else `fallback`.
fs::path absolute_env_or(const char* name, const fs::path& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value == '/' ? fs::path(value) : fallback;
}

}  // namespace

fs::path home_dir() {
  const char* home = std::getenv("HOME");
  return home != nullptr && *home == '/' ? fs::path(home) : fs::path(passwd_home());  // passwd read only when needed
}

std::string passwd_home() {
  const passwd* entry = own_entry();
  return entry != nullptr && entry->pw_dir != nullptr && *entry->pw_dir != '\0' ? entry->pw_dir : "/";
}

std::string local_user_name() {
  const passwd* entry = own_entry();
  return entry != nullptr && entry->pw_name != nullptr ? entry->pw_name : "";
}

fs::path cache_home() { return absolute_env_or("XDG_CACHE_HOME", home_dir() / ".cache") / "ssh-tune"; }

fs::path config_home() { return absolute_env_or("XDG_CONFIG_HOME", home_dir() / ".config") / "ssh-tune"; }

std::string display_path(const std::string& path) {
  const std::string home = home_dir().string();
  if (home != "/" && path.starts_with(home + "/")) return "~" + path.substr(home.size());
  return path;
}

}  // namespace sshtune
