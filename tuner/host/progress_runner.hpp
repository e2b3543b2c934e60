#pragma once
// A RemoteRunner decorator for `ssh-tune host`'s survey: shows which trial runs
// and how far along it is (stderr, TTY only), and hands each result the payload
// its spec carried (TrialResult::payload), so the report tells the user's sample
// from the random data.

#include "probes/core/host_trials.hpp"

#include <iosfwd>
#include <memory>

namespace sshtune::host {

class ProgressRunner final : public probes::RemoteRunner {
 public:
  // Wraps `inner`; `progress` is null when nothing should be shown.
  ProgressRunner(probes::RemoteRunner& inner, std::ostream* progress) : m_inner(inner), m_progress(progress) {}

  Result<probes::AccessCheck> check_access() override;
  Result<probes::TrialResult> run(const probes::TrialSpec& spec) override;
  void connect_ahead(const probes::TrialSpec& first) override { m_inner.connect_ahead(first); }
  std::chrono::milliseconds setup_time() const override { return m_inner.setup_time(); }

  // Clears the progress line (call once after the last trial).
  void finish();

 private:
  void show(const std::string& label, std::uint64_t bytes, std::uint64_t cap);

  probes::RemoteRunner& m_inner;
  std::ostream* m_progress;
};

// Shows "probing: WHAT" on the live status line; nothing when `progress` is null.
void show_probing(std::ostream* progress, const std::string& what);
// Clears the live status line; nothing when `progress` is null.
void clear_progress(std::ostream* progress);

}  // namespace sshtune::host
