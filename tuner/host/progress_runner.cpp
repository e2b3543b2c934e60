#include "tuner/host/progress_runner.hpp"

#include "tuner/host/trial_label.hpp"

#include <algorithm>

namespace sshtune::host {

Result<probes::AccessCheck> ProgressRunner::check_access() {
  show("connecting, checking the host key", 0, 0);
  return m_inner.check_access();
}

Result<probes::TrialResult> ProgressRunner::run(const probes::TrialSpec& spec) {
  probes::TrialSpec wrapped = spec;
  const std::string label = describe_trial(spec);
  if (m_progress) {
    wrapped.on_progress = [this, label, cap = spec.byte_cap, inner = spec.on_progress](std::uint64_t bytes) {
      show(label, bytes, cap);
      if (inner) {
        inner(bytes);
      }
    };
  }
  show(label, 0, spec.byte_cap);
  auto result = m_inner.run(wrapped);
  if (result && spec.kind == probes::TrialKind::upload) result.value().payload = spec.payload;
  return result;
}

void ProgressRunner::show(const std::string& label, std::uint64_t bytes, std::uint64_t cap) {
  if (!m_progress) {
    return;
  }
  std::string line = label;
  if (bytes > 0) {
    line += " " + std::to_string(bytes >> 20) + " MiB";
    if (cap > 0) {
      line += " (" + std::to_string(std::min<std::uint64_t>(100, bytes * 100 / cap)) + "% of cap)";
    }
  }
  show_probing(m_progress, line);
}

void ProgressRunner::finish() { clear_progress(m_progress); }

}  // namespace sshtune::host
