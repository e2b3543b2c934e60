#pragma once
// A RemoteRunner decorator for `ssh-tune host`: shows which trial runs and how
// far along it is (stderr, TTY only), and remembers which compressed trials
// carried the user's sample so the report can tell them from the random-data one.

#include "probes/host_trials.hpp"

#include <iosfwd>
#include <memory>

namespace sshtune {

class ProgressRunner final : public RemoteRunner {
 public:
  // Wraps `inner`; `progress` is null when nothing should be shown.
  ProgressRunner(RemoteRunner& inner, std::ostream* progress, std::shared_ptr<const std::string> sample)
      : m_inner(inner), m_progress(progress), m_sample(std::move(sample)) {}

  Result<AccessCheck> check_access() override;
  Result<TrialResult> run(const TrialSpec& spec) override;
  std::chrono::milliseconds setup_time() const override { return m_inner.setup_time(); }

  // For each successful compressed upload, in order: did it carry the sample?
  const std::vector<bool>& compressed_was_sample() const { return m_compressed_was_sample; }
  // Clears the progress line (call once after the last trial).
  void finish();

 private:
  void show(const std::string& label, std::uint64_t bytes, std::uint64_t cap);

  RemoteRunner& m_inner;
  std::ostream* m_progress;
  std::shared_ptr<const std::string> m_sample;
  std::vector<bool> m_compressed_was_sample;
};

// A short label for a trial: "upload aes128-gcm@openssh.com +zlib".
std::string describe_trial(const TrialSpec& spec);

}  // namespace sshtune
