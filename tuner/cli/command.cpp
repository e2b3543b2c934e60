#include "tuner/cli/command.hpp"

#include "base/message.hpp"
#include "tuner/cli/auto_probe.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/cli/spelling.hpp"
#include "tuner/cli/version_info.hpp"

#include <boost/program_options/parsers.hpp>

#include <algorithm>
#include <array>
#include <iomanip>
#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {

std::span<const Command> commands() {
  // Only commands that work are listed; --help prints them in this order.
  static const std::array table{
      Command{"host", "measure a host and recommend its ciphers and compression (ssh-tune HOST for short)", run_host},
      Command{"cpu", "CPU crypto features and local cipher/compression speeds (no network)", run_cpu},
      Command{"apply", "write a host's ciphers and compression into ssh_config (safely)", run_apply},
      Command{"revert", "remove what apply wrote, for one host or all", run_revert},
      Command{"config", "effective ssh settings for a host (as ssh -G), with file:line origins", run_config},
      Command{"audit", "find slow, deprecated or broken settings in ssh/sshd configs and servers", run_audit},
      Command{"snippet", "print a host's ssh_config block or rsync/scp/sftp/ssh command line", run_snippet},
      Command{"ssh", "drop-in ssh with the host's measured cipher and compression (rsync -e, scp -S, git)", run_ssh},
  };
  return table;
}

namespace {

const Command* find_command(const std::string& name) {
  const auto all = commands();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Command& c) { return c.name == name; });
  return it == all.end() ? nullptr : &*it;
}

void print_overview(std::ostream& out) {
  out << "usage: ssh-tune COMMAND [ARGS...]\n"
         "       ssh-tune HOST [host flags]    (same as ssh-tune host HOST)\n"
         "       ssh-tune --version\n\n"
         "Measures what makes SSH transfers fast on this machine and to your hosts,\n"
         "and writes the result into ssh_config without weakening security.\n\n"
         "commands:\n";
  for (const auto& command : commands()) {
    out << "  " << std::left << std::setw(10) << command.name << command.summary << '\n';
  }
  out << "\nRun 'ssh-tune COMMAND --help' for a command's flags; see ssh-tune(1).\n";
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& command : commands()) {
    names.push_back(command.name);
  }
  return names;
}

// A word close to a command name is taken for a typo, not for a host alias.
bool is_probably_mistyped_command(const std::string& word) { return closest_match(word, command_names()).has_value(); }

Error unknown_command(const std::string& word) {
  const auto names = command_names();
  std::string message = "unknown command '" + word + "'";
  if (const auto suggestion = closest_match(word, names)) {
    message += "; did you mean '" + *suggestion + "'?";
  } else {
    message += "; run 'ssh-tune --help' for the list";
  }
  return Error{ErrorKind::usage, message};
}

Result<ExitCode> dispatch(const Args& argv, Io& io) {
  if (argv.empty()) {
    print_overview(io.err);
    return ExitCode::usage;
  }
  const std::string& first = argv.front();
  if (first == "--help" || first == "-h" || first == "help") {
    print_overview(io.out);
    return ExitCode::ok;
  }
  if (first == "--version" || first == "-V") {
    print_version(io.out, version_info());
    return ExitCode::ok;
  }
  if (first == "--auto-probe") return run_auto_probe(Args(argv.begin() + 1, argv.end()), io);  // hidden
  if (first.starts_with("-")) {
    return Error{ErrorKind::usage, "unknown option '" + first + "'; run 'ssh-tune --help'"};
  }
  if (const Command* command = find_command(first)) {
    return command->run(Args(argv.begin() + 1, argv.end()), io);
  }
  if (is_probably_mistyped_command(first)) {
    return unknown_command(first);
  }
  // `ssh-tune HOST ...` is `ssh-tune host HOST ...`.
  return run_host(argv, io);
}

}  // namespace

CommandParser command_parser(const CommandLine& command) {
  CommandParser parser;
  parser.options.add(command.flags);
  parser.options.add_options()("help,h", "show this help");
  if (command.hosts == 1) parser.options.add_options()("host", po::value<std::string>());
  if (command.hosts < 0) parser.options.add_options()("host", po::value<std::vector<std::string>>());
  if (command.hosts != 0) parser.positional.add("host", command.hosts);
  return parser;
}

Result<ParsedFlags> parse_command(const CommandLine& command, const Args& args, Io& io) {
  const CommandParser parser = command_parser(command);
  ParsedFlags parsed;
  try {
    po::store(po::command_line_parser(args).options(parser.options).positional(parser.positional).run(), parsed.values);
    parsed.help = parsed.values.count("help") > 0;
    if (!parsed.help) po::notify(parsed.values);
  } catch (const po::error& e) {
    return Error{ErrorKind::usage, command.name + ": " + e.what() + "; run 'ssh-tune " + command.name + " --help'"};
  }
  if (parsed.help)
    io.out << "usage: " << command.usage << "\n\n" << command.flags << "  -h [ --help ]          show this help\n";
  return parsed;
}

int run_cli(const Args& argv, Io& io) {
  const auto result = dispatch(argv, io);
  if (result) {
    return to_int(result.value());
  }
  // Messages may quote hostile input: one line, escaped, bounded (base/message.hpp).
  io.err << "ssh-tune: " << one_line(result.error().message) << '\n';
  return to_int(result.error().kind == ErrorKind::usage ? ExitCode::usage : ExitCode::failure);
}

}  // namespace sshtune::cli
