// ssh-tune's entry point: the one place that catches exceptions.
#include "tuner/command.hpp"

#include <unistd.h>

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
  sshtune::Io io{std::cout, std::cerr, isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1};
  try {
    return sshtune::run_cli(sshtune::Args(argv + 1, argv + argc), io);
  } catch (const std::exception& e) {
    std::cerr << "ssh-tune: internal error: " << e.what() << '\n';
    return sshtune::to_int(sshtune::ExitCode::failure);
  }
}
