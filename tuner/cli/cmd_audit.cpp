// `ssh-tune audit`: everything slow, deprecated or broken in the client's
// ssh_config files, an sshd_config and live servers, as a grouped report or
// JSON, with exit codes 0/2/3 by the worst finding (1 on operational errors, a
// malformed file or an Include loop among them);
// with --fix, the client files corrected through the safe editor first.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "probes/bench/compression_bench.hpp"
#include "probes/bench/crypto_bench.hpp"
#include "probes/bench/sample_corpus.hpp"
#include "probes/core/server_algorithms.hpp"
#include "tuner/host/cpu_cache.hpp"
#include "rules/catalog.hpp"
#include "rules/policy.hpp"
#include "base/charset.hpp"
#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/fix_plan.hpp"
#include "tuner/audit/report.hpp"
#include "tuner/audit/server_audit.hpp"
#include "tuner/cli/audit_progress.hpp"
#include "tuner/cli/dialect_notice.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/cli/host_targets.hpp"
#include "tuner/cli/measured_cache.hpp"
#include "tuner/cli/severity_style.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/edit/editor.hpp"
#include "tuner/host/cache_validation.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/host_target.hpp"
#include "tuner/host/server_offer_probe.hpp"
#include "tuner/wiring/production.hpp"

#include <unistd.h>

#include <charconv>
#include <cstdlib>
#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

// ssh-audit's convention: 3 when the audit fails on a failure, 2 on a warning, 0 when it passes.
ExitCode exit_code_for(std::optional<audit::Severity> failing) {
  if (!failing) return ExitCode::ok;
  return *failing == audit::Severity::fail ? ExitCode::findings_fail : ExitCode::findings_warn;
}

constexpr const char* k_usage =
    "ssh-tune audit [-F FILE] [--host H]... [--sshd FILE] [--server HOST[:PORT]]... [--json] [--fail-on warn|fail] "
    "[--fix] [--dry-run]";

po::options_description audit_flags() {
  po::options_description flags("flags");
  flags.add_options()("config,F", po::value<std::string>(),
                      "audit FILE instead of ~/.ssh/config and /etc/ssh/ssh_config (as ssh -F)")(
      "host", po::value<std::vector<std::string>>(), "also audit the effective configuration of host H (repeatable)")(
      "sshd", po::value<std::string>(), "audit an sshd_config file")(
      "server", po::value<std::vector<std::string>>(),
      "audit what a live server offers (banner + KEXINIT: inside a login when its host key is known, "
      "else before authenticating, a few times a minute at most; repeatable)")("json", "print JSON")(
      "fail-on", po::value<std::string>()->default_value("warn"),
      "lowest severity that makes the exit code non-zero: warn or fail")(
      "no-bench", "skip the local benchmarks (ciphers, zlib): no slow-cipher rule, no CPU figures in messages")(
      "fresh",
      "benchmark this CPU's ciphers again instead of quoting the figures ssh-tune cpu (or an earlier "
      "audit) stored in the last week")(
      "fix",
      "correct what is safe to correct in the client files (user files; others only when named with -F), "
      "then audit again")("dry-run", "with --fix (or alone): print the unified diff of the fixes; change nothing");
  return flags;
}

// "host", "host:port" or "[v6]:port" into a target; a usage error if the port is bad.
Result<probes::RemoteTarget> parse_server(const std::string& text) {
  probes::RemoteTarget target;
  std::string port;
  if (text.starts_with("[") && text.find(']') != std::string::npos) {
    const std::size_t close = text.find(']');
    target.hostname = text.substr(1, close - 1);
    if (close + 1 < text.size() && text[close + 1] == ':') port = text.substr(close + 2);
  } else if (const std::size_t colon = text.find(':'); colon != std::string::npos && text.rfind(':') == colon) {
    target.hostname = text.substr(0, colon);
    port = text.substr(colon + 1);
  } else {
    target.hostname = text;
  }
  if (port.empty()) return target;
  unsigned value = 0;
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (error != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
    return Error{ErrorKind::usage, "audit: bad port in --server " + text};
  }
  target.port = static_cast<std::uint16_t>(value);
  return target;
}

// The audit's flags, read once from the command line.
struct AuditOptions {
  audit::ClientSources sources;      // -F, or the user's and the system's files
  std::vector<std::string> hosts;    // --host
  std::vector<std::string> servers;  // --server
  std::optional<std::string> sshd;   // --sshd
  audit::Severity fail_on = audit::Severity::warn;
  bool json = false;
  bool bench = true;   // not --no-bench
  bool fresh = false;  // --fresh: measure the ciphers again
  bool fix = false;    // --fix or --dry-run
  bool dry_run = false;
};

