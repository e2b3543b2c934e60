// `ssh-tune config HOST`: the effective settings as `ssh -G` prints them, each
// with the file:line it came from, plus warnings about dead per-host lines. Like
// `ssh -G`, it runs the configuration's Match exec commands (--no-exec skips them
// and names each skipped line), and reads -l/-p/-o and the destination in order.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "base/message.hpp"
#include "base/paths.hpp"
#include "tuner/cli/dialect_notice.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/cli/list_hosts.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <boost/program_options/parsers.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>
#include <map>
#include <set>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

constexpr const char* k_usage =
    "ssh-tune config HOST [-F FILE] [-l USER] [-p PORT] [-o KEY=VALUE]... [--no-exec] [--json]";

// Keywords whose dead per-host lines are worth a warning: the ones ssh-tune tunes.
const std::set<std::string> k_warned{"ciphers", "compression", "macs", "kexalgorithms"};

po::options_description config_flags() {
  po::options_description flags("flags");
  flags.add_options()("config,F", po::value<std::string>(), "read FILE instead of ~/.ssh/config and the system file")(
      "user,l", po::value<std::string>(), "remote user, as ssh -l")(
      "port,p", po::value<std::string>(), "port, as ssh -p")("option,o", po::value<std::vector<std::string>>(),
                                                             "an ssh option KEY=VALUE, as ssh -o (repeatable)")(
      "no-exec", "do not run Match exec commands (each skipped line is named in a warning)")(
      "match-exec", "run Match exec commands (the default; kept for compatibility)")("json", "print JSON")(
      "list-hosts", "instead of HOST's settings: the host aliases the files name (completion)");
  return flags;
}

// Shows paths under $HOME as "~/..." so origins read like the user's own notes.
std::string display_origin(const sshconfig::Origin& origin) { return display_path(origin.to_string()); }

std::vector<std::string> warnings_of(const sshconfig::Evaluation& evaluation) {
  std::vector<std::string> warnings;
  std::set<std::string> skipped;  // pass 2 skips the same lines again
  for (const sshconfig::SkippedExec& exec : evaluation.skipped_exec) {
    const std::string warning = display_origin(exec.line) + ": Match exec \"" + exec.command +
                                "\" not run (--no-exec); treated as a failing command";
    if (skipped.insert(warning).second) warnings.push_back(warning);
  }
  for (const sshconfig::DeadLine& dead : evaluation.dead_lines) {
    if (!dead.scoped || k_warned.count(dead.keyword) == 0) continue;
    warnings.push_back(display_origin(dead.dead) + ": " + dead.keyword + " is ignored for " + evaluation.host +
                       ": already set at " + display_origin(dead.winner) + " (the first value wins)");
  }
  return warnings;
}

// Keywords ssh prints on several lines; in JSON their value and origin are arrays.
bool multi_line(const std::string& keyword) {
  static const std::set<std::string> k_multi{"identityfile", "certificatefile", "sendenv",       "setenv",
                                             "localforward", "remoteforward",   "dynamicforward"};
  return k_multi.count(keyword) > 0;
}

nlohmann::json to_json(const sshconfig::Evaluation& evaluation, const std::vector<std::string>& warnings,
                       const std::string& dialect) {
  nlohmann::json settings = nlohmann::json::object();
  for (const sshconfig::Setting& setting : evaluation.settings) {
    if (!multi_line(setting.keyword)) {
      settings[setting.keyword] = {{"value", setting.value}, {"origin", display_origin(setting.origin)}};
      continue;
    }
    nlohmann::json& entry = settings[setting.keyword];
    entry["value"].push_back(setting.value);
    entry["origin"].push_back(display_origin(setting.origin));
  }
  return {{"host", evaluation.host},
          {"dialect", dialect},
          {"settings", settings},
          {"warnings", warnings},
          {"notes", evaluation.notes}};
}

void print_text(const sshconfig::Evaluation& evaluation, const std::vector<std::string>& warnings, Io& io) {
  for (const sshconfig::Setting& setting : evaluation.settings) {
    io.out << (setting.keyword_only ? setting.keyword : setting.keyword + ' ' + setting.value) << "   # "
           << display_origin(setting.origin) << '\n';
  }
  for (const std::string& note : evaluation.notes) io.err << "ssh-tune: note: " << one_line(note) << '\n';
  for (const std::string& warning : warnings) io.err << "ssh-tune: warning: " << one_line(warning) << '\n';
}

std::optional<std::string> optional_config(const po::variables_map& values) {
  return values.count("config") ? std::optional(values["config"].as<std::string>()) : std::nullopt;
}

// -l, -p and -o in command-line order, and how many came before the destination
// (ssh's first value wins, and the destination's user@ counts where it stands).
Result<sshconfig::EvalRequest> ordered_flags(const Args& args, const CommandLine& command) {
  static const std::map<std::string, char> k_letters{{"user", 'l'}, {"port", 'p'}, {"option", 'o'}};
  sshconfig::EvalRequest request;
  const CommandParser parser = command_parser(command);
  try {
    const auto parsed = po::command_line_parser(args).options(parser.options).positional(parser.positional).run();
    for (const po::option& option : parsed.options) {
      if (option.string_key == "host") request.flags_before_host = request.flags.size();
      const auto letter = k_letters.find(option.string_key);
      if (letter == k_letters.end() || option.value.empty()) continue;
      request.flags.push_back(sshconfig::CommandLineFlag{letter->second, option.value.front()});
    }
  } catch (const po::error& e) {
    return Error{ErrorKind::usage, std::string("config: ") + e.what()};
  }
  return request;
}

Result<sshconfig::EvalRequest> request_from(const Args& args, const CommandLine& command,
                                            const po::variables_map& values) {
  SSHTUNE_TRY(request, ordered_flags(args, command));
  request.host = values["host"].as<std::string>();
  if (values.count("config")) request.config_file = values["config"].as<std::string>();
  if (!values.count("no-exec")) request.exec = sshconfig::run_in_shell;  // ssh -G runs Match exec too
  return request;
}

}  // namespace

Result<ExitCode> run_config(const Args& args, Io& io) {
  const po::options_description flags = config_flags();
  const CommandLine command{"config", k_usage, flags, 1};
  SSHTUNE_TRY(parsed, parse_command(command, args, io));
  if (parsed.help) return ExitCode::ok;
  if (parsed.values.count("list-hosts")) return list_hosts(optional_config(parsed.values), io);
  if (parsed.values.count("host") == 0) return Error{ErrorKind::usage, std::string("usage: ") + k_usage};
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  notice_newer_release(*client, io);
  SSHTUNE_TRY(request, request_from(args, command, parsed.values));
  SSHTUNE_TRY(evaluation, sshconfig::evaluate(request, *client));
  const std::vector<std::string> warnings = warnings_of(evaluation);
  if (parsed.values.count("json")) {
    io.out << to_json(evaluation, warnings, dialect_field(*client)).dump(2) << '\n';
  } else {
    print_text(evaluation, warnings, io);
  }
  return ExitCode::ok;
}

}  // namespace sshtune::cli
