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

namespace sshtune::cli {

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

// What a command reads from its command line: the flags its --help lists and how
// many HOST operands follow them (0; 1, read as a string; -1, any number, read as
// a vector of strings), all under the key "host".
struct CommandLine {
  std::string name;   // "snippet"
  std::string usage;  // the usage line --help prints
  const boost::program_options::options_description& flags;
  int hosts = 0;
};

// The whole parser of a command line: its flags, --help and the HOST operands.
struct CommandParser {
  boost::program_options::options_description options;
  boost::program_options::positional_options_description positional;
};
CommandParser command_parser(const CommandLine& command);

// A command's parsed flags, or the usage error that stopped parsing.
struct ParsedFlags {
  boost::program_options::variables_map values;
  bool help = false;  // --help was given and its usage printed: the command is done (exit 0)
};

// Parses `args` for `command`; with --help prints "usage: LINE" and the flag
// descriptions on io.out. Errors are usage errors naming the command:
// "cpu: unrecognised option '--x'; run 'ssh-tune cpu --help'".
Result<ParsedFlags> parse_command(const CommandLine& command, const Args& args, Io& io);

// Runs the whole command line (argv without the program name) and returns the
// exit code. Prints errors as "ssh-tune: MESSAGE" on io.err.
int run_cli(const Args& argv, Io& io);

}  // namespace sshtune::cli
