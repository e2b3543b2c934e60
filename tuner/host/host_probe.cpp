#include "tuner/host/host_probe.hpp"

#include "base/process.hpp"
#include "base/strings.hpp"

#include "tuner/sshconfig/client_capabilities.hpp"
#include "probes/compression_bench.hpp"
#include "probes/crypto_bench.hpp"
#include "probes/libssh_runner.hpp"
#include "probes/remote_tools.hpp"
#include "probes/sample_corpus.hpp"
#include "tuner/host/progress_runner.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;

struct Local {
  const ClientCapabilities* client = nullptr;
  config::Evaluation evaluation;
};

// The local rsync's abilities; an empty RemoteTools when rsync is missing.
RemoteTools local_rsync() {
  const auto run = run_process({"rsync", "--version"}, {Output::capture, Output::discard});
  return parse_rsync_version(run ? run.value().out : "");
}

// The server's offer, read directly; through a proxy we cannot, so assume what
// libssh can do and let failing trials tell the rest.
ServerAlgorithms server_offer(const RemoteTarget& target, std::vector<std::string>& notes) {
  if (target.proxy_command.empty()) {
    if (auto server = fetch_server_algorithms(target)) {
      return server.value();
    } else {
      notes.push_back("server algorithms not read (" + server.error().message + "); trying every libssh cipher");
    }
  } else {
    notes.push_back("server algorithms not read directly through ProxyCommand/ProxyJump; trying every libssh cipher");
  }
  ServerAlgorithms assumed;
  assumed.ciphers_c2s = libssh_ciphers();
  assumed.compression_c2s = {"none", k_ssh_compression};
  return assumed;
}

Result<std::shared_ptr<const std::string>> load_sample(const HostRequest& request) {
  if (!request.sample_path) {
    return std::make_shared<const std::string>(probes::builtin_corpus());
  }
  SSHTUNE_TRY(sample, probes::read_sample(*request.sample_path));
  return std::make_shared<const std::string>(std::move(sample));
}

CachedTrial cached_trial(const TrialResult& trial, std::string kind) {
  return {std::move(kind), trial.cipher, trial.compression, mb_per_s(trial), trial.bytes, trial.seconds};
}

// Fills the measured half of the facts (and the cache's trial list) from the report.
void add_trials(const HostTrialReport& report, const std::vector<bool>& was_sample, rules::HostFacts& facts,
                CachedHost& entry) {
  std::size_t compressed = 0;
  for (const auto& trial : report.trials) {
    if (!trial.compression) {
      facts.trials.push_back({trial.cipher, mb_per_s(trial)});
      entry.trials.push_back(cached_trial(trial, trial.kind == TrialKind::download ? "download" : "upload"));
    } else {
      const bool sample = compressed < was_sample.size() && was_sample[compressed++];
      (sample ? facts.compressed_sample_mb_per_s : facts.compressed_random_mb_per_s) = mb_per_s(trial);
      entry.trials.push_back(cached_trial(trial, sample ? "upload-zlib-sample" : "upload-zlib-random"));
    }
  }
}

rules::HostFacts base_facts(const std::string& host, const Local& local, const ServerAlgorithms& server) {
  rules::HostFacts facts;
  facts.host = host;
  facts.client_ciphers = local.client->supported(AlgorithmKind::cipher);
  facts.server_ciphers = server.ciphers_c2s;
  facts.server_strict_kex = server.strict_kex;
  for (const auto& method : server.compression_c2s) {
    facts.server_offers_compression = facts.server_offers_compression || method == k_ssh_compression;
  }
  facts.current_ciphers = split_commas(local.evaluation.value("ciphers").value_or(""));
  facts.current_compression = local.evaluation.value("compression").value_or("no") == "yes";
  return facts;
}

// This CPU's speed per cipher (a short benchmark), and for the best trial's cipher: a link-bound host
// stays far below it.
void add_local_cipher_speeds(rules::HostFacts& facts) {
  using namespace std::chrono_literals;
  for (const auto& speed : probes::run_crypto_bench({1ms, 10ms})) {
    if (speed.available) {
      facts.local_speeds[speed.name] = speed.mb_per_s;
    }
  }
  const auto best = std::max_element(facts.trials.begin(), facts.trials.end(),
                                     [](const auto& a, const auto& b) { return a.mb_per_s < b.mb_per_s; });
  if (best != facts.trials.end() && facts.local_speeds.contains(best->cipher)) {
    facts.local_cipher_mb_per_s = facts.local_speeds.at(best->cipher);
  }
}

