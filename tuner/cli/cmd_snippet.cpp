// `ssh-tune snippet HOST --for ssh-config|rsync|scp|sftp|ssh|parallel [--json]`: renders
// one snippet from the host's cached decision (templates/*.tmpl, or the user's
// override); measuring is `ssh-tune host`'s job.

#include "templates/snippets.hpp"
#include "tuner/cli/handlers.hpp"
#include "tuner/host/cache_validation.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/host/render.hpp"
#include "tuner/sshconfig/names.hpp"

#include <nlohmann/json.hpp>

#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

constexpr const char* k_usage = "ssh-tune snippet HOST --for ssh-config|rsync|scp|sftp|ssh|parallel [--json]";

po::options_description snippet_flags() {
  po::options_description flags("snippet flags");
  flags.add_options()("for", po::value<std::string>()->value_name("KIND"),
                      "which snippet: ssh-config, rsync, scp, sftp, ssh or parallel")("json", "print JSON");
  return flags;
}

Result<templates::SnippetKind> kind_from(const po::variables_map& values) {
  if (values.count("for") == 0)
    return Error{ErrorKind::usage, "snippet: --for is required; usage: " + std::string(k_usage)};
  const std::string name = values["for"].as<std::string>();
  if (const auto kind = templates::parse_snippet_kind(name)) return *kind;
  return Error{ErrorKind::usage, "snippet: unknown --for '" + name + "'; expected " + templates::snippet_kind_names()};
}

Result<host::CachedHost> cached_entry(const std::string& host) {
  SSHTUNE_TRY(rules, host::production_cache_rules());
  SSHTUNE_TRY(cached, host::load_cached_host(host, host::k_cache_max_age, rules, system_clock()));
  if (!cached) return Error{ErrorKind::io, "no measurement for " + host + "; run 'ssh-tune host " + host + "' first"};
  return std::move(*cached);
}

}  // namespace

Result<ExitCode> run_snippet(const Args& args, Io& io) {
  const po::options_description flags = snippet_flags();
  SSHTUNE_TRY(parsed, parse_command({"snippet", k_usage, flags, 1}, args, io));
  if (parsed.help) return ExitCode::ok;
  if (parsed.values.count("host") == 0) return Error{ErrorKind::usage, std::string("usage: ") + k_usage};
  SSHTUNE_TRY(kind, kind_from(parsed.values));
  const std::string host = parsed.values["host"].as<std::string>();
  SSHTUNE_TRYV(sshconfig::check_destination(host));
  SSHTUNE_TRY(entry, cached_entry(host));
  SSHTUNE_TRY(text, templates::render_snippet(kind, host::snippet_input(entry)));
  if (parsed.values.count("json")) {
    const nlohmann::json json{
        {"host", host}, {"for", templates::to_string(kind)}, {"snippet", text}, {"measured_unix", entry.measured_unix}};
    io.out << json.dump(2) << '\n';
  } else {
    io.out << text;
  }
  return ExitCode::ok;
}

}  // namespace sshtune::cli
