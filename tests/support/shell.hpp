#pragma once
// Running shell commands from tests, through base's one child-process runner.

#include "base/process.hpp"

#include <string>

namespace sshtune::testing {

struct ShellResult {
  int status = -1;  // exit code; -1 when the shell could not run or a signal ended it
  std::string out;  // stdout
};

// Runs `command` through /bin/sh; stdout is captured, stderr goes to the test log.
inline ShellResult shell(const std::string& command) {
  const auto run = run_process({"/bin/sh", "-c", command}, {Output::capture, Output::inherit});
  if (!run) return {};
  return {run.value().exit_code, run.value().out};
}

// The stdout of `command` (see shell()).
inline std::string capture(const std::string& command) { return shell(command).out; }

// Runs `command` through /bin/sh with stderr merged into stdout; returns the exit code and fills `output`.
inline int run_shell(const std::string& command, std::string& output) {
  const ShellResult result = shell(command + " 2>&1");
  output = result.out;
  return result.status;
}

}  // namespace sshtune::testing
