#include "probes/core/trial_sequence.hpp"

#include <algorithm>

namespace sshtune::probes {
namespace {

using std::chrono::duration_cast;
using milliseconds = TrialSequence::milliseconds;

milliseconds round_trips(double rtt_seconds, int count) {
  return milliseconds(static_cast<long long>(rtt_seconds * 1000 * count));
}

bool moves_data(TrialKind kind) { return kind == TrialKind::upload || kind == TrialKind::download; }

}  // namespace

TrialSequence::TrialSequence(RemoteRunner& runner, const HostTrialPlan& plan, std::string host, const Clock& clock,
                             milliseconds connect_time)
    : m_runner(runner),
      m_plan(plan),
      m_host(std::move(host)),
      m_clock(clock),
      m_budget(clock.now(), plan.budget),
      m_overhead(std::max(connect_time, plan.timing.least_switch)) {
  m_budget.charge(runner.setup_time());
}

std::optional<TrialResult> TrialSequence::attempt(TrialSpec spec, const std::string& label, int trials_left,
                                                  bool needed) {
  if (m_stopped) return std::nullopt;
  const bool data = moves_data(spec.kind);
  const milliseconds shortest = data ? shortest_slot() : m_plan.timing.least_command_slot;
  const milliseconds left = this->left();
  if (left < m_overhead + shortest && !needed) {
    stop("time budget used up before " + label);
    return std::nullopt;
  }
  const auto slot =
      std::clamp(left / std::max(trials_left, 1) - m_overhead, shortest, std::max(m_plan.max_trial_time, shortest));
  spec.warm_up_time =
      data ? std::max(slot / 5, round_trips(m_rtt_seconds, m_plan.timing.warm_up_round_trips)) : slot / 5;
  spec.warm_up_bytes = 0;  // time alone: a byte count is seconds of warm-up on a slow link
  spec.time_cap = slot - spec.warm_up_time;
  spec.path_rtt_seconds = m_report.rtt_seconds.value_or(0);
  Timed run = run_timed(spec);
  // Only throughput trials, less their set-up: a connection's or a remote shell's start-up says nothing
  // about switching cost.
  if (data) learn_overhead(run.wall - slot - run.setup);
  return record(std::move(run.result), label);
}

std::optional<TrialResult> TrialSequence::run_essential(const TrialSpec& spec, const std::string& label) {
  if (m_host_down) return std::nullopt;
  Timed run = run_timed(spec);
  m_budget.charge(run.wall - run.setup);  // a reconnect counts once, as set-up (run_timed charged it)
  return record(std::move(run.result), label);
}

void TrialSequence::set_rtt(double seconds) {
  m_rtt_seconds = seconds;
  if (!m_overhead_learned)
    m_overhead = std::max(m_plan.timing.least_switch, round_trips(seconds, m_plan.timing.switch_round_trips));
}

void TrialSequence::stop(const std::string& note) {
  m_report.notes.push_back(note);
  m_stopped = true;
}

void TrialSequence::give_up(const std::string& note) {
  stop(note);
  m_host_down = true;
}

void TrialSequence::forgo(int trials, int trials_left) {
  if (trials <= 0 || trials_left <= 0) return;
  m_budget.give_up(std::max(milliseconds(0), left()) * std::min(trials, trials_left) / trials_left);
}

bool TrialSequence::has_time_for_a_trial() const { return !m_stopped && left() >= m_overhead + shortest_slot(); }

milliseconds TrialSequence::shortest_slot() const {
  return std::max(m_plan.timing.least_command_slot, round_trips(m_rtt_seconds, m_plan.timing.stream_round_trips));
}

TrialSequence::Timed TrialSequence::run_timed(const TrialSpec& spec) {
  const auto started = m_clock.now();
  const auto setup_before = m_runner.setup_time();
  auto result = m_runner.run(spec);
  const milliseconds setup = m_runner.setup_time() - setup_before;
  m_budget.charge(setup);
  return {std::move(result), duration_cast<milliseconds>(m_clock.now() - started), setup};
}

void TrialSequence::learn_overhead(milliseconds observed) {
  observed = std::max(observed, m_plan.timing.least_switch);
  m_overhead = m_overhead_learned ? std::min(m_overhead, observed) : observed;
  m_overhead_learned = true;
}

std::optional<TrialResult> TrialSequence::record(Result<TrialResult> result, const std::string& label) {
  if (result) {
    m_consecutive_failures = 0;
    return std::move(result).value();
  }
  m_report.failures.push_back({label, result.error().message});
  if (++m_consecutive_failures >= 2) give_up("stopped after two consecutive failed trials; " + m_host + " may be down");
  return std::nullopt;
}

}  // namespace sshtune::probes
