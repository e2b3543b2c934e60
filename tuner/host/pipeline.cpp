// Passes 1, 2, 4 and 5 of the host pipeline, and their composition.
#include "tuner/host/pipeline.hpp"

#include "base/message.hpp"
#include "base/strings.hpp"
#include "probes/bench/sample_corpus.hpp"
#include "tuner/host/tool_pass.hpp"

namespace sshtune::host {

namespace {

// The cache keeps round trips in milliseconds; the facts, in seconds.
std::optional<double> milliseconds_of(std::optional<double> seconds) {
  if (!seconds) return std::nullopt;
  return *seconds * 1000;
}

// Where the decision advises parallel sessions: how fast sha256sum hashes here (the big-file snippet's
// verification), else nothing is measured.
std::optional<double> split_hash_speed(const rules::Decision& decision, const HostEnvironment& env) {
  if (!decision.parallel || !env.hash_speed) return std::nullopt;
  return env.hash_speed();
}

}  // namespace

std::string sample_label(const HostRequest& request) {
  // Escaped as messages show it: a path with a newline must not make the cache entry unreadable.
  return request.sample_path ? escape_bytes(*request.sample_path) : "built-in mixed corpus";
}

Result<CopySize> copy_size(const HostRequest& request) {
  if (request.copy_bytes) return CopySize{*request.copy_bytes, CopySize::From::size_flag};
  if (!request.sample_path) return CopySize{};
  SSHTUNE_TRY(bytes, probes::sample_size(*request.sample_path));
  return CopySize{bytes, CopySize::From::sample};
}

Result<ResolvedHost> resolve_host(const HostRequest& request, const sshconfig::ClientCapabilities& client) {
  SSHTUNE_TRY(evaluation, sshconfig::evaluate(eval_request(request.host, request.overrides), client));
  SSHTUNE_TRY(target, resolve_target(evaluation, request.overrides));
  ResolvedHost resolved;
  resolved.current_ciphers = split_commas(evaluation.value("ciphers").value_or(""));
  if (resolved.current_ciphers == std::vector<std::string>{""}) resolved.current_ciphers.clear();
  resolved.current_compression = evaluation.value("compression").value_or("no") == "yes";
  resolved.evaluation = std::move(evaluation);
  resolved.target = std::move(target);
  return resolved;
}

std::optional<HostOutcome> reuse_cached(const HostRequest& request, const ResolvedHost& resolved,
                                        std::optional<CachedHost> cached, const sshconfig::ClientCapabilities& client) {
  if (request.fresh || !cached || cached->sample != sample_label(request) || cached->direction != request.direction ||
      cached->client_version != client.version()) {
    return std::nullopt;
  }
  HostOutcome outcome;
  outcome.entry = std::move(*cached);
  outcome.from_cache = true;
  outcome.target = outcome.entry.target;
  outcome.notes = outcome.entry.notes;
  outcome.current_ciphers = resolved.current_ciphers;
  outcome.current_compression = resolved.current_compression;
  return outcome;
}

Result<rules::Decision> decide_host(const Measurement& measurement, const HostEnvironment& env) {
  return rules::decide(measurement.facts, env.catalog, env.policy);
}

HostOutcome record_outcome(const HostRequest& request, const ResolvedHost& resolved, Measurement measurement,
                           rules::Decision decision, const HostEnvironment& env) {
  HostOutcome outcome;
  CachedHost& entry = outcome.entry;
  entry.host = request.host;
  entry.measured_unix = env.clock->unix_seconds();
  entry.client_version = env.client->version();
  entry.server_banner = measurement.server.banner;
  entry.server_ciphers = measurement.server.ciphers_c2s;
  entry.server_macs = measurement.server.macs_c2s;
  entry.server_kex = measurement.server.kex;
  entry.server_compression = measurement.server.compression_c2s;
  entry.server_strict_kex = measurement.server.strict_kex;
  entry.target = describe(resolved.target);
  entry.sample = sample_label(request);
  entry.direction = request.direction;
  entry.rtt_ms = milliseconds_of(measurement.facts.path.rtt_seconds);
  entry.loaded_rtt_ms = milliseconds_of(measurement.facts.path.loaded_rtt_seconds);
  entry.local_tcp = measurement.facts.path.local_tcp;
  entry.server_tcp = measurement.facts.path.server_tcp;
  entry.session_setup_s = measurement.session_setup_s;
  entry.trials = std::move(measurement.trials);
  entry.notes = measurement.notes;
  entry.decision = std::move(decision);
  outcome.target = entry.target;
  outcome.notes = std::move(measurement.notes);
  outcome.failures = std::move(measurement.failures);
  outcome.setup_s = std::chrono::duration<double>(measurement.setup).count();
  outcome.passes = std::move(measurement.passes);
  outcome.current_ciphers = resolved.current_ciphers;
  outcome.current_compression = resolved.current_compression;
  return outcome;
}

Result<HostOutcome> tune_host(const HostRequest& request, HostEnvironment& env) {
  const auto start = env.clock->now();
  SSHTUNE_TRY(resolved, resolve_host(request, *env.client));
  SSHTUNE_TRY(copy, copy_size(request));
  if (!request.fresh) {
    SSHTUNE_TRY(cached, env.load_cache(request.host, k_cache_max_age));
    if (auto reused = reuse_cached(request, resolved, std::move(cached), *env.client)) {
      reused->copy = copy;
      reused->hash_mb_per_s = split_hash_speed(reused->entry.decision, env);
      return std::move(*reused);
    }
  }
  SSHTUNE_TRY(measurement, gather_facts(request, resolved, env));
  SSHTUNE_TRY(decision, decide_host(measurement, env));
  time_copy_tools(request, resolved, decision, env, measurement);
  HostOutcome outcome = record_outcome(request, resolved, std::move(measurement), std::move(decision), env);
  SSHTUNE_TRYV(env.save_cache(outcome.entry));
  outcome.copy = copy;
  outcome.hash_mb_per_s = split_hash_speed(outcome.entry.decision, env);
  outcome.elapsed_s = std::chrono::duration<double>(env.clock->now() - start).count();
  return outcome;
}

}  // namespace sshtune::host
