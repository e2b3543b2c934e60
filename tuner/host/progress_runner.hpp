#pragma once
// A RemoteRunner decorator for `ssh-tune host`'s survey: tells which trial runs
// and how far along it is (ProgressStatus), and hands each result the payload
// its spec carried (TrialResult::payload), so the report tells the user's sample
// from the random data.

#include "probes/core/host_trials.hpp"
#include "tuner/host/progress_status.hpp"

namespace sshtune::host {

class ProgressRunner final : public probes::RemoteRunner {
 public:
  // Wraps `inner`; `progress` unset shows nothing.
  ProgressRunner(probes::RemoteRunner& inner, ProgressStatus progress)
      : m_inner(inner), m_progress(std::move(progress)) {}

  Result<probes::AccessCheck> check_access() override;
  Result<probes::TrialResult> run(const probes::TrialSpec& spec) override;
  void connect_ahead(const probes::TrialSpec& first) override { m_inner.connect_ahead(first); }
  std::chrono::milliseconds setup_time() const override { return m_inner.setup_time(); }

  // Ends the status (call once after the last trial).
  void finish();

 private:
  void show(const std::string& label, std::uint64_t bytes, std::uint64_t cap);

  probes::RemoteRunner& m_inner;
  ProgressStatus m_progress;
};

}  // namespace sshtune::host
