#pragma once
// Running shell commands from tests.

#include <cstdio>
#include <memory>
#include <string>

namespace sshtune::testing {

// Runs `command` through /bin/sh and returns its stdout (stderr is not captured).
inline std::string capture(const std::string& command) {
  std::string output;
  std::unique_ptr<FILE, decltype(&pclose)> pipe(popen(command.c_str(), "r"), &pclose);
  char buffer[4096];
  while (pipe && fgets(buffer, sizeof buffer, pipe.get()) != nullptr) {
    output += buffer;
  }
  return output;
}

}  // namespace sshtune::testing
