#include "tuner/host/trial_label.hpp"

namespace sshtune {

std::string describe_trial(const TrialSpec& spec) {
  switch (spec.kind) {
    case TrialKind::round_trips: return "round trips";
    case TrialKind::command: return "remote tools";
    case TrialKind::download:
    case TrialKind::upload: break;
  }
  return std::string(spec.kind == TrialKind::download ? "download " : "upload ") + spec.cipher +
         (spec.compression ? " +zlib" : "");
}

std::string ssh_trial_label(const TrialSpec& spec) { return "ssh " + describe_trial(spec); }

}  // namespace sshtune
