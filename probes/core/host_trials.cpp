#include "probes/core/host_trials.hpp"

#include "base/stats.hpp"
#include "base/strings.hpp"

#include <algorithm>
#include <random>

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

constexpr const char* k_paired_mac = "hmac-sha2-256-etm@openssh.com";
// Lower bound for what a trial spends outside its slot (an algorithm switch, now and then a new
// connection); the first estimate is the duration of check_access(), later ones are learned.
constexpr milliseconds k_min_overhead{50};
constexpr milliseconds k_min_time_cap{100};
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

// Runs the trials of one plan in order, keeping every result and failure, within the budget.
class TrialSequence {
 public:
  TrialSequence(RemoteRunner& runner, const HostTrialPlan& plan, std::string host, Clock::time_point start,
                milliseconds overhead)
      : m_runner(runner),
        m_plan(plan),
        m_host(std::move(host)),
        m_deadline(start + plan.budget),
        m_overhead(std::max(overhead, k_min_overhead)) {}

  // Runs `spec` unless stopped or out of budget; `trials_left` (this one included) shares the time left.
  std::optional<TrialResult> attempt(TrialSpec spec, const std::string& label, int trials_left) {
    if (m_stopped) {
      return std::nullopt;
    }
    const auto left = std::chrono::duration_cast<milliseconds>(deadline() - Clock::now());
    if (left < m_overhead + k_min_time_cap) {
      stop("time budget used up before " + label);
      return std::nullopt;
    }
    // A fifth of each slot warms up (refills the pipeline after an algorithm switch), the rest is measured.
    const auto slot = std::clamp(left / std::max(trials_left, 1) - m_overhead, k_min_time_cap,
                                 std::max(m_plan.max_trial_time, k_min_time_cap));
    spec.warm_up_time = slot / 5;
    spec.warm_up_bytes = 0;  // time alone: a byte count is seconds of warm-up on a slow link
    spec.time_cap = slot - spec.warm_up_time;
    spec.path_rtt_seconds = m_report.rtt_seconds.value_or(0);
    Timed run = run_timed(spec);
    if (spec.kind == TrialKind::upload || spec.kind == TrialKind::download) {
      // Only throughput trials, less their set-up: a connection's or a remote shell's start-up says
      // nothing about switching cost.
      learn_overhead(run.wall - slot - run.setup);
    }
    return record(std::move(run.result), label);
  }

  // Runs a remote command whatever the budget says (its output is a decision's input, not a figure
  // that a shorter budget would only make coarser); only a host found down skips it.
  std::optional<TrialResult> run_essential(const TrialSpec& spec, const std::string& label) {
    if (m_host_down) {
      return std::nullopt;
    }
    Timed run = run_timed(spec);
    m_essential_time += run.wall - run.setup;  // a reconnect counts once, as set-up
    return record(std::move(run.result), label);
  }

  void stop(const std::string& note) {
    m_report.notes.push_back(note);
    m_stopped = true;
  }
  // Stops everything, essential commands too: the host cannot run them.
  void give_up(const std::string& note) {
    stop(note);
    m_host_down = true;
  }
  // Gives up the share of the time left that `trials` of `trials_left` (them included) would have had:
  // the budget of a measurement that cannot matter is not spent on the rest.
  void forgo(int trials, int trials_left) {
    if (trials <= 0 || trials_left <= 0) return;
    const auto left = std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline() - Clock::now()));
    m_deadline -= left * std::min(trials, trials_left) / trials_left;
  }
  // True when the budget still holds one more trial of the shortest kind.
  bool has_time_for_a_trial() const { return !m_stopped && deadline() - Clock::now() >= m_overhead + k_min_time_cap; }
  // Time outside the budget: set-up (RemoteRunner::setup_time) and essential commands.
  milliseconds time_outside_budget() const { return m_runner.setup_time() + m_essential_time; }
  HostTrialReport& report() { return m_report; }
  const HostTrialPlan& plan() const { return m_plan; }

 private:
  // The budget's end, moved by what set-up and essential commands took.
  Clock::time_point deadline() const { return m_deadline + time_outside_budget(); }

  // Runs `spec`; also says how long it took, and how much of that the runner counted as set-up.
  struct Timed {
    Result<TrialResult> result;
    milliseconds wall;
    milliseconds setup;
  };
  Timed run_timed(const TrialSpec& spec) {
    const auto started = Clock::now();
    const auto setup_before = m_runner.setup_time();
    auto result = m_runner.run(spec);
    return {std::move(result), std::chrono::duration_cast<milliseconds>(Clock::now() - started),
            m_runner.setup_time() - setup_before};
  }

  // What a trial costs beyond its slot: an algorithm switch, plus now and then a new connection. The
  // least seen so far, so a one-off connection set-up does not shrink every later slot; the ciphers that
  // rarely win run last, where a budget overrun cuts them.
  void learn_overhead(milliseconds observed) {
    observed = std::max(observed, k_min_overhead);
    m_overhead = m_overhead_learned ? std::min(m_overhead, observed) : observed;
    m_overhead_learned = true;
  }

  std::optional<TrialResult> record(Result<TrialResult> result, const std::string& label) {
    if (result) {
      m_consecutive_failures = 0;
      return std::move(result).value();
    }
    m_report.failures.push_back({label, result.error().message});
    if (++m_consecutive_failures >= 2) {
      give_up("stopped after two consecutive failed trials; " + m_host + " may be down");
    }
    return std::nullopt;
  }

  RemoteRunner& m_runner;
  const HostTrialPlan& m_plan;
  std::string m_host;
  Clock::time_point m_deadline;
  milliseconds m_essential_time{0};
  milliseconds m_overhead;
  bool m_overhead_learned = false;
  HostTrialReport m_report;
  int m_consecutive_failures = 0;
  bool m_stopped = false;
  bool m_host_down = false;
};

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

