// `ssh-tune host HOST`: measure, decide, show the verdict, optionally write it.
// Several hosts (H1 H2..., --all, --hosts FILE) go to run_host_fleet (cmd_host_fleet.cpp).
#include "tuner/cli/status_line.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/cli/host_fleet.hpp"
#include "tuner/cli/host_view.hpp"
#include "tuner/cli/version_info.hpp"

#include "base/byte_size.hpp"
#include "base/message.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/edit/ssh_client.hpp"
#include "tuner/wiring/production.hpp"
#include "tuner/host/write.hpp"
#include "tuner/sshconfig/names.hpp"

#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

constexpr const char* k_host_usage =
    "ssh-tune host HOST...|--all|--hosts FILE [--sample PATH] [--size SIZE] [--budget SEC] "
    "[--direction upload|download] "
    "[--fresh] [--write|--dry-run] [--json] [-F FILE] "
    "[-p PORT] [-l USER] [-i FILE] [--accept-new]";

po::options_description host_flags() {
  po::options_description flags("host flags");
  flags.add_options()("sample", po::value<std::string>()->value_name("PATH"),
                      "decide compression on this file or directory's data")(
      "size", po::value<std::string>()->value_name("SIZE"),
      "time a whole copy of this size (4G, 500M, bytes; default: --sample's size, else 1G)")(
      "budget", po::value<double>()->value_name("SEC")->default_value(5.0), "total seconds for the trials")(
      "direction", po::value<std::string>()->value_name("WAY")->default_value("upload"),
      "time ciphers pushing data (upload: scp/rsync to HOST) or pulling it (download)")(
      "all", "tune every concrete Host alias of the config (-F FILE or ~/.ssh/config)")(
      "hosts", po::value<std::string>()->value_name("FILE"), "tune every [user@]host[:port] line of FILE")(
      "fresh", "measure again even when a fresh cached measurement exists")(
      "write", "write the recommendation into ssh_config (as ssh-tune apply does)")(
      "dry-run", "show the diff --write would make, change nothing")("json", "print JSON")(
      "config,F", po::value<std::string>()->value_name("FILE"), "read this ssh config instead of ~/.ssh/config")(
      "port,p", po::value<std::string>()->value_name("PORT"), "override the port")(
      "user,l", po::value<std::string>()->value_name("USER"), "override the user")(
      "identity,i", po::value<std::string>()->value_name("FILE"), "try this identity file first")(
      "accept-new", "accept and record an unknown host key (never a changed one)");
  return flags;
}

std::optional<std::string> optional_string(const po::variables_map& values, const char* name) {
  return values.count(name) > 0 ? std::optional(values[name].as<std::string>()) : std::nullopt;
}

std::vector<std::string> host_names(const po::variables_map& values) {
  return values.count("host") > 0 ? values["host"].as<std::vector<std::string>>() : std::vector<std::string>{};
}

// The host by ssh's rules, and with --write or --dry-run the alias that becomes a
// Host line: refused before anything is measured or written (-l USER is checked
// once for every host, in run_host).
Result<void> check_names(const std::string& host, const po::variables_map& values) {
  SSHTUNE_TRYV(sshconfig::check_destination(host));
  if (values.count("write") > 0 || values.count("dry-run") > 0) {
    SSHTUNE_TRYV(sshconfig::check_host_alias(host));
  }
  return ok();
}

// --size SIZE (parse_byte_size), when given.
Result<std::optional<std::uint64_t>> copy_size_flag(const po::variables_map& values) {
  const auto text = optional_string(values, "size");
  if (!text) return std::optional<std::uint64_t>();
  const auto bytes = parse_byte_size(*text);
  if (!bytes || *bytes == 0) {
    return Error{ErrorKind::usage,
                 "host: --size must be a byte count or a size such as 500M or 4G (K, M, G, T: "
                 "powers of 1024; KB, MB, GB, TB: of 1000), not '" +
                     quote_input(*text) + "'"};
  }
  return bytes;
}

