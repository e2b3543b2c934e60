#include "tuner/host/trial_label.hpp"

namespace sshtune::host {

std::string describe_trial(const probes::TrialSpec& spec) {
  switch (spec.kind) {
    case probes::TrialKind::round_trips: return "round trips";
    case probes::TrialKind::command: return "remote tools";
    case probes::TrialKind::download:
    case probes::TrialKind::upload: break;
  }
  return std::string(spec.kind == probes::TrialKind::download ? "download " : "upload ") + spec.cipher +
         (spec.compression ? " +zlib" : "");
}

std::string ssh_trial_label(const probes::TrialSpec& spec) { return "ssh " + describe_trial(spec); }

}  // namespace sshtune::host
