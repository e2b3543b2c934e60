#pragma once
// How the progress line and the notes name a trial: one spelling for both.

#include "probes/core/host_trials.hpp"

#include <string>

namespace sshtune::host {

// A short label for a trial: "round trips", "remote tools", or its direction and cipher, with
// " +zlib" when compressed: "upload aes128-gcm@openssh.com +zlib", "download aes128-ctr".
std::string describe_trial(const probes::TrialSpec& spec);

// How the notes name an OpenSSH trial (an upload or a download): "ssh " and describe_trial(),
// e.g. "ssh upload aes128-ctr +zlib".
std::string ssh_trial_label(const probes::TrialSpec& spec);

}  // namespace sshtune::host
