#pragma once
// The one place that names the OpenSSH client ssh-tune runs and reads configs
// for: $SSHTUNE_SSH when set (a test, or a user pointing ssh-tune at another
// OpenSSH), else `ssh` searched in PATH. Its `ssh -V` decides which release's
// ssh_config dialect `config` and `audit` read.

#include <string>

namespace sshtune {

// $SSHTUNE_SSH if set and not empty, else "ssh".
std::string ssh_program();

}  // namespace sshtune
