#pragma once
// The survey's bookkeeping (internal to probes/core): runs one plan's trials in order within
// its Budget, on the Clock it was given, sizing each trial's slot from the time left, the
// trials still to come, what a switch between trials costs and the path's round trip; keeps
// every result and failure in a HostTrialReport.

#include "base/budget.hpp"
#include "base/clock.hpp"
#include "probes/core/host_trials.hpp"

#include <chrono>
#include <optional>
#include <string>

namespace sshtune::probes {

class TrialSequence {
 public:
  using milliseconds = std::chrono::milliseconds;

  // The plan's budget from clock.now(). `connect_time` (what check_access took) is the first estimate of
  // a trial's overhead, until the round trip is known (set_rtt) or a trial's overhead is seen.
  TrialSequence(RemoteRunner& runner, const HostTrialPlan& plan, std::string host, const Clock& clock,
                milliseconds connect_time);

  // Runs `spec` unless stopped or out of budget; `trials_left` (this one included) shares the time left.
  // With `needed`, it runs even past the budget: the verdict needs one figure of its kind. A slot spans at
  // least plan.timing.stream_round_trips round trips of the path, its warm-up at least
  // plan.timing.warm_up_round_trips (a window's worth of data in flight is sent before any of it is
  // acknowledged).
  std::optional<TrialResult> attempt(TrialSpec spec, const std::string& label, int trials_left, bool needed = false);
  // Runs a remote command whatever the budget says (its output is a decision's input, not a figure that
  // a shorter budget would only make coarser); only a host found down skips it.
  std::optional<TrialResult> run_essential(const TrialSpec& spec, const std::string& label);

  // Records the path's idle round trip: it sizes slots, and until a trial's overhead is seen, a switch
  // between trials (a rekey) is taken to cost plan.timing.switch_round_trips of them (at least
  // plan.timing.least_switch) rather than a whole connection's set-up.
  void set_rtt(double seconds);
  void stop(const std::string& note);
  // Stops everything, essential commands too: the host cannot run them.
  void give_up(const std::string& note);
  // Gives up the share of the time left that `trials` of `trials_left` (them included) would have had:
  // the budget of a measurement that cannot matter is not spent on the rest.
  void forgo(int trials, int trials_left);
  // True when the budget still holds one more trial of the shortest kind.
  bool has_time_for_a_trial() const;
  // Time outside the budget: set-up (RemoteRunner::setup_time) and essential commands.
  milliseconds time_outside_budget() const { return m_budget.charged(); }
  const Clock& clock() const { return m_clock; }
  HostTrialReport& report() { return m_report; }
  const HostTrialPlan& plan() const { return m_plan; }

 private:
  struct Timed {
    Result<TrialResult> result;
    milliseconds wall;
    milliseconds setup;  // of wall, what the runner counted as set-up
  };
  milliseconds left() const { return m_budget.left(m_clock.now()); }
  milliseconds shortest_slot() const;
  Timed run_timed(const TrialSpec& spec);
  // What a trial costs beyond its slot: the least seen so far, so a one-off connection set-up does not
  // shrink every later slot; the ciphers that rarely win run last, where a budget overrun cuts them.
  void learn_overhead(milliseconds observed);
  std::optional<TrialResult> record(Result<TrialResult> result, const std::string& label);

  RemoteRunner& m_runner;
  const HostTrialPlan& m_plan;
  std::string m_host;
  const Clock& m_clock;
  Budget m_budget;  // its deadline moved by what set-up and essential commands took
  milliseconds m_overhead;
  bool m_overhead_learned = false;
  double m_rtt_seconds = 0;
  HostTrialReport m_report;
  int m_consecutive_failures = 0;
  bool m_stopped = false;
  bool m_host_down = false;
};

}  // namespace sshtune::probes
