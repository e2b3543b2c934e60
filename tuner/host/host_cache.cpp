#include "tuner/host/host_cache.hpp"

#include "base/paths.hpp"
#include "base/private_file.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/host/cache_toml.hpp"
#include "tuner/host/cache_validation.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

namespace fs = std::filesystem;

namespace sshtune::host {

std::string_view to_string(Direction direction) { return direction == Direction::download ? "download" : "upload"; }

std::optional<Direction> parse_direction(std::string_view text) {
  if (text == "upload") return Direction::upload;
  if (text == "download") return Direction::download;
  return std::nullopt;
}

std::string_view to_string(TrialRole role) {
  switch (role) {
    case TrialRole::upload: return "upload";
    case TrialRole::download: return "download";
    case TrialRole::zlib_sample: return "upload-zlib-sample";
    case TrialRole::zlib_random: return "upload-zlib-random";
    case TrialRole::parallel: return "parallel";
    case TrialRole::scp:
    case TrialRole::sftp:
    case TrialRole::rsync: return to_string(*tool_of(role));
  }
  return "upload";
}

std::optional<CopyTool> tool_of(TrialRole role) {
  switch (role) {
    case TrialRole::scp: return CopyTool::scp;
    case TrialRole::sftp: return CopyTool::sftp;
    case TrialRole::rsync: return CopyTool::rsync;
    default: return std::nullopt;
  }
}

TrialRole role_of(CopyTool tool) {
  switch (tool) {
    case CopyTool::scp: return TrialRole::scp;
    case CopyTool::sftp: return TrialRole::sftp;
    case CopyTool::rsync: return TrialRole::rsync;
  }
  return TrialRole::scp;
}

std::string_view to_string(probes::TrialClient client) {
  return client == probes::TrialClient::openssh ? "openssh" : "libssh";
}

std::optional<probes::TrialClient> parse_trial_client(std::string_view text) {
  if (text == "libssh") return probes::TrialClient::libssh;
  if (text == "openssh") return probes::TrialClient::openssh;
  return std::nullopt;
}

std::optional<TrialRole> parse_trial_role(std::string_view text) {
  for (const TrialRole role : {TrialRole::upload, TrialRole::download, TrialRole::zlib_sample, TrialRole::zlib_random,
                               TrialRole::parallel, TrialRole::scp, TrialRole::sftp, TrialRole::rsync}) {
    if (to_string(role) == text) return role;
  }
  return std::nullopt;
}

std::optional<double> session_start_s(const CachedHost& entry) {
  std::vector<double> starts;
  for (const CachedTrial& trial : entry.trials) {
    if (trial.start_s && trial.client == probes::TrialClient::openssh && trial.kind != TrialRole::parallel) {
      starts.push_back(*trial.start_s);
    }
  }
  if (starts.empty()) return std::nullopt;
  std::sort(starts.begin(), starts.end());
  return starts[starts.size() / 2];
}

double whole_copy_mb_per_s(double mb_per_s, double start_s, double megabytes) {
  if (mb_per_s <= 0) return 0;
  return megabytes / (start_s + megabytes / mb_per_s);
}

fs::path cache_dir() { return cache_home(); }

fs::path cache_path(const std::string& host) {
  std::string name;
  for (const char c : host) {
    const bool safe = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
    name += safe ? c : '%';
  }
  return cache_dir() / (name + ".toml");
}

// The cache directory, created 0700 when missing; an existing one must be ours
// and is made 0700 again (ssh-tune's own directory: nobody else writes there).
Result<void> prepare_cache_dir() {
  const fs::path dir = cache_dir();
  std::error_code ec;
  fs::create_directories(dir.parent_path(), ec);
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) {
    return Error{ErrorKind::io, dir.string() + ": " + std::strerror(errno)};
  }
  struct stat st {};
  if (::lstat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid()) {
    ::chmod(dir.c_str(), 0700);
  }
  return check_private_dir(dir);
}

namespace {

// Removes an entry ssh-tune cannot have written itself (another owner, a
// symlink, a shared mode), so the new one is written fresh: 0600 and ours.
void drop_foreign_entry(const fs::path& path) {
  auto existing = read_private_file(path, k_max_cache_file);
  if (!existing && existing.error().kind == ErrorKind::invalid_input) ::unlink(path.c_str());
}

}  // namespace

Result<void> write_cache_file(const fs::path& path, const std::string& text) {
  SSHTUNE_TRYV(prepare_cache_dir());
  drop_foreign_entry(path);
  edit::PosixFileSystem file_system;
  SSHTUNE_TRY(before, edit::take_snapshot(file_system, path));
  return edit::AtomicWriter(file_system).replace(before, text, edit::WriteOptions{false, 0600});
}

Result<std::optional<std::string>> read_cache_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(path, ec))) return std::optional<std::string>{};
  SSHTUNE_TRYV(check_private_dir(cache_dir()));
  return read_private_file(path, k_max_cache_file);
}

Result<void> save_cached_host(const CachedHost& entry) {
  return write_cache_file(cache_path(entry.host), render_cache_entry(entry));
}

namespace {

// The refusal of an unusable cache entry, with the way past it.
Error cache_refused(const std::string& host, const Error& cause) {
  return Error{cause.kind, cause.message + " (ssh-tune host " + host + " --fresh measures again and replaces it)"};
}

Result<std::optional<CachedHost>> load_checked(const std::string& host, std::chrono::seconds max_age,
                                               const CacheRules& rules, const Clock& clock) {
  const fs::path path = cache_path(host);
  SSHTUNE_TRY(text, read_cache_file(path));
  if (!text) return std::optional<CachedHost>{};
  const std::int64_t now = clock.unix_seconds();
  SSHTUNE_TRY(entry, parse_cached_host(*text, path.string(), rules, now));
  if (entry.host != host || now - entry.measured_unix > max_age.count()) return std::optional<CachedHost>{};
  return std::optional<CachedHost>{std::move(entry)};
}

}  // namespace

Result<std::optional<CachedHost>> load_cached_host(const std::string& host, std::chrono::seconds max_age,
                                                   const CacheRules& rules, const Clock& clock) {
  auto loaded = load_checked(host, max_age, rules, clock);
  if (!loaded) return cache_refused(host, loaded.error());
  return loaded;
}

}  // namespace sshtune::host
