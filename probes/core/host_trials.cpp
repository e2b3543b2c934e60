#include "probes/core/host_trials.hpp"
#include "probes/core/repeated_runs.hpp"

#include "base/clock.hpp"
#include "base/stats.hpp"
#include "base/strings.hpp"
#include "probes/core/trial_sequence.hpp"

#include <algorithm>
#include <numeric>
#include <random>

namespace sshtune::probes {
namespace {

using std::chrono::milliseconds;

constexpr const char* k_paired_mac = "hmac-sha2-256-etm@openssh.com";
// The incompressible payload of the compression trial with random data.
constexpr std::size_t k_incompressible_size = 1u << 20;
// How many of the plan's ciphers (libssh_ciphers() order) are timed before tools and compression.
constexpr std::size_t k_leading_ciphers = 4;
// A cipher trial below this fraction of the median cipher trial is repeated when budget is left.
constexpr double k_outlier_fraction = 0.5;

bool is_aead(const std::string& cipher) {
  return cipher == "chacha20-poly1305@openssh.com" || cipher.ends_with("-gcm@openssh.com");
}

const std::vector<std::string>& libssh_macs() {
  static const std::vector<std::string> macs = {"hmac-sha2-256-etm@openssh.com",
                                                "hmac-sha2-512-etm@openssh.com",
                                                "hmac-sha1-etm@openssh.com",
                                                "hmac-sha2-256",
                                                "hmac-sha2-512",
                                                "hmac-sha1"};
  return macs;
}

std::shared_ptr<const std::string> incompressible_data() {
  std::mt19937_64 generator(0x5eed);
  std::string data(k_incompressible_size, '\0');
  for (std::size_t i = 0; i + 8 <= data.size(); i += 8) {
    const std::uint64_t word = generator();
    std::copy_n(reinterpret_cast<const char*>(&word), 8, data.data() + i);
  }
  return std::make_shared<const std::string>(std::move(data));
}

// The compressed trials measure_compression() runs: the user's sample (when given) and random data.
int compressed_trials(const HostTrialPlan& plan) { return plan.sample ? 2 : 1; }

int planned_throughput_trials(const HostTrialPlan& plan) {
  const int compression = plan.measure_compression && plan.server_offers_compression ? compressed_trials(plan) : 0;
  return static_cast<int>(plan.ciphers.size()) + compression;
}

void keep(TrialSequence& sequence, std::optional<TrialResult> result) {
  if (!result) {
    return;
  }
  sequence.report().trials.push_back(std::move(*result));
}

// An uncompressed throughput trial of `cipher` in the plan's direction (its MAC paired from the server's).
TrialSpec cipher_spec(const HostTrialPlan& plan, const std::string& cipher) {
  TrialSpec spec;
  spec.kind = plan.direction;
  spec.cipher = cipher;
  spec.mac = mac_for_cipher(cipher, plan.macs);
  return spec;
}

// A cipher trial far below the median of its siblings was most likely disturbed (a connection still
// warming up, another process); while budget is left it runs once more, and its figure is folded from
// both runs by the one rule for repeated runs (fold_runs).
void retry_outliers(TrialSequence& sequence) {
  std::vector<double> rates;
  for (const auto& trial : sequence.report().trials) {
    if (!trial.compression) {
      rates.push_back(mb_per_s(trial));
    }
  }
  if (rates.size() < 3) {
    return;
  }
  const double typical = median(rates);
  for (std::size_t i = 0; i < sequence.report().trials.size() && sequence.has_time_for_a_trial(); ++i) {
    const TrialResult& first = sequence.report().trials[i];
    if (first.compression || mb_per_s(first) >= k_outlier_fraction * typical) {
      continue;
    }
    auto again = sequence.attempt(cipher_spec(sequence.plan(), first.cipher), "repeat " + first.cipher, 1);
    if (again) {
      TrialResult& kept = sequence.report().trials[i];
      kept = fold_runs({&kept, &*again}, sequence.plan().stall_fraction);
    }
  }
}

// The round trips open the survey's first remote command: what they took beyond their exchanges is that
// command's start (HostTrialReport::command_start_seconds).
void measure_rtt(TrialSequence& sequence, int trials_left) {
  TrialSpec spec;
  spec.kind = TrialKind::round_trips;
  if (sequence.plan().probe_tools) spec.remote.command = k_remote_tools_command;  // on the echo's shell
  const auto started = sequence.clock().now();
  auto result = sequence.attempt(spec, "round trips", trials_left, true);  // every slot is sized by it
  if (!result) {
    sequence.give_up("remote commands could not run, so throughput, compression and remote tools were not measured");
    return;
  }
  const auto& exchanges = result->round_trip_seconds;
  const double exchanged = std::accumulate(exchanges.begin(), exchanges.end(), 0.0);
  sequence.report().command_start_seconds = std::max(0.0, seconds_since(sequence.clock(), started) - exchanged);
  if (!result->output.empty()) sequence.report().tools = parse_remote_tools(result->output);
  sequence.report().rtt_seconds = median(result->round_trip_seconds);
  sequence.set_rtt(*sequence.report().rtt_seconds);
}

// The fastest uncompressed cipher trial so far; null when none succeeded.
const TrialResult* fastest_trial(const HostTrialReport& report) {
  const TrialResult* best = nullptr;
  for (const auto& trial : report.trials) {
    if (!trial.compression && (best == nullptr || mb_per_s(trial) > mb_per_s(*best))) {
      best = &trial;
    }
  }
  return best;
}

std::vector<TrialResult> uncompressed_trials(const HostTrialReport& report) {
  std::vector<TrialResult> timed;
  for (const auto& trial : report.trials) {
    if (!trial.compression) timed.push_back(trial);
  }
  return timed;
}

// After the round trips and after each cipher trial: whether plan.skip_ciphers settles the rest; when it
// does, the report says so.
bool ciphers_settled(TrialSequence& sequence) {
  auto& report = sequence.report();
  if (!report.untimed_reason.empty()) return true;
  const auto& skip = sequence.plan().skip_ciphers;
  if (!skip) return false;
  const auto timed = uncompressed_trials(report);
  auto reason = skip(timed, report.rtt_seconds);
  if (!reason) return false;
  report.untimed_reason = std::move(*reason);
  report.notes.push_back((timed.empty() ? "no cipher trial: " : "cipher trials ended: ") + report.untimed_reason);
  return true;
}

// Times plan.ciphers[first, last) (clamped to the plan).
void measure_ciphers(TrialSequence& sequence, std::size_t first, std::size_t last, int& trials_left) {
  const TrialKind direction = sequence.plan().direction;
  const auto& ciphers = sequence.plan().ciphers;
  last = std::min(last, ciphers.size());
  for (std::size_t i = first; i < last; ++i) {
    const std::string& cipher = ciphers[i];
    if (!sequence.report().untimed_reason.empty()) {
      sequence.report().untimed_ciphers.push_back(cipher);
      continue;
    }
    const TrialSpec spec = cipher_spec(sequence.plan(), cipher);
    const char* verb = direction == TrialKind::download ? "download " : "upload ";
    const bool needed = fastest_trial(sequence.report()) == nullptr;
    keep(sequence, sequence.attempt(spec, verb + cipher, trials_left--, needed));
    // The ciphers left untimed give their time to the trials after them.
    if (ciphers_settled(sequence)) trials_left -= static_cast<int>(ciphers.size() - i - 1);
  }
}

void measure_compression(TrialSequence& sequence, const TrialResult& fastest, int& trials_left) {
  const auto& plan = sequence.plan();
  if (!plan.server_offers_compression) {
    sequence.report().notes.push_back(
        "server does not offer zlib@openssh.com (Compression no): compressed "
        "throughput not measured");
    return;
  }
  const auto skipped = plan.skip_compression ? plan.skip_compression(mb_per_s(fastest)) : std::nullopt;
  if (skipped) {
    sequence.report().notes.push_back(*skipped);
    sequence.forgo(compressed_trials(plan), trials_left);
    trials_left -= compressed_trials(plan);
    return;
  }
  const std::string& cipher = fastest.cipher;
  TrialSpec spec;
  spec.cipher = cipher;
  spec.mac = mac_for_cipher(cipher, plan.macs);
  spec.compression = true;
  if (plan.sample) {
    spec.payload = plan.sample;
    keep(sequence, sequence.attempt(spec, "upload " + cipher + " compressed sample", trials_left--));
  }
  spec.payload = incompressible_data();
  keep(sequence, sequence.attempt(spec, "upload " + cipher + " compressed random", trials_left--));
}

void run_tools_command(TrialSequence& sequence) {
  TrialSpec spec;
  spec.kind = TrialKind::command;
  spec.remote.command = k_remote_tools_command;
  auto result = sequence.run_essential(spec, "rsync --version and TCP buffers");
  if (!result) {
    return;
  }
  sequence.report().tools = parse_remote_tools(result->output);
}

// The remote tools, unless the round trips' shell printed them (a host that has neither rsync nor
// /proc prints nothing there: asked again, it says so again).
void probe_tools(TrialSequence& sequence) {
  if (!sequence.report().tools) run_tools_command(sequence);
  if (sequence.report().tools && !sequence.report().tools->rsync_version) {
    sequence.report().notes.push_back("rsync was not found on the remote host");
  }
}

}  // namespace

double mb_per_s(const TrialResult& result) {
  return result.seconds > 0 ? static_cast<double>(result.bytes) / result.seconds / 1e6 : 0;
}

double aggregate_mb_per_s(const std::vector<TrialResult>& results, SessionSharing sharing) {
  const auto on_one_clock = [&](const TrialResult& r) {
    return r.span && r.span->server_clock == results.front().span->server_clock;
  };
  double sum = 0;
  for (const TrialResult& result : results) sum += mb_per_s(result);
  if (results.empty() || !results.front().span || !std::all_of(results.begin(), results.end(), on_one_clock)) {
    return sum;
  }
  double start = results.front().span->start, end = results.front().span->end, bytes = 0;
  double last_start = start, first_end = end;
  for (const TrialResult& result : results) {
    start = std::min(start, result.span->start), last_start = std::max(last_start, result.span->start);
    end = std::max(end, result.span->end), first_end = std::min(first_end, result.span->end);
    bytes += static_cast<double>(result.bytes);
  }
  if (sharing == SessionSharing::independent && last_start < first_end) return sum;
  return end > start ? bytes / (end - start) / 1e6 : sum;
}

const std::vector<std::string>& libssh_ciphers() {
  static const std::vector<std::string> ciphers = {"aes128-gcm@openssh.com",
                                                   "chacha20-poly1305@openssh.com",
                                                   "aes256-gcm@openssh.com",
                                                   "aes128-ctr",
                                                   "aes256-ctr",
                                                   "aes192-ctr",
                                                   "aes128-cbc",
                                                   "aes256-cbc",
                                                   "aes192-cbc",
                                                   "3des-cbc"};
  return ciphers;
}

std::string mac_for_cipher(const std::string& cipher, const std::vector<std::string>& server_macs) {
  if (is_aead(cipher)) {
    return "";
  }
  if (contains(server_macs, k_paired_mac)) {
    return k_paired_mac;
  }
  for (const auto& mac : server_macs) {
    if (contains(libssh_macs(), mac)) {
      return mac;
    }
  }
  return "";
}

HostTrialPlan make_trial_plan(const ServerAlgorithms& server, std::shared_ptr<const std::string> sample) {
  HostTrialPlan plan;
  for (const auto& cipher : libssh_ciphers()) {
    if (contains(server.ciphers_c2s, cipher) && contains(server.ciphers_s2c, cipher)) {
      plan.ciphers.push_back(cipher);
    }
  }
  plan.macs = server.macs_c2s;
  plan.server_offers_compression = contains(server.compression_c2s, k_ssh_compression);
  plan.sample = std::move(sample);
  return plan;
}

Result<HostTrialReport> run_host_trials(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host,
                                        const Clock& clock) {
  const auto start = clock.now();
  SSHTUNE_TRY(access, runner.check_access());
  const auto overhead = std::chrono::duration_cast<milliseconds>(clock.now() - start);
  return run_survey(runner, plan, host, std::move(access), overhead, clock);
}

HostTrialReport run_survey(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host, AccessCheck access,
                           std::chrono::milliseconds connect_time, const Clock& clock) {
  const auto start = clock.now();
  TrialSequence sequence(runner, plan, host, clock, connect_time);
  sequence.report().access = std::move(access);
  int trials_left = planned_throughput_trials(plan) + 2;  // + round trips + tools
  // Where the round trip then settles every cipher, this connection goes unused: end_trials() closes it
  // once it is open, which costs a log-in beside the round trips, not the time of one.
  if (!plan.ciphers.empty()) runner.connect_ahead(cipher_spec(plan, plan.ciphers.front()));
  measure_rtt(sequence, trials_left--);
  // A long path's round trip alone may show that no trial can tell the ciphers apart.
  if (ciphers_settled(sequence)) trials_left -= static_cast<int>(plan.ciphers.size());
  // Decision-relevant first, so a tight budget cuts what matters least: the ciphers users most often
  // choose between, rsync's abilities, compression, and last the ciphers that rarely win.
  measure_ciphers(sequence, 0, k_leading_ciphers, trials_left);
  if (plan.probe_tools) {
    probe_tools(sequence);  // which rsync compression to advise: never cut by the budget
    --trials_left;
  }
  const TrialResult* fastest = fastest_trial(sequence.report());
  if (fastest != nullptr && plan.measure_compression) {
    const TrialResult best = *fastest;  // the report's trials grow while it is measured
    measure_compression(sequence, best, trials_left);
  }
  measure_ciphers(sequence, k_leading_ciphers, plan.ciphers.size(), trials_left);
  retry_outliers(sequence);
  HostTrialReport report = std::move(sequence.report());
  report.outside_budget = sequence.time_outside_budget();
  report.elapsed_seconds = seconds_since(clock, start);
  return report;
}

}  // namespace sshtune::probes
