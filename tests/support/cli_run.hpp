#pragma once
// Runs the CLI in-process with captured output, for exact-message tests.

#include "tuner/cli/command.hpp"

#include <sstream>
#include <string>

namespace sshtune::testing {

struct CliRun {
  int code = 0;
  std::string out;
  std::string err;
};

// run_cli(args) with stdout and stderr captured (neither is a TTY).
inline CliRun run(const cli::Args& args) {
  std::ostringstream out;
  std::ostringstream err;
  cli::Io io{out, err};
  const int code = cli::run_cli(args, io);
  return {code, out.str(), err.str()};
}

}  // namespace sshtune::testing
