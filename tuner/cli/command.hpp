#pragma once
// The command-line framework: the subcommand table (ninja's kTools idea: each
// command is a name, a one-line summary and a handler), flag parsing, usage
// printing and the dispatcher. Handlers (handlers.hpp) parse their own flags and
// never exit; run_cli is the one place that turns an Error into a message.

#include "base/result.hpp"
#include "tuner/cli/exit_code.hpp"

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/positional_options.hpp>
#include <boost/program_options/variables_map.hpp>

#include <iosfwd>
#include <span>
#include <string>
#include <vector>

namespace sshtune {

// Where a command writes. Tests pass string streams; main passes std::cout/cerr.
struct Io {
  std::ostream& out;
  std::ostream& err;
  bool out_is_tty = false;
  bool err_is_tty = false;
};

using Args = std::vector<std::string>;

struct Command {
  std::string name;
  std::string summary;
  Result<ExitCode> (*run)(const Args& args, Io& io);
};

// Every command that exists, in the order `--help` lists them.
std::span<const Command> commands();

// A command's parsed flags, or the usage error that stopped parsing.
struct ParsedFlags {
  boost::program_options::variables_map values;
  bool help = false;  // --help was given: print usage and do nothing else
};

// Parses `args` for command `name` against `flags` (a --help flag is added).
// Errors are usage errors naming the command:
// "cpu: unrecognised option '--x'; run 'ssh-tune cpu --help'".
Result<ParsedFlags> parse_flags(const std::string& name, const Args& args,
                                const boost::program_options::options_description& flags,
                                const boost::program_options::positional_options_description& positional = {});

// Prints "usage: LINE" and the flag descriptions for a command's --help.
void print_usage(std::ostream& out, const std::string& usage_line,
                 const boost::program_options::options_description& flags);

// Runs the whole command line (argv without the program name) and returns the
// exit code. Prints errors as "ssh-tune: MESSAGE" on io.err.
int run_cli(const Args& argv, Io& io);

}  // namespace sshtune
