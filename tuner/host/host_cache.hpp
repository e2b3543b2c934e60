#pragma once
// Per-host results cached as TOML in $XDG_CACHE_HOME/ssh-tune/ (default
// ~/.cache/ssh-tune/): when and what was measured, with which client, and the
// decision. `host` writes it; `snippet` and `ssh` read it; --fresh ignores it.

#include "base/copy_tool.hpp"
#include "base/result.hpp"
#include "probes/core/host_trials.hpp"
#include "rules/decision.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::host {

// Which way the cipher trials moved data.
enum class Direction { upload, download };

// What a cached trial measured.
enum class TrialRole {
  upload,       // the cipher pushing data to the host
  download,     // the cipher pulling data from the host
  zlib_sample,  // upload with Compression yes, carrying the user's sample
  zlib_random,  // upload with Compression yes, carrying incompressible data
  parallel,     // several sessions at once (`streams`), in aggregate
  scp,          // a copy tool timed whole as its snippet prints it (probes/core/tool_trial.hpp)
  sftp,
  rsync,
};

// The copy tool a role times (nullopt for the stream trials), and the role that times a tool.
std::optional<CopyTool> tool_of(TrialRole role);
TrialRole role_of(CopyTool tool);

// "upload" / "download"; parse_direction is its inverse (nullopt for anything else).
std::string_view to_string(Direction direction);
std::optional<Direction> parse_direction(std::string_view text);

// "upload", "download", "upload-zlib-sample", "upload-zlib-random", "parallel", "scp", "sftp", "rsync" (the
// cache's and the JSON's `kind`); parse_trial_role is its inverse.
std::string_view to_string(TrialRole role);
std::optional<TrialRole> parse_trial_role(std::string_view text);

struct CachedTrial {
  TrialRole kind = TrialRole::upload;
  std::string cipher;
  bool compression = false;
  double mb_per_s = 0;
  std::uint64_t bytes = 0;
  double seconds = 0;
  probes::TrialClient client = probes::TrialClient::libssh;  // the survey's libssh, or the user's OpenSSH client
  int streams = 1;                                           // > 1 for parallel trials
  std::optional<double> start_s = std::nullopt;  // OpenSSH trials: seconds lost at the start (TrialResult::start_s)
  // Parallel trials: the slowest session's set-up (TrialResult::setup_s), what k log-ins at once take;
  // copy tools' trials: a lone log-in and remote command timed beside them (ToolTrials::login_s).
  std::optional<double> setup_s = std::nullopt;
};

// "libssh" / "openssh" (the cache's and the JSON's `client`); parse_trial_client is its inverse.
std::string_view to_string(probes::TrialClient client);
std::optional<probes::TrialClient> parse_trial_client(std::string_view text);

struct CachedHost {
  std::string host;                // the alias as typed
  std::int64_t measured_unix = 0;  // seconds since the epoch
  std::string client_version;      // `ssh -V`
  std::string server_banner;
  std::vector<std::string> server_ciphers;
  std::vector<std::string> server_macs;
  std::vector<std::string> server_kex;
  std::vector<std::string> server_compression;
  bool server_strict_kex = false;
  std::optional<double> rtt_ms;         // idle
  std::optional<double> loaded_rtt_ms;  // while a trial streamed
  rules::TcpLimits local_tcp;           // this machine's TCP buffer limits (bytes) when it was measured
  rules::TcpLimits server_tcp;          // the server's; unknown where it is not Linux
  std::string target;                   // "hostname:port" that was probed
  std::vector<std::string> notes;       // what could not be measured
  std::string sample;                   // "built-in mixed corpus" or the --sample path
  // What a new ssh session took before its command ran (Measurement::session_setup_s): a whole copy's set-up.
  std::optional<double> session_setup_s;
  Direction direction = Direction::upload;
  std::vector<CachedTrial> trials;
  rules::Decision decision;
};

// The seconds a new OpenSSH session of this host loses at its start before streaming at its rate: the
// median of the single-session OpenSSH trials' start_s; nullopt when none recorded one.
std::optional<double> session_start_s(const CachedHost& entry);

// The MB/s a whole copy of `megabytes` averages in one new session: its start, then the steady rate.
double whole_copy_mb_per_s(double mb_per_s, double start_s, double megabytes);

// The cache directory (not created).
std::filesystem::path cache_dir();

// Creates cache_dir() 0700 when missing; an existing one must be the user's own (made 0700 again).
Result<void> prepare_cache_dir();

// The cache file for `host` (the alias made file-name safe).
std::filesystem::path cache_path(const std::string& host);

// The largest cache file ssh-tune reads (its own are a few KiB).
inline constexpr std::size_t k_max_cache_file = 1 << 20;

// Writes `text` to `path` (in cache_dir()) atomically (temp file + rename) as a
// 0600 file of our own, creating the directory 0700 (an existing one must be
// ours; it is made 0700 again). A file ssh-tune cannot have written (another
// owner, a symlink, a shared mode) is replaced. Errors name the path.
Result<void> write_cache_file(const std::filesystem::path& path, const std::string& text);

// The text of the cache file `path`; nullopt when there is none. An Error (naming
// the file and the reason) when the directory is not ours or writable by others,
// or the file is not a regular file of ours, writable by nobody else, of at most
// k_max_cache_file bytes.
Result<std::optional<std::string>> read_cache_file(const std::filesystem::path& path);

// Writes the entry atomically (temp file + rename) as a 0600 file of our own,
// creating the directory 0700 (an existing one must be ours; it is made 0700
// again). An entry ssh-tune cannot have written (another owner, a symlink, a
// shared mode) is replaced. Errors name the path.
Result<void> save_cached_host(const CachedHost& entry);

struct CacheRules;  // cache_validation.hpp

// The entry for `host` if one exists and is younger than `max_age`, checked
// before it is returned: the directory must be ours and writable by nobody
// else, the file a regular file of ours writable by nobody else, at most
// k_max_cache_file bytes, and its content pass validate_cached_host (the
// security floor included). An Error (naming the file and the reason) when a
// file exists but fails any of this; nullopt when there is none, it is stale,
// or it was measured for another host name. Every error ends with the way past
// it: " (ssh-tune host HOST --fresh measures again and replaces it)". Ages are on clock's wall time.
Result<std::optional<CachedHost>> load_cached_host(const std::string& host, std::chrono::seconds max_age,
                                                   const CacheRules& rules, const Clock& clock);

// How long a measurement stays fresh for `host` to reuse it by default.
inline constexpr std::chrono::hours k_cache_max_age{24 * 7};

}  // namespace sshtune::host