std::vector<std::string> strings(const po::variables_map& values, const char* name) {
  return values.count(name) ? values[name].as<std::vector<std::string>>() : std::vector<std::string>{};
}

Result<AuditOptions> audit_options(const po::variables_map& values) {
  AuditOptions options;
  const std::optional<audit::Severity> fail_on = audit::parse_fail_on(values["fail-on"].as<std::string>());
  if (!fail_on) return Error{ErrorKind::usage, "audit: --fail-on takes warn or fail"};
  options.fail_on = *fail_on;
  if (values.count("config")) options.sources.config_file = values["config"].as<std::string>();
  options.sources.user_config = audit::default_user_config();
  options.hosts = strings(values, "host");
  options.servers = strings(values, "server");
  if (values.count("sshd")) options.sshd = values["sshd"].as<std::string>();
  options.json = values.count("json") > 0;
  options.bench = values.count("no-bench") == 0;
  options.fresh = values.count("fresh") > 0;
  options.dry_run = values.count("dry-run") > 0;
  options.fix = values.count("fix") > 0 || options.dry_run;
  return options;
}

// Records a probed server as the facts of every --host whose effective endpoint it is.
void link_servers(const audit::ClientSources& sources, const std::vector<std::string>& hosts,
                  const probes::RemoteTarget& target, const probes::ServerAlgorithms& server,
                  const sshconfig::ClientCapabilities& client, audit::MeasuredHostMap& facts) {
  for (const std::string& host : hosts) {
    sshconfig::EvalRequest request;
    request.host = host;
    request.config_file = sources.config_file;
    request.user_config = sources.user_config;
    const Result<sshconfig::Evaluation> evaluation = sshconfig::evaluate(request, client);
    if (!evaluation) continue;
    if (evaluation.value().value("hostname") == target.hostname &&
        evaluation.value().value("port") == std::to_string(target.port)) {
      facts.set(host, audit::MeasuredHost{std::nullopt, std::nullopt, server, std::nullopt});
    }
  }
}

struct AuditRun {
  std::vector<audit::Finding> findings;  // of servers and sshd_config files
  CachedMeasuredHosts facts;
  std::optional<std::vector<probes::CipherSpeed>> speeds;  // measured once, by the first client audit
  std::optional<double> zlib_mb_per_s;                     // ssh's zlib on this CPU, measured with `speeds`
};

// The client files as the audit read them, and their findings.
struct ClientAudit {
  audit::ClientConfigSet configs;
  std::vector<audit::Finding> findings;
};

// What --fix did (or, in a dry run, would do).
struct FixOutcome {
  audit::FixPlan plan;
  std::string diff;  // dry run only
  bool dry_run = false;
};

// The --server name resolved through ssh_config as ssh (and `ssh-tune host`) would: HostName, Port, User,
// identities, known_hosts, ProxyJump; an explicit :PORT wins like ssh's -p.
Result<probes::RemoteTarget> server_target(const std::string& text, const AuditOptions& options,
                                           const sshconfig::ClientCapabilities& client) {
  SSHTUNE_TRY(named, parse_server(text));
  SSHTUNE_TRYV(check_host_name(named.hostname, "audit: --server"));
  host::TargetOverrides overrides;
  overrides.config_file = options.sources.config_file;
  const bool bare_v6 = text.starts_with("[") && text.ends_with("]");
  if (!bare_v6 && text.ends_with(":" + std::to_string(named.port))) overrides.port = std::to_string(named.port);
  SSHTUNE_TRY(evaluation, sshconfig::evaluate(host::eval_request(named.hostname, overrides), client));
  return resolve_target(evaluation, overrides);
}

Result<void> audit_servers(const AuditOptions& options, const audit::AlgorithmContext& context, AuditRun& run) {
  for (const std::string& text : options.servers) {
    SSHTUNE_TRY(target, server_target(text, options, context.client));
    SSHTUNE_TRY(server,
                host::read_server_offer(target, wiring::production_offer_readers(system_clock()), system_clock()));
    for (audit::Finding& finding : audit::audit_live_server(server, "server " + describe(target), context)) {
      run.findings.push_back(std::move(finding));
    }
    link_servers(options.sources, options.hosts, target, server, context.client, run.facts.probes);
  }
  if (options.sshd) {
    SSHTUNE_TRY(findings, audit::audit_sshd_config(*options.sshd, context));
    for (audit::Finding& finding : findings) run.findings.push_back(std::move(finding));
  }
  return ok();
}

