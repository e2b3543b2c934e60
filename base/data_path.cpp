#include "base/data_path.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace fs = std::filesystem;

namespace sshtune {
namespace {

std::string env_name(const std::string& subdir) {
  std::string upper = subdir;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](unsigned char c) { return std::toupper(c); });
  return "SSHTUNE_" + upper + "_DIR";
}

std::vector<fs::path> candidates(const std::string& subdir) {
  std::vector<fs::path> dirs;
  if (const char* override_dir = std::getenv(env_name(subdir).c_str())) {
    dirs.emplace_back(override_dir);
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    dirs.push_back(exe.parent_path().parent_path() / "share" / "ssh-tune" / subdir);
  }
  dirs.push_back(fs::path(SSHTUNE_DATA_DIR) / subdir);
  dirs.push_back(fs::path(SSHTUNE_SOURCE_DIR) / subdir);
  return dirs;
}

}  // namespace

Result<fs::path> data_path(const std::string& subdir, const std::string& name) {
  for (const auto& dir : candidates(subdir)) {
    std::error_code ec;
    if (fs::is_regular_file(dir / name, ec)) {
      return dir / name;
    }
  }
  return Error{ErrorKind::io,
               "cannot find the shipped file " + subdir + "/" + name + " (set " + env_name(subdir) + ")"};
}

}  // namespace sshtune
