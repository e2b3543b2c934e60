#pragma once
// Per-host results cached as TOML in $XDG_CACHE_HOME/ssh-tune/ (default
// ~/.cache/ssh-tune/): when and what was measured, with which client, and the
// decision. `host` writes it; `snippet` and `ssh` read it; --fresh ignores it.

#include "base/result.hpp"
#include "probes/host_trials.hpp"
#include "rules/decision.hpp"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// Which way the cipher trials moved data.
enum class Direction { upload, download };

// What a cached trial measured.
enum class TrialRole {
  upload,       // the cipher pushing data to the host
  download,     // the cipher pulling data from the host
  zlib_sample,  // upload with Compression yes, carrying the user's sample
  zlib_random,  // upload with Compression yes, carrying incompressible data
  parallel,     // several sessions at once (`streams`), in aggregate
};

// "upload" / "download"; parse_direction is its inverse (nullopt for anything else).
std::string_view to_string(Direction direction);
std::optional<Direction> parse_direction(std::string_view text);

// "upload", "download", "upload-zlib-sample", "upload-zlib-random", "parallel" (the
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
  TrialClient client = TrialClient::libssh;  // the survey's libssh, or the user's OpenSSH client
  int streams = 1;                           // > 1 for parallel trials
};

// "libssh" / "openssh" (the cache's and the JSON's `client`); parse_trial_client is its inverse.
std::string_view to_string(TrialClient client);
std::optional<TrialClient> parse_trial_client(std::string_view text);

struct CachedHost {
  std::string host;                  // the alias as typed
  std::int64_t measured_unix = 0;    // seconds since the epoch
  std::string client_version;        // `ssh -V`
  std::string server_banner;
  std::vector<std::string> server_ciphers;
  std::vector<std::string> server_macs;
  std::vector<std::string> server_kex;
  std::vector<std::string> server_compression;
  bool server_strict_kex = false;
  std::optional<double> rtt_ms;            // idle
  std::optional<double> loaded_rtt_ms;     // while a trial streamed
  std::string target;                // "hostname:port" that was probed
  std::vector<std::string> notes;    // what could not be measured
  std::string sample;                // "built-in mixed corpus" or the --sample path
  Direction direction = Direction::upload;
  std::vector<CachedTrial> trials;
  rules::Decision decision;
};

// The cache directory (not created).
std::filesystem::path cache_dir();

// The cache file for `host` (the alias made file-name safe).
std::filesystem::path cache_path(const std::string& host);

// Writes the entry atomically (temp file + rename), creating the directory 0700.
Result<void> save_cached_host(const CachedHost& entry);

// The entry for `host` if one exists and is younger than `max_age`; an Error
// only when a file exists but cannot be read or parsed (naming it).
Result<std::optional<CachedHost>> load_cached_host(const std::string& host, std::chrono::seconds max_age);

// How long a measurement stays fresh for `host` to reuse it by default.
inline constexpr std::chrono::hours k_cache_max_age{24 * 7};

}  // namespace sshtune
