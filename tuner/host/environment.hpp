#pragma once
// The seams of the host pipeline: everything a pass needs from the machine, the
// network or the clock arrives through a HostEnvironment, so each pass can run
// alone against fakes in unit tests. The composition root wires the real ones
// (production_environment(), tuner/wiring/production.hpp).

#include "base/clock.hpp"
#include "probes/bench/compression_bench.hpp"
#include "probes/bench/crypto_bench.hpp"
#include "probes/core/host_trials.hpp"
#include "probes/core/openssh_runner.hpp"
#include "probes/core/remote_target.hpp"
#include "probes/core/remote_tools.hpp"
#include "probes/core/tcp_buffers.hpp"
#include "probes/core/tool_trial.hpp"
#include "probes/core/server_algorithms.hpp"
#include "rules/catalog.hpp"
#include "rules/policy.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/progress_status.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <chrono>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::host {

struct HostEnvironment {
  const sshconfig::ClientCapabilities* client = nullptr;  // the local ssh (names, defaults, version)
  rules::Catalog catalog;
  rules::Policy policy;
  // A runner for the trials against `target` (libssh in production).
  std::function<std::unique_ptr<probes::RemoteRunner>(const probes::RemoteTarget& target)> make_runner;
  // A runner for trials through the user's own OpenSSH client.
  std::function<std::unique_ptr<probes::OpensshRunner>(const probes::OpensshTarget& target)> make_client_runner;
  // The server's banner and KEXINIT, read with a connection of its own (only when the survey's runner could
  // not read them inside its authenticated connection).
  std::function<Result<probes::ServerAlgorithms>(const probes::RemoteTarget& target)> fetch_server;
  // What the local rsync supports (empty when there is none).
  std::function<probes::RemoteTools()> local_rsync;
  // This machine's TCP buffer limits (/proc in production); unset: unknown.
  std::function<probes::TcpBufferLimits()> local_tcp;
  // Times scp, sftp or rsync copying a file as its snippet prints it (probes/core/tool_trial.hpp); unset:
  // the tools are not timed.
  probes::ToolTimer time_tool;
  // How fast sha256sum hashes here, 10^6 bytes/s (the big-file snippet's verification); nullopt: unknown.
  std::function<std::optional<double>()> hash_speed;
  // This CPU's cipher speeds (a short benchmark).
  std::function<std::vector<probes::CipherSpeed>()> cipher_speeds;
  // Compression speeds and ratios on the sample (zlib level 6 first).
  std::function<std::vector<probes::CompressionSpeed>(const std::string& sample)> compression_speeds;
  // The cache: an entry younger than max_age (checked as load_cached_host checks it), and storing one.
  std::function<Result<std::optional<CachedHost>>(const std::string& host, std::chrono::seconds max_age)> load_cache;
  std::function<Result<void>(const CachedHost& entry)> save_cache;
  // The one clock of the pipeline: every time a pass, a runner or the cache reads (their Budgets, the
  // OpenSSH runner's phase ends, the measurement's stamp). The runners made above read this one too.
  const Clock* clock = nullptr;
  ProgressStatus progress;  // what is measured now, for the CLI to show; unset shows nothing
};

}  // namespace sshtune::host
