// `ssh-tune config HOST`: the effective settings as `ssh -G` prints them, each
// with the file:line it came from, plus warnings about dead per-host lines.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "base/paths.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/cli/list_hosts.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ostream>
#include <set>

namespace po = boost::program_options;

namespace sshtune {
namespace {

constexpr const char* k_usage =
    "ssh-tune config HOST [-F FILE] [-l USER] [-p PORT] [-o KEY=VALUE]... [--match-exec] [--json]";

// Keywords whose dead per-host lines are worth a warning: the ones ssh-tune tunes.
const std::set<std::string> k_warned{"ciphers", "compression", "macs", "kexalgorithms"};

po::options_description config_flags() {
  po::options_description flags("flags");
  flags.add_options()("config,F", po::value<std::string>(), "read FILE instead of ~/.ssh/config and the system file")(
      "user,l", po::value<std::string>(), "remote user, as ssh -l")("port,p", po::value<std::string>(),
                                                                      "port, as ssh -p")(
      "option,o", po::value<std::vector<std::string>>(), "an ssh option KEY=VALUE, as ssh -o (repeatable)")(
      "match-exec", "run Match exec commands (ssh -G runs them; ssh-tune does not unless asked)")(
      "json", "print JSON")("list-hosts", "instead of HOST's settings: the host aliases the files name (completion)")(
      "host", po::value<std::string>(), "destination as given to ssh");
  return flags;
}

// Shows paths under $HOME as "~/..." so origins read like the user's own notes.
std::string display_origin(const config::Origin& origin) {
  return display_path(origin.to_string());
}

std::vector<std::string> warnings_of(const config::Evaluation& evaluation) {
  std::vector<std::string> warnings;
  for (const config::DeadLine& dead : evaluation.dead_lines) {
    if (!dead.scoped || k_warned.count(dead.keyword) == 0) continue;
    warnings.push_back(display_origin(dead.dead) + ": " + dead.keyword + " is ignored for " + evaluation.host +
                       ": already set at " + display_origin(dead.winner) + " (the first value wins)");
  }
  return warnings;
}

// Keywords ssh prints on several lines; in JSON their value and origin are arrays.
bool multi_line(const std::string& keyword) {
  static const std::set<std::string> k_multi{"identityfile", "certificatefile", "sendenv", "setenv",
                                             "localforward", "remoteforward", "dynamicforward"};
  return k_multi.count(keyword) > 0;
}

nlohmann::json to_json(const config::Evaluation& evaluation, const std::vector<std::string>& warnings) {
  nlohmann::json settings = nlohmann::json::object();
  for (const config::Setting& setting : evaluation.settings) {
    if (!multi_line(setting.keyword)) {
      settings[setting.keyword] = {{"value", setting.value}, {"origin", display_origin(setting.origin)}};
      continue;
    }
    nlohmann::json& entry = settings[setting.keyword];
    entry["value"].push_back(setting.value);
    entry["origin"].push_back(display_origin(setting.origin));
  }
  return {{"host", evaluation.host}, {"settings", settings}, {"warnings", warnings}, {"notes", evaluation.notes}};
}

void print_text(const config::Evaluation& evaluation, const std::vector<std::string>& warnings, Io& io) {
  for (const config::Setting& setting : evaluation.settings) {
    io.out << setting.keyword << ' ' << setting.value << "   # " << display_origin(setting.origin) << '\n';
  }
  for (const std::string& note : evaluation.notes) io.err << "ssh-tune: note: " << note << '\n';
  for (const std::string& warning : warnings) io.err << "ssh-tune: warning: " << warning << '\n';
}

std::optional<std::string> optional_config(const po::variables_map& values) {
  return values.count("config") ? std::optional(values["config"].as<std::string>()) : std::nullopt;
}

config::EvalRequest request_from(const po::variables_map& values) {
  config::EvalRequest request;
  request.host = values["host"].as<std::string>();
  if (values.count("config")) request.config_file = values["config"].as<std::string>();
  if (values.count("user")) request.user = values["user"].as<std::string>();
  if (values.count("port")) request.port = values["port"].as<std::string>();
  if (values.count("option")) request.options = values["option"].as<std::vector<std::string>>();
  if (values.count("match-exec")) request.exec = config::run_in_shell;
  return request;
}

}  // namespace

Result<ExitCode> run_config(const Args& args, Io& io) {
  const po::options_description flags = config_flags();
  po::positional_options_description positional;
  positional.add("host", 1);
  SSHTUNE_TRY(parsed, parse_flags("config", args, flags, positional));
  if (parsed.help) {
    print_usage(io.out, k_usage, flags);
    return ExitCode::ok;
  }
  if (parsed.values.count("list-hosts")) return list_hosts(optional_config(parsed.values), io);
  if (parsed.values.count("host") == 0) return Error{ErrorKind::usage, std::string("usage: ") + k_usage};
  SSHTUNE_TRY(client, local_client_capabilities());
  SSHTUNE_TRY(evaluation, config::evaluate(request_from(parsed.values), *client));
  const std::vector<std::string> warnings = warnings_of(evaluation);
  if (parsed.values.count("json")) {
    io.out << to_json(evaluation, warnings).dump(2) << '\n';
  } else {
    print_text(evaluation, warnings, io);
  }
  return ExitCode::ok;
}

}  // namespace sshtune
