#include "tuner/cli/measured_cache.hpp"

#include "base/toml/toml_errors.hpp"
#include "tuner/host/host_cache.hpp"

#include "base/private_file.hpp"

#include <algorithm>
#include <filesystem>

namespace sshtune::cli {
namespace {

probes::ServerAlgorithms server_of(const host::CachedHost& entry) {
  probes::ServerAlgorithms server;
  server.banner = entry.server_banner;
  server.kex = entry.server_kex;
  server.ciphers_c2s = server.ciphers_s2c = entry.server_ciphers;
  server.macs_c2s = server.macs_s2c = entry.server_macs;
  server.compression_c2s = server.compression_s2c = entry.server_compression;
  server.strict_kex = entry.server_strict_kex;
  return server;
}

// The figures of the user's own OpenSSH client when it was timed, else libssh's.
probes::TrialClient deciding_client(const host::CachedHost& entry) {
  for (const host::CachedTrial& trial : entry.trials) {
    if (trial.client == probes::TrialClient::openssh) return probes::TrialClient::openssh;
  }
  return probes::TrialClient::libssh;
}

// The single-session cipher trials without compression (upload or download, whichever
// way they ran) of the deciding client, and the compressed trial on the user's data
// (the deciding client's when it ran one).
void add_trials(const host::CachedHost& entry, audit::MeasuredHost& facts) {
  const probes::TrialClient client = deciding_client(entry);
  for (const host::CachedTrial& trial : entry.trials) {
    if (trial.kind == host::TrialRole::zlib_sample && (trial.client == client || !facts.zlib_trial_mb_per_s)) {
      facts.zlib_trial_mb_per_s = trial.mb_per_s;
    }
    const bool plain = trial.kind == host::TrialRole::upload || trial.kind == host::TrialRole::download;
    if (trial.client != client || trial.streams > 1 || trial.compression || !plain) continue;
    double& best = facts.cipher_trials[trial.cipher];
    best = std::max(best, trial.mb_per_s);
  }
}

std::optional<audit::MeasuredHost> from_cache(const std::string& host, const host::CacheRules& rules) {
  const Result<std::optional<host::CachedHost>> cached =
      host::load_cached_host(host, host::k_cache_max_age, rules, system_clock());
  if (!cached || !cached.value()) return std::nullopt;
  const host::CachedHost& entry = *cached.value();
  audit::MeasuredHost facts{entry.decision.link_class == rules::LinkClass::cpu_bound, entry.rtt_ms,
                            entry.server_ciphers.empty() ? std::nullopt : std::optional(server_of(entry)),
                            entry.decision.rsync_compress};
  facts.window_bound = entry.decision.bottleneck == rules::Bottleneck::window;
  facts.compression_pays = entry.decision.compression;
  add_trials(entry, facts);
  return facts;
}

// The `host` key of a cache file, or "" when it cannot be read or is not a private file
// of ours (the same checks as load_cached_host: a FIFO or a foreign file is never opened for reading).
std::string host_in(const std::filesystem::path& path) {
  const Result<std::optional<std::string>> text = read_private_file(path, host::k_max_cache_file);
  if (!text || !text.value()) return "";
  const Result<toml::table> root = parse_toml(*text.value(), path.string());
  return root ? root.value()["host"].value_or(std::string()) : std::string();
}

}  // namespace

std::optional<audit::MeasuredHost> CachedMeasuredHosts::find(const std::string& host) const {
  std::optional<audit::MeasuredHost> facts = from_cache(host, m_rules);
  if (const std::optional<audit::MeasuredHost> probed = probes.find(host)) {
    if (!facts) facts = audit::MeasuredHost{};
    facts->server = probed->server;
  }
  return facts;
}

std::vector<std::string> CachedMeasuredHosts::names() const {
  std::vector<std::string> hosts;
  std::error_code ec;
  for (std::filesystem::directory_iterator it(host::cache_dir(), ec), end; !ec && it != end; it.increment(ec)) {
    const std::filesystem::path& path = it->path();
    if (path.extension() != ".toml") continue;
    const std::string host = host_in(path);
    // cache_path() is where `host` would be looked up: anything else is no entry of ours.
    if (!host.empty() && host::cache_path(host) == path && from_cache(host, m_rules)) hosts.push_back(host);
  }
  std::sort(hosts.begin(), hosts.end());
  for (const std::string& host : probes.names()) {
    if (std::find(hosts.begin(), hosts.end(), host) == hosts.end()) hosts.push_back(host);
  }
  return hosts;
}

}  // namespace sshtune::cli
