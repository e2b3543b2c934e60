#pragma once
// The second half of gather_facts: the user's own OpenSSH client times what the
// survey shortlisted (its leaders, the setting in effect now, compression when it
// can matter), the round trip is measured while the first of those streams, and
// k parallel sessions are timed on window-limited and CPU-bound hosts. Every
// figure lands in the Measurement with client "openssh"; a client that cannot
// connect leaves the survey's figures, with the reason.

#include "probes/host_trials.hpp"
#include "tuner/host/pipeline.hpp"

#include <chrono>
#include <memory>
#include <string>

namespace sshtune {

struct ConfirmInput {
  const HostRequest& request;
  const ResolvedHost& resolved;
  RemoteRunner& survey_runner;                // its control session measures the loaded round trip
  std::shared_ptr<const std::string> sample;  // the user's data, for the compressed trial
  std::chrono::milliseconds connect_time{0};  // what one connection's set-up took (the survey's)
  std::chrono::steady_clock::time_point
      deadline;  // the run's start plus its budget and the survey's set-up (env.now's clock)
  std::chrono::steady_clock::time_point budget_end;  // the run's start plus its budget: where runs timed again end
};

// Runs the confirmation and the parallel ladder within the request's budget shares, adding to `m`
// (facts.openssh_trials, facts.parallel_trials, facts.loaded_rtt_seconds, trials, notes, failures).
void confirm_with_openssh(const ConfirmInput& input, HostEnvironment& env, Measurement& m);

}  // namespace sshtune