// A cipher trial far below the median of its siblings was most likely disturbed (a connection still
// warming up, another process); while budget is left it runs once more, and the faster figure counts.
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
    TrialSpec spec;
    spec.kind = first.kind;
    spec.cipher = first.cipher;
    spec.mac = mac_for_cipher(first.cipher, sequence.plan().macs);
    auto again = sequence.attempt(spec, "repeat " + first.cipher, 1);
    if (again && mb_per_s(*again) > mb_per_s(sequence.report().trials[i])) {
      sequence.report().trials[i] = std::move(*again);
    }
  }
}

void measure_rtt(TrialSequence& sequence, int trials_left) {
  TrialSpec spec;
  spec.kind = TrialKind::round_trips;
  auto result = sequence.attempt(spec, "round trips", trials_left);
  if (!result) {
    sequence.give_up("remote commands could not run, so throughput, compression and remote tools were not measured");
    return;
  }
  sequence.report().rtt_seconds = median(result->round_trip_seconds);
}

// Times plan.ciphers[first, last) (clamped to the plan).
void measure_ciphers(TrialSequence& sequence, std::size_t first, std::size_t last, int& trials_left) {
  const TrialKind direction = sequence.plan().direction;
  const auto& ciphers = sequence.plan().ciphers;
  last = std::min(last, ciphers.size());
  for (std::size_t i = first; i < last; ++i) {
    const std::string& cipher = ciphers[i];
    TrialSpec spec;
    spec.kind = direction;
    spec.cipher = cipher;
    spec.mac = mac_for_cipher(cipher, sequence.plan().macs);
    const char* verb = direction == TrialKind::download ? "download " : "upload ";
    keep(sequence, sequence.attempt(spec, verb + cipher, trials_left--));
  }
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

void probe_tools(TrialSequence& sequence) {
  TrialSpec spec;
  spec.kind = TrialKind::command;
  spec.command = k_rsync_version_command;
  auto result = sequence.run_essential(spec, "rsync --version");
  if (!result) {
    return;
  }
  auto& report = sequence.report();
  report.tools = parse_rsync_version(result->output);
  if (!report.tools->rsync_version) {
    report.notes.push_back("rsync was not found on the remote host");
  }
}

}  // namespace

double mb_per_s(const TrialResult& result) {
  return result.seconds > 0 ? static_cast<double>(result.bytes) / result.seconds / 1e6 : 0;
}

double aggregate_mb_per_s(const std::vector<TrialResult>& results) {
  const auto on_one_clock = [&](const TrialResult& r) {
    return r.span && r.span->server_clock == results.front().span->server_clock;
  };
  double sum = 0;
  for (const TrialResult& result : results) sum += mb_per_s(result);
  if (results.empty() || !results.front().span || !std::all_of(results.begin(), results.end(), on_one_clock)) {
    return sum;
  }
  double start = results.front().span->start, end = results.front().span->end, bytes = 0;
  for (const TrialResult& result : results) {
    start = std::min(start, result.span->start);
    end = std::max(end, result.span->end);
    bytes += static_cast<double>(result.bytes);
  }
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

Result<HostTrialReport> run_host_trials(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host) {
  const auto start = Clock::now();
  SSHTUNE_TRY(access, runner.check_access());
  const auto overhead = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  return run_survey(runner, plan, host, std::move(access), overhead);
}

HostTrialReport run_survey(RemoteRunner& runner, const HostTrialPlan& plan, const std::string& host, AccessCheck access,
                           std::chrono::milliseconds connect_time) {
  const auto start = Clock::now();
  TrialSequence sequence(runner, plan, host, start, connect_time);
  sequence.report().access = std::move(access);
  int trials_left = planned_throughput_trials(plan) + 2;  // + round trips + tools
  measure_rtt(sequence, trials_left--);
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
  report.elapsed_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return report;
}

}  // namespace sshtune