Result<host::HostRequest> host_request(const po::variables_map& values) {
  if (values.count("host") == 0 && values.count("all") == 0 && values.count("hosts") == 0) {
    return Error{ErrorKind::usage, std::string("host: missing HOST; usage: ") + k_host_usage};
  }
  const double budget = values["budget"].as<double>();
  if (!(budget > 0 && budget <= 600)) {
    return Error{ErrorKind::usage, "host: --budget must be between 0 and 600 seconds"};
  }
  const std::string direction = values["direction"].as<std::string>();
  if (direction != "upload" && direction != "download") {
    return Error{ErrorKind::usage, "host: --direction must be upload or download, not '" + direction + "'"};
  }
  if (values.count("write") > 0 && values.count("dry-run") > 0) {
    return Error{ErrorKind::usage, "host: --write and --dry-run exclude each other"};
  }
  host::HostRequest request;
  SSHTUNE_TRY(copy_bytes, copy_size_flag(values));
  request.copy_bytes = copy_bytes;
  request.sample_path = optional_string(values, "sample");
  request.budget = std::chrono::milliseconds(static_cast<long>(budget * 1000));
  request.fresh = values.count("fresh") > 0;
  request.direction = *host::parse_direction(direction);
  request.overrides = {optional_string(values, "config"), optional_string(values, "port"),
                       optional_string(values, "user"), optional_string(values, "identity"),
                       values.count("accept-new") > 0};
  return request;
}

// --write / --dry-run: the same locked, verified edit as `ssh-tune apply`.
Result<void> write_and_report(const host::HostOutcome& outcome, const std::optional<std::string>& config, bool dry_run,
                              const sshconfig::ClientCapabilities& client, std::ostream& out) {
  edit::PosixFileSystem fs;
  edit::RealSshClient ssh;
  edit::EditEnv env{fs, client, ssh, system_clock()};
  SSHTUNE_TRY(report, host::write_decision(outcome, config, dry_run, env));
  print_write_report(report, dry_run, out);
  return ok();
}

FleetFlags fleet_flags(const po::variables_map& values) {
  return {values.count("json") > 0, values.count("write") > 0, values.count("dry-run") > 0};
}

}  // namespace

Result<ExitCode> run_host(const Args& args, Io& io) {
  auto flags = host_flags();
  SSHTUNE_TRY(parsed, parse_command({"host", k_host_usage, flags, -1}, args, io));
  if (parsed.help) return ExitCode::ok;
  SSHTUNE_TRY(request, host_request(parsed.values));
  if (parsed.values.count("user") > 0) {
    SSHTUNE_TRYV(sshconfig::check_remote_user(parsed.values["user"].as<std::string>()));
  }
  SSHTUNE_TRY(selection, select_hosts(host_names(parsed.values), parsed.values.count("all") > 0,
                                      optional_string(parsed.values, "hosts"), request.overrides.config_file));
  if (selection.fleet) return run_host_fleet(selection, request, fleet_flags(parsed.values), io);
  request.host = selection.hosts.front().host;
  SSHTUNE_TRYV(check_names(request.host, parsed.values));
  SSHTUNE_TRY(env, wiring::production_environment(status_line(io)));
  SSHTUNE_TRY(outcome, host::tune_host(request, env));
  SSHTUNE_TRY(snippets, host::render_snippets(outcome));
  if (parsed.values.count("json") > 0) {
    nlohmann::json json = host_json(outcome, snippets);
    json["versions"] = versions_json(version_info());
    io.out << json.dump(2) << '\n';
  } else {
    print_verdict(io.out, outcome, snippets, bar_style(io.out_is_tty));
  }
  const bool dry_run = parsed.values.count("dry-run") > 0;
  if (dry_run || parsed.values.count("write") > 0) {
    // With --json, stdout is the JSON document alone.
    std::ostream& out = parsed.values.count("json") > 0 ? io.err : io.out;
    SSHTUNE_TRYV(write_and_report(outcome, request.overrides.config_file, dry_run, *env.client, out));
  }
  return ExitCode::ok;
}

}  // namespace sshtune::cli
