// `ssh-tune ssh [ssh arguments...]`: a drop-in ssh. Finds the destination as
// ssh does (tuner/ssh_args.hpp), adds -c and -o Compression= from the host's
// cached decision unless the user chose them, and execs ssh. Never writes to
// stdout: under rsync, scp, git and borg stdout is their protocol channel.

#include "templates/snippet_variables.hpp"
#include "tuner/cli/auto_tune.hpp"
#include "tuner/cli/handlers.hpp"
#include "base/message.hpp"
#include "base/ssh_program.hpp"
#include "tuner/host/cache_validation.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/sshconfig/names.hpp"
#include "tuner/cli/ssh_args.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <ostream>
#include <vector>

namespace sshtune::cli {
namespace {

constexpr const char* k_usage = "ssh-tune ssh [ssh arguments...]";

void print_ssh_help(std::ostream& out) {
  out << "usage: " << k_usage
      << "\n\n"
         "Runs ssh with the arguments unchanged, plus -c and -o Compression= from the\n"
         "destination's last measurement (ssh-tune host HOST) unless the arguments already\n"
         "choose them. Under rsync, ssh compression is always off (rsync compresses itself).\n"
         "Use it as: rsync -e 'ssh-tune ssh', scp -S ssh-tune-ssh, GIT_SSH_COMMAND='ssh-tune ssh',\n"
         "BORG_RSH='ssh-tune ssh', sshfs -o ssh_command='ssh-tune ssh'.\n"
         "A destination ssh would refuse from its command line (leading '-', whitespace, control or\n"
         "shell characters) is refused before ssh runs.\n"
         "SSHTUNE_SSH names the ssh program to run (default: ssh on PATH).\n"
         "With auto-tune on (auto = true in ~/.config/ssh-tune/config.toml, or SSHTUNE_AUTO=1), a\n"
         "destination never measured is measured in the background once this ssh has finished.\n";
}

// True when a cache file (or something in its place) exists for `name`.
bool has_entry(const std::string& name) {
  std::error_code ec;
  return std::filesystem::exists(std::filesystem::symlink_status(host::cache_path(name), ec));
}

// The entry for `name`, if there is one; `rules` are made on first need (they run ssh -Q).
Result<std::optional<host::CachedHost>> load_entry(const std::string& name, std::optional<host::CacheRules>& rules) {
  if (!has_entry(name)) return std::optional<host::CachedHost>();
  if (!rules) {
    SSHTUNE_TRY(made, host::production_cache_rules());
    rules = std::move(made);
  }
  return host::load_cached_host(name, host::k_cache_max_age, *rules, system_clock());
}

// The cache entry for the destination: "user@host" as typed (if `host` was run
// with it), else the host alone. An entry that cannot be read or fails the
// cache checks (host_cache.hpp) is a warning, not a failure: ssh runs unchanged.
std::optional<host::CachedHost> cached_entry(const SshArgs& analysis, Io& io) {
  std::vector<std::string> names{analysis.host};
  if (analysis.destination != analysis.host && !analysis.destination.starts_with("ssh://")) {
    names.insert(names.begin(), analysis.destination);
  }
  std::optional<host::CacheRules> rules;
  for (const std::string& name : names) {
    auto cached = load_entry(name, rules);
    if (!cached) {
      io.err << "ssh-tune: warning: " << one_line(cached.error().message) << "; running ssh unchanged\n";
      return std::nullopt;
    }
    if (cached.value()) return std::move(*cached.value());
  }
  return std::nullopt;
}

// The cached decision's options for this destination; nullopt runs ssh unchanged.
std::optional<SshTuning> cached_tuning(const SshArgs& analysis, Io& io) {
  const auto entry = cached_entry(analysis, io);
  if (!entry) return std::nullopt;
  SshTuning tuning;
  tuning.ciphers = templates::ciphers_value(entry->decision.ciphers, entry->client_version);
  // rsync compresses by itself when it pays; ssh compression under it would stack (two compressors, the second finding
  // nothing).
  tuning.compression = entry->decision.compression && !runs_rsync(analysis);
  return tuning;
}

Error exec_ssh(const Args& args, Io& io) {
  const std::string program = ssh_program();
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(program.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  io.out.flush();
  io.err.flush();
  std::cout.flush();
  std::cerr.flush();
  execvp(program.c_str(), argv.data());
  return Error{ErrorKind::io, std::string("cannot run ") + program + ": " + std::strerror(errno)};
}

}  // namespace

Result<ExitCode> run_ssh(const Args& args, Io& io) {
  if (args.size() == 1 && (args[0] == "--help" || args[0] == "-h")) {
    print_ssh_help(io.out);
    return ExitCode::ok;
  }
  const SshArgs analysis = analyse_ssh_args(args);
  Args final_args = args;
  if (analysis.destination_index) {
    // ssh's own rule for names from the command line; refused here too, before ssh or a ProxyCommand sees it.
    SSHTUNE_TRYV(sshconfig::check_destination(analysis.destination.starts_with("ssh://") ? analysis.host
                                                                                         : analysis.destination));
    if (const auto tuning = cached_tuning(analysis, io)) {
      final_args = tuned_ssh_args(args, analysis, *tuning);
    } else {
      auto_tune_untuned(analysis, io.err);  // opt-in: measure in the background, after this ssh
    }
  }
  return exec_ssh(final_args, io);
}

}  // namespace sshtune::cli