// The client audit of the files as they are now on disk; its progress on a terminal's stderr.
Result<ClientAudit> audit_clients(const AuditOptions& options, const audit::AlgorithmContext& context, AuditRun& run,
                                  Io& io) {
  SSHTUNE_TRY(configs, audit::load_client_configs(options.sources));
  SSHTUNE_TRYV(audit::check_client_syntax(configs, context.client));
  if (!run.speeds) {
    const bool bench = options.bench && !configs.files.empty();
    run.speeds = std::vector<probes::CipherSpeed>{};
    if (bench) {
      SSHTUNE_TRY(figures, host::cpu_bench_figures(wiring::this_cpu(), options.fresh, host::k_cache_max_age,
                                                   host::measure_this_cpu, system_clock()));
      run.speeds = std::move(figures.ciphers);
      run.zlib_mb_per_s = figures.zlib_mb_per_s;
    }
  }
  const char* rsync_rsh = std::getenv("RSYNC_RSH");
  AuditProgress progress(io.err, io.err_is_tty);
  const audit::ClientAuditInput input{configs,
                                      options.sources,
                                      options.hosts,
                                      context,
                                      *run.speeds,
                                      run.facts,
                                      rsync_rsh ? std::optional<std::string>(rsync_rsh) : std::nullopt,
                                      run.zlib_mb_per_s,
                                      progress.callback()};
  std::vector<audit::Finding> findings = audit::audit_client(input);
  return ClientAudit{std::move(configs), std::move(findings)};
}

// --fix (or --dry-run): plans the fixes of `client`'s findings and writes them
// through the editor, whose `ssh -G` check reads the -F file or the user config.
Result<FixOutcome> fix_clients(const AuditOptions& options, const audit::AlgorithmContext& context,
                               const ClientAudit& client) {
  const audit::ClientSources& sources = options.sources;
  const audit::FixInput input{client.findings, client.configs, sources.config_file.has_value(), getuid()};
  audit::FixPlan plan = audit::plan_fixes(input);
  edit::PosixFileSystem fs;
  edit::RealSshClient ssh;
  edit::EditEnv env{fs, context.client, ssh, system_clock()};
  SSHTUNE_TRY(report, edit::rewrite_files(plan.writes, sources.config_file.value_or(sources.user_config),
                                          options.dry_run, env));
  return FixOutcome{std::move(plan), std::move(report.diff), options.dry_run};
}

void print_report(const AuditOptions& options, const std::vector<audit::Finding>& findings,
                  const std::optional<FixOutcome>& fixes, const std::string& dialect, Io& io) {
  if (options.json) {
    nlohmann::json json = audit::to_json(findings);
    json["dialect"] = dialect;
    if (fixes) json.update(audit::fixes_to_json(fixes->plan));
    if (fixes && fixes->dry_run) json["diff"] = fixes->diff;
    io.out << json.dump(2) << '\n';
    return;
  }
  if (fixes) {
    const std::string lines = audit::render_fixes(fixes->plan, fixes->dry_run, output_charset());
    io.out << fixes->diff << lines << (lines.empty() ? "" : "\n");
  }
  io.out << audit::render_text(findings, output_charset(), severity_style(io.out_is_tty));
}

}  // namespace

Result<ExitCode> run_audit(const Args& args, Io& io) {
  const po::options_description flags = audit_flags();
  SSHTUNE_TRY(parsed, parse_command({"audit", k_usage, flags}, args, io));
  if (parsed.help) return ExitCode::ok;
  SSHTUNE_TRY(options, audit_options(parsed.values));
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  notice_newer_release(*client, io);
  SSHTUNE_TRY(policy, rules::load_policy());
  const audit::AlgorithmContext context{catalog, *client, policy};
  AuditRun run{
      {}, CachedMeasuredHosts(host::CacheRules{catalog, policy, client->supported(AlgorithmKind::cipher)}), {}, {}};
  SSHTUNE_TRYV(audit_servers(options, context, run));
  SSHTUNE_TRY(clients, audit_clients(options, context, run, io));
  std::optional<FixOutcome> fixes;
  if (options.fix) {
    SSHTUNE_TRY(outcome, fix_clients(options, context, clients));
    fixes = std::move(outcome);
    if (!fixes->dry_run && !fixes->plan.writes.empty()) {
      SSHTUNE_TRY(after, audit_clients(options, context, run, io));  // what remains
      clients = std::move(after);
    }
  }
  std::vector<audit::Finding> findings = std::move(run.findings);
  findings.insert(findings.end(), clients.findings.begin(), clients.findings.end());
  audit::sort_and_dedupe(findings);
  print_report(options, findings, fixes, dialect_field(*client), io);
  return exit_code_for(audit::failing_severity(findings, options.fail_on));
}

}  // namespace sshtune::cli
