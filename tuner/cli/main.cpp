// ssh-tune's entry point: the one place that catches exceptions.
#include "tuner/cli/command.hpp"

#include <unistd.h>

#include <exception>
#include <iostream>
#include <string_view>

int main(int argc, char** argv) {
  sshtune::cli::Io io{std::cout, std::cerr, isatty(STDOUT_FILENO) == 1, isatty(STDERR_FILENO) == 1};
  try {
    sshtune::cli::Args args(argv + 1, argv + argc);
    // Installed as ssh-tune-ssh (a symlink), it is `ssh-tune ssh`: for `scp -S`,
    // which takes a program name and no arguments of its own.
    if (argc > 0 && std::string_view(argv[0]).ends_with("ssh-tune-ssh")) args.insert(args.begin(), "ssh");
    return sshtune::cli::run_cli(args, io);
  } catch (const std::exception& e) {
    std::cerr << "ssh-tune: internal error: " << e.what() << '\n';
    return sshtune::cli::to_int(sshtune::cli::ExitCode::failure);
  }
}
