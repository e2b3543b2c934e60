// `ssh-tune apply` and `ssh-tune revert`: flag parsing and output around the safe
// editor in tuner/edit/.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/edit/editor.hpp"
#include "tuner/sshconfig/names.hpp"

#include <algorithm>
#include <functional>
#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

constexpr const char* k_apply_usage = "ssh-tune apply HOST --ciphers LIST --compression yes|no [-F FILE] [--dry-run]";
constexpr const char* k_revert_usage = "ssh-tune revert HOST...|--all [-F FILE] [--dry-run]";

po::options_description common_flags() {
  po::options_description flags("flags");
  flags.add_options()("config,F", po::value<std::string>(), "edit FILE instead of ~/.ssh/config")(
      "dry-run", "print a unified diff of what would change; change nothing");
  return flags;
}

std::optional<std::filesystem::path> config_flag(const po::variables_map& values) {
  if (values.count("config") == 0) {
    return std::nullopt;
  }
  return std::filesystem::path(values["config"].as<std::string>());
}

// Prints the outcome: the diff of a dry run, or which files changed.
ExitCode report(const edit::EditReport& result, bool dry_run, const std::string& what, Io& io) {
  if (dry_run) {
    io.out << (result.changed.empty() ? what + ": nothing would change\n" : result.diff);
  } else if (result.changed.empty()) {
    io.out << what << ": nothing to change\n";
  } else {
    for (const auto& path : result.changed) {
      const bool removed = std::find(result.removed.begin(), result.removed.end(), path) != result.removed.end();
      io.out << what << (removed ? ": removed " : ": updated ") << path.string() << '\n';
    }
  }
  return ExitCode::ok;
}

std::string join_words(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

Result<edit::HostSettings> apply_settings_from(const po::variables_map& values) {
  if (values.count("host") == 0 || values.count("ciphers") == 0 || values.count("compression") == 0) {
    return Error{ErrorKind::usage, std::string("usage: ") + k_apply_usage};
  }
  edit::HostSettings settings;
  settings.host = values["host"].as<std::string>();
  SSHTUNE_TRYV(sshconfig::check_host_alias(settings.host));
  SSHTUNE_TRY(compression, edit::parse_compression(values["compression"].as<std::string>()));
  settings.compression = compression;
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  SSHTUNE_TRY(ciphers,
              edit::parse_cipher_list(values["ciphers"].as<std::string>(), client->supported(AlgorithmKind::cipher)));
  settings.ciphers = std::move(ciphers);
  return settings;
}

// Runs `body` against the real file system, ssh and client facts.
Result<edit::EditReport> with_real_env(const std::function<Result<edit::EditReport>(edit::EditEnv&)>& body) {
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  edit::PosixFileSystem fs;
  edit::RealSshClient ssh;
  edit::EditEnv env{fs, *client, ssh, system_clock()};
  return body(env);
}

}  // namespace

Result<ExitCode> run_apply(const Args& args, Io& io) {
  auto flags = common_flags();
  flags.add_options()("ciphers", po::value<std::string>(), "ranked cipher names, comma-separated (ssh -Q cipher)")(
      "compression", po::value<std::string>(), "yes or no");
  SSHTUNE_TRY(parsed, parse_command({"apply", k_apply_usage, flags, 1}, args, io));
  if (parsed.help) return ExitCode::ok;
  SSHTUNE_TRY(settings, apply_settings_from(parsed.values));
  SSHTUNE_TRY(targets, edit::edit_targets(config_flag(parsed.values)));
  const bool dry_run = parsed.values.count("dry-run") > 0;
  const std::string stamp = edit::utc_minute_stamp(system_clock());
  SSHTUNE_TRY(result, with_real_env([&](edit::EditEnv& env) {
                return edit::apply_settings(targets, settings, stamp, dry_run, env);
              }));
  return report(result, dry_run, "apply " + settings.host, io);
}

Result<ExitCode> run_revert(const Args& args, Io& io) {
  auto flags = common_flags();
  flags.add_options()("all", "remove every ssh-tune block, the Include line and the managed file");
  SSHTUNE_TRY(parsed, parse_command({"revert", k_revert_usage, flags, -1}, args, io));
  if (parsed.help) return ExitCode::ok;
  const bool all = parsed.values.count("all") > 0;
  if (all == (parsed.values.count("host") > 0)) {
    return Error{ErrorKind::usage, std::string("usage: ") + k_revert_usage};
  }
  const auto hosts = all ? std::vector<std::string>{} : parsed.values["host"].as<std::vector<std::string>>();
  for (const std::string& host : hosts) {
    SSHTUNE_TRYV(sshconfig::check_host_alias(host));
  }
  SSHTUNE_TRY(targets, edit::edit_targets(config_flag(parsed.values)));
  const bool dry_run = parsed.values.count("dry-run") > 0;
  SSHTUNE_TRY(result, with_real_env([&](edit::EditEnv& env) {
                return all ? edit::revert_settings(targets, std::nullopt, dry_run, env)
                           : edit::revert_hosts(targets, hosts, dry_run, env);
              }));
  return report(result, dry_run, "revert " + (all ? std::string("--all") : join_words(hosts)), io);
}

}  // namespace sshtune::cli
