// Pass 3 of the host pipeline: everything measured about one host, as the passes
// of measure.hpp. The libssh survey first (its control session also reads the
// server's KEXINIT), then the user's own OpenSSH client times the shortlist
// (confirm.cpp, retime.cpp) and, where it can matter, parallel sessions (ladder.cpp).
#include "tuner/host/pipeline.hpp"

#include "base/format.hpp"
#include "probes/bench/sample_corpus.hpp"
#include "rules/compression_model.hpp"
#include "rules/untimed_ciphers.hpp"
#include "tuner/host/client_target.hpp"
#include "tuner/host/measure.hpp"
#include "tuner/host/progress_runner.hpp"
#include "tuner/host/schedule.hpp"

#include <algorithm>

namespace sshtune::host {
namespace {

// The server's offer: from the survey's authenticated control session when libssh logged it; else read
// with a connection of its own (which closes before authenticating, so it is said); through a proxy,
// assume what libssh can do and let failing trials tell the rest. A server the second connection cannot
// talk to at all (ErrorKind::remote) ends the run; one that spoke badly is a note.
Result<probes::ServerAlgorithms> server_offer(const probes::AccessCheck& access, const probes::RemoteTarget& target,
                                              HostEnvironment& env, std::vector<std::string>& notes) {
  if (access.server) return *access.server;
  if (target.proxy_command.empty()) {
    auto server = env.fetch_server(target);
    if (server) {
      notes.push_back(
          "the server's algorithms were read with a separate connection that closes before "
          "authenticating (libssh did not log them)");
      return server.value();
    }
    if (server.error().kind == ErrorKind::remote) return server.error();
    notes.push_back("server algorithms not read (" + server.error().message + "); trying every libssh cipher");
  } else {
    notes.push_back("server algorithms not read through ProxyCommand/ProxyJump; trying every libssh cipher");
  }
  probes::ServerAlgorithms assumed;
  assumed.ciphers_c2s = probes::libssh_ciphers();
  assumed.compression_c2s = {"none", probes::k_ssh_compression};
  return assumed;
}

// The data the trials carry: the --sample's bytes, else the built-in corpus.
Result<std::shared_ptr<const std::string>> load_sample(const HostRequest& request) {
  if (!request.sample_path) return std::make_shared<const std::string>(probes::builtin_corpus());
  SSHTUNE_TRY(sample, probes::read_sample(*request.sample_path));
  return std::make_shared<const std::string>(std::move(sample));
}

CachedTrial cached_trial(const probes::TrialResult& trial, TrialRole role) {
  return {role, trial.cipher, trial.compression, probes::mb_per_s(trial), trial.bytes, trial.seconds, trial.client,
          1,    trial.start_s};
}

// The survey's half of the facts, and the cache's trial list, from the report; a compressed trial that
// carried `sample` is the sample's, any other the random data's.
void add_survey(const probes::HostTrialReport& report, const std::shared_ptr<const std::string>& sample_data,
                Measurement& m) {
  for (const auto& trial : report.trials) {
    if (!trial.compression) {
      m.facts.survey.trials.push_back({trial.cipher, probes::mb_per_s(trial)});
      m.trials.push_back(
          cached_trial(trial, trial.kind == probes::TrialKind::download ? TrialRole::download : TrialRole::upload));
      continue;
    }
    const bool sample = trial.payload != nullptr && trial.payload == sample_data;
    (sample ? m.facts.survey.compressed_sample_mb_per_s : m.facts.survey.compressed_random_mb_per_s) =
        probes::mb_per_s(trial);
    m.trials.push_back(cached_trial(trial, sample ? TrialRole::zlib_sample : TrialRole::zlib_random));
  }
}

rules::HostFacts base_facts(const HostRequest& request, const ResolvedHost& resolved,
                            const probes::ServerAlgorithms& server, const sshconfig::ClientCapabilities& client) {
  rules::HostFacts facts;
  facts.host = request.host;
  facts.offer.client_ciphers = client.supported(AlgorithmKind::cipher);
  facts.offer.server_ciphers = server.ciphers_c2s;
  facts.offer.server_strict_kex = server.strict_kex;
  facts.offer.server_offers_compression = std::find(server.compression_c2s.begin(), server.compression_c2s.end(),
                                                    probes::k_ssh_compression) != server.compression_c2s.end();
  facts.offer.server_is_hpn = rules::banner_is_hpn(server.banner);
  facts.path.direction =
      request.direction == Direction::download ? rules::TransferDirection::download : rules::TransferDirection::upload;
  facts.offer.current_ciphers = resolved.current_ciphers;
  facts.offer.current_compression = resolved.current_compression;
  return facts;
}

std::map<std::string, double> local_speeds(const std::vector<probes::CipherSpeed>& speeds) {
  std::map<std::string, double> by_name;
  for (const auto& speed : speeds) {
    if (speed.available) by_name[speed.name] = speed.mb_per_s;
  }
  return by_name;
}

std::optional<double> bytes(std::optional<std::int64_t> limit) {
  if (!limit) return std::nullopt;
  return static_cast<double>(*limit);
}

rules::TcpLimits tcp_limits(const probes::TcpBufferLimits& limits) {
  return {bytes(limits.receive_max), bytes(limits.send_max)};
}

// Both ends' TCP buffer limits: which window binds a long path (rules/session_window.hpp).
void add_tcp_limits(const probes::HostTrialReport& report, HostEnvironment& env, rules::HostFacts& facts) {
  if (env.local_tcp) facts.path.local_tcp = tcp_limits(env.local_tcp());
  if (report.tools) facts.path.server_tcp = tcp_limits(report.tools->tcp);
}

// What TCP counted over the survey's uploads; nullopt when none recorded it (downloads, a pipe).
std::optional<rules::PathLoss> path_loss_of(const probes::HostTrialReport& report) {
  std::optional<rules::PathLoss> loss;
  for (const probes::TrialResult& trial : report.trials) count_loss(trial, loss);
  return loss;
}

void add_local_measurements(const std::vector<probes::CompressionSpeed>& compression,
                            const std::vector<probes::CipherSpeed>& speeds, const probes::HostTrialReport& report,
                            HostEnvironment& env, rules::HostFacts& facts) {
  facts.local.cipher_speeds = local_speeds(speeds);
  if (!compression.empty()) {
    facts.local.zlib_mb_per_s = compression.front().compress_mb_per_s;
    facts.local.sample_ratio = compression.front().ratio;
  }
  facts.path.rtt_seconds = report.rtt_seconds;
  facts.path.loss = path_loss_of(report);
  facts.offer.rsync_zstd_local = env.local_rsync().rsync_zstd;
  facts.offer.rsync_zstd_remote = report.tools && report.tools->rsync_zstd;
  add_tcp_limits(report, env, facts);
}

std::optional<double> zlib_speed(const std::vector<probes::CompressionSpeed>& compression) {
  if (compression.empty()) return std::nullopt;
  return compression.front().compress_mb_per_s;
}

// What the survey's plan is made from.
struct SurveyInput {
  const HostRequest& request;
  const ResolvedHost& resolved;
  const probes::ServerAlgorithms& server;
  std::optional<double> zlib_mb_per_s;                    // this CPU's zlib on the user's sample
  const std::vector<probes::CipherSpeed>& cipher_speeds;  // this CPU's
  const rules::Policy& policy;
  const rules::Catalog& catalog;
  const sshconfig::ClientCapabilities& client;  // the local ssh
};

// The survey stops timing ciphers once the round trips or the first trials show the link or the window
// sets the pace (rules::ciphers_cannot_differ): every cipher then moves the same. Its candidates are the
// planned ciphers a recommendation may list (the local ssh has them, the security floor allows them).
probes::HostTrialPlan::SkipCiphers cipher_skip(const SurveyInput& in, const std::vector<std::string>& planned) {
  rules::PaceEvidence evidence;
  const rules::HostFacts ends = base_facts(in.request, in.resolved, in.server, in.client);
  evidence.candidates = rules::allowed_untimed(ends, planned, in.catalog, in.policy);
  evidence.local_speeds = local_speeds(in.cipher_speeds);
  evidence.server_is_hpn = rules::banner_is_hpn(in.server.banner);
  return
      [evidence, policy = in.policy](const std::vector<probes::TrialResult>& timed, std::optional<double> rtt) mutable {
        evidence.timed.clear();
        for (const auto& trial : timed) evidence.timed.push_back({trial.cipher, probes::mb_per_s(trial)});
        evidence.rtt_seconds = rtt;
        return rules::ciphers_cannot_differ(evidence, policy);
      };
}

// The survey's compressed trials are skipped when they cannot come close (rules::zlib_can_reach): a
// compressed upload, as they all are, never outruns zlib on this CPU. Only for uploads: a download is
// compressed by the server's CPU. And not when compression is in effect now: its figure is the base.
probes::HostTrialPlan::SkipCompression compression_skip(const SurveyInput& in) {
  if (in.resolved.current_compression || !in.zlib_mb_per_s || in.request.direction == Direction::download) return {};
  return [zlib = *in.zlib_mb_per_s, policy = in.policy](double fastest) -> std::optional<std::string> {
    if (rules::zlib_can_reach(zlib, fastest)) return std::nullopt;
    return "compressed trials skipped: zlib compresses your data at " + mbps(zlib) + " on this CPU, under the " +
           mbps(fastest) + " already moved without compression (to pay it must move " +
           two_decimals(policy.compression_margin) + "x that)";
  };
}

// The survey's plan; its share of the budget less what the control session's set-up already took.
probes::HostTrialPlan survey_plan(const SurveyInput& in, std::shared_ptr<const std::string> sample,
                                  milliseconds connect_time) {
  probes::HostTrialPlan plan = probes::make_trial_plan(in.server, std::move(sample));
  plan.budget = std::max(milliseconds(0), split_budget(in.request.budget, in.policy.timing).survey - connect_time);
  plan.direction =
      in.request.direction == Direction::download ? probes::TrialKind::download : probes::TrialKind::upload;
  plan.skip_compression = compression_skip(in);
  plan.skip_ciphers = cipher_skip(in, plan.ciphers);
  plan.timing = in.policy.timing;
  plan.stall_fraction = in.policy.crawl_fraction;
  return plan;
}

}  // namespace

void count_loss(const probes::TrialResult& trial, std::optional<rules::PathLoss>& loss) {
  if (trial.kind != probes::TrialKind::upload || !trial.tcp) return;
  if (!loss) loss.emplace();
  loss->segments += static_cast<double>(trial.tcp->segments_out);
  loss->retransmitted += static_cast<double>(trial.tcp->retransmitted);
  loss->mss_bytes = trial.tcp->mss_bytes;
  loss->congestion = trial.tcp->congestion;
}

Result<Survey> survey_host(const HostRequest& request, const ResolvedHost& resolved, HostEnvironment& env) {
  SSHTUNE_TRY(sample, load_sample(request));
  auto remote = env.make_runner(resolved.target);
  ProgressRunner runner(*remote, env.progress);
  const auto start = env.clock->now();
  Budget budget(start, request.budget);
  SSHTUNE_TRY(access, runner.check_access());
  const auto connect_time = std::chrono::duration_cast<milliseconds>(env.clock->now() - start);
  Measurement m;
  SSHTUNE_TRY(server, server_offer(access, resolved.target, env, m.notes));
  m.server = std::move(server);
  const auto compression = env.compression_speeds(*sample);
  const auto cipher_speeds = env.cipher_speeds();
  const SurveyInput survey{request,       resolved,   m.server,    zlib_speed(compression),
                           cipher_speeds, env.policy, env.catalog, *env.client};
  const probes::HostTrialReport report = probes::run_survey(runner, survey_plan(survey, sample, connect_time),
                                                            request.host, std::move(access), connect_time, *env.clock);
  runner.finish();
  remote->end_trials();  // before the confirmation times anything
  m.facts = base_facts(request, resolved, m.server, *env.client);
  add_survey(report, sample, m);
  add_local_measurements(compression, cipher_speeds, report, env, m.facts);
  if (report.command_start_seconds) {
    m.session_setup_s = std::chrono::duration<double>(connect_time).count() + *report.command_start_seconds;
  }
  m.facts.survey.untimed_ciphers = report.untimed_ciphers;
  m.facts.survey.untimed_reason = report.untimed_reason;
  m.notes.insert(m.notes.end(), report.notes.begin(), report.notes.end());
  for (const auto& failure : report.failures) m.failures.push_back(failure.trial + ": " + failure.message);
  // The budget counts trials: the survey's set-up and essential commands move the deadline.
  budget.charge(report.outside_budget);
  m.passes.push_back({MeasuringPass::survey, split_budget(request.budget, env.policy.timing).survey,
                      std::chrono::duration_cast<milliseconds>(env.clock->now() - start), report.outside_budget});
  return Survey{std::move(m), std::move(remote), std::move(sample), connect_time, budget};
}

Result<Measurement> gather_facts(const HostRequest& request, const ResolvedHost& resolved, HostEnvironment& env) {
  SSHTUNE_TRY(survey, survey_host(request, resolved, env));
  Measurement& m = survey.measurement;
  const ConfirmPlan plan = plan_confirmation(request, resolved, survey, env);
  if (plan.specs.empty()) {
    m.facts.openssh.missing = plan.nothing_to_confirm;
  } else {
    if (!plan.cut.empty()) m.notes.push_back(plan.cut);
    auto client = env.make_client_runner(openssh_target(request.host, request.overrides, resolved.target, *env.client));
    prepare_ladder(plan, *client);
    confirm_with_openssh(plan, *survey.runner, *client, survey.budget, env, m);
    if (!m.facts.openssh.trials.empty()) climb_ladder(plan, *client, survey.budget, env, m);  // until the deadline
    clear_progress(env.progress);
  }
  m.setup = survey.budget.charged();
  m.sample = std::move(survey.sample);
  return std::move(m);
}

}  // namespace sshtune::host
