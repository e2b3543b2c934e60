#pragma once
// Runs a helper program (ssh -Q, ssh -V, ssh -G) and collects its output.

#include "base/result.hpp"

#include <string>
#include <vector>

namespace sshtune {

struct ProcessResult {
  int exit_code = -1;  // -1 when killed by a signal
  std::string out;
  std::string err;
};

// Runs argv[0] (searched in PATH) with stdin from /dev/null and waits for it.
// Fails only when the program cannot be started: "ssh: No such file or directory".
Result<ProcessResult> run_process(const std::vector<std::string>& argv);

}  // namespace sshtune