void add_local_measurements(const std::string& sample, const HostTrialReport& report, rules::HostFacts& facts) {
  add_local_cipher_speeds(facts);
  const auto rows = probes::run_compression_bench(sample);
  if (!rows.empty()) {
    facts.zlib_mb_per_s = rows.front().compress_mb_per_s;
    facts.sample_ratio = rows.front().ratio;
  }
  facts.rtt_seconds = report.rtt_seconds;
  facts.rsync_zstd_local = local_rsync().rsync_zstd;
  facts.rsync_zstd_remote = report.tools && report.tools->rsync_zstd;
}

Result<Local> evaluate_locally(const HostRequest& request) {
  SSHTUNE_TRY(client, local_client_capabilities());
  SSHTUNE_TRY(evaluation, config::evaluate(eval_request(request.host, request.overrides), *client));
  return Local{client, std::move(evaluation)};
}

HostOutcome outcome_from_cache(CachedHost entry, const Local& local) {
  HostOutcome outcome;
  outcome.entry = std::move(entry);
  outcome.from_cache = true;
  outcome.target = outcome.entry.target;
  outcome.notes = outcome.entry.notes;
  outcome.current_ciphers = split_commas(local.evaluation.value("ciphers").value_or(""));
  outcome.current_compression = local.evaluation.value("compression").value_or("no") == "yes";
  return outcome;
}

std::string direction_name(TrialKind direction) {
  return direction == TrialKind::download ? "download" : "upload";
}

std::string sample_label(const HostRequest& request) {
  return request.sample_path ? *request.sample_path : "built-in mixed corpus";
}

}  // namespace

Result<HostOutcome> tune_host(const HostRequest& request, std::ostream* progress) {
  const auto start = Clock::now();
  SSHTUNE_TRY(local, evaluate_locally(request));
  if (!request.fresh) {
    SSHTUNE_TRY(cached, load_cached_host(request.host, k_cache_max_age));
    if (cached && cached->sample == sample_label(request) && cached->direction == direction_name(request.direction) &&
        cached->client_version == local.client->version()) {
      return outcome_from_cache(std::move(*cached), local);
    }
  }
  SSHTUNE_TRY(target, resolve_target(local.evaluation, request.overrides));
  SSHTUNE_TRY(sample, load_sample(request));
  HostOutcome outcome;
  outcome.target = describe(target);
  const ServerAlgorithms server = server_offer(target, outcome.notes);
  HostTrialPlan plan = make_trial_plan(server, sample);
  plan.budget = request.budget;
  plan.direction = request.direction;
  auto libssh = make_libssh_runner(target);
  ProgressRunner runner(*libssh, progress, sample);
  auto report = run_host_trials(runner, plan, request.host);
  runner.finish();
  SSHTUNE_TRY(trials, std::move(report));
  rules::HostFacts facts = base_facts(request.host, local, server);
  CachedHost& entry = outcome.entry;
  add_trials(trials, runner.compressed_was_sample(), facts, entry);
  add_local_measurements(*sample, trials, facts);
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(policy, rules::load_policy());
  SSHTUNE_TRY(decision, rules::decide(facts, catalog, policy));
  entry.host = request.host;
  entry.measured_unix = static_cast<std::int64_t>(std::time(nullptr));
  entry.client_version = local.client->version();
  entry.server_banner = server.banner;
  entry.server_ciphers = server.ciphers_c2s;
  entry.server_macs = server.macs_c2s;
  entry.server_kex = server.kex;
  entry.server_compression = server.compression_c2s;
  entry.target = outcome.target;
  entry.server_strict_kex = server.strict_kex;
  entry.sample = sample_label(request);
  entry.direction = direction_name(request.direction);
  if (trials.rtt_seconds) {
    entry.rtt_ms = *trials.rtt_seconds * 1000;
  }
  entry.decision = std::move(decision);
  outcome.notes.insert(outcome.notes.end(), trials.notes.begin(), trials.notes.end());
  entry.notes = outcome.notes;
  SSHTUNE_TRYV(save_cached_host(entry));
  for (const auto& failure : trials.failures) {
    outcome.failures.push_back(failure.trial + ": " + failure.message);
  }
  outcome.current_ciphers = facts.current_ciphers;
  outcome.current_compression = facts.current_compression;
  outcome.elapsed_s = std::chrono::duration<double>(Clock::now() - start).count();
  return outcome;
}

}  // namespace sshtune
