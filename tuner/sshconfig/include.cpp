#include "tuner/sshconfig/include.hpp"

#include <glob.h>
#include <grp.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <optional>

namespace sshtune::sshconfig {
namespace {

// Debian's user-group-modes: a group is private when its only possible member is the owner.
bool group_is_private(uid_t owner, gid_t group) {
  const passwd* pw = getpwuid(owner);
  const struct group* gr = getgrgid(group);
  if (pw == nullptr || gr == nullptr) return false;
  for (char** member = gr->gr_mem; *member != nullptr; ++member) {
    if (std::strcmp(*member, pw->pw_name) != 0) return false;
  }
  return pw->pw_gid == group || (gr->gr_mem[0] != nullptr);
}

}  // namespace

Result<std::vector<std::string>> resolve_include(const std::string& argument, bool user_config) {
  std::string pattern = argument;
  if (pattern[0] != '/' && pattern[0] != '~') {
    pattern = (user_config ? "~/.ssh/" : "/etc/ssh/") + pattern;
  }
  glob_t matches{};
  const int rc = glob(pattern.c_str(), GLOB_TILDE | GLOB_NOSORT, nullptr, &matches);
  std::vector<std::string> files;
  if (rc == 0) {
    for (std::size_t i = 0; i < matches.gl_pathc; ++i) files.emplace_back(matches.gl_pathv[i]);
  }
  globfree(&matches);
  // ssh sets only LC_CTYPE, so glob's collation is the C locale: plain byte order.
  std::sort(files.begin(), files.end());
  if (rc != 0 && rc != GLOB_NOMATCH) {
    return Error{ErrorKind::invalid_input, "glob failed for " + pattern + "."};
  }
  return files;
}

std::optional<std::string> check_permissions(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return std::nullopt;
  const bool owner_ok = st.st_uid == 0 || st.st_uid == getuid();
  const bool world_writable = (st.st_mode & S_IWOTH) != 0;
  const bool group_ok = (st.st_mode & S_IWGRP) == 0 || group_is_private(st.st_uid, st.st_gid);
  if (owner_ok && !world_writable && group_ok) return std::nullopt;
  return "Bad owner or permissions on " + path;
}

}  // namespace sshtune::sshconfig
