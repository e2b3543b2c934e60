#include "tuner/sshconfig/evaluator.hpp"

#include "base/paths.hpp"
#include "tuner/sshconfig/canonical.hpp"
#include "tuner/sshconfig/destination.hpp"
#include "tuner/sshconfig/dump.hpp"
#include "tuner/sshconfig/finalize.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokens.hpp"
#include "tuner/sshconfig/walker.hpp"

#include <unistd.h>

namespace sshtune::sshconfig {
namespace {

Error usage(const std::string& message) { return Error{ErrorKind::usage, message}; }

// The destination as ssh.c main() reads it: an ssh:// URI, or [user@]host.
struct Destination {
  std::string host;
  std::optional<std::string> user;
  int port = -1;
  bool uri = false;
};

Result<Destination> parse_destination(const std::string& typed) {
  UserHostPort uri;
  switch (parse_ssh_uri(typed, &uri)) {
    case UriKind::invalid: return usage("invalid destination '" + typed + "'");
    case UriKind::valid: return Destination{uri.host, uri.user, uri.port, true};
    case UriKind::not_uri: break;
  }
  const std::size_t at = typed.rfind('@');
  if (at == std::string::npos) return Destination{typed, std::nullopt, -1, false};
  if (at == 0) return usage("invalid destination '" + typed + "'");
  return Destination{typed.substr(at + 1), typed.substr(0, at), -1, false};
}

const Origin k_flag_origin{k_command_line, 0};

// -l or the destination's user, unless a user is set; `on_command_line` records
// that it was set so (10.1 on neither expand nor exempt such a user: finalize()).
void set_user(OptionStore& store, const std::string& user, bool& on_command_line) {
  if (store.scalar("user") != nullptr) return;
  store.set_if_unset("user", {user}, k_flag_origin);
  on_command_line = true;
}

// One -l, -p or -o flag, as ssh.c's getopt loop handles it (first value wins).
Result<void> apply_flag(Walker& walker, OptionStore& store, const CommandLineFlag& flag, bool& user_on_command_line) {
  if (flag.flag == 'l') {
    set_user(store, flag.value, user_on_command_line);
  } else if (flag.flag == 'p' && store.scalar("port") == nullptr) {
    const int port = a2port(flag.value);
    if (port <= 0) return usage("Bad port '" + flag.value + "'");
    store.set_if_unset("port", {std::to_string(port)}, k_flag_origin);
  } else if (flag.flag == 'o') {
    SSHTUNE_TRYV(walker.command_line_option(flag.value));
  }
  return ok();
}

// The destination's user and port, which count only where no flag set them before.
void apply_destination(OptionStore& store, const Destination& destination, bool& user_on_command_line) {
  if (destination.user) set_user(store, *destination.user, user_on_command_line);
  if (destination.port > 0 && store.scalar("port") == nullptr) {
    store.set_if_unset("port", {std::to_string(destination.port)}, k_flag_origin);
  }
}

// ssh.c main()'s command line: the flags in order, the destination where it stood.
Result<void> apply_command_line(Walker& walker, OptionStore& store, const EvalRequest& request,
                                const Destination& destination, const OpensshVersion& release,
                                bool& user_on_command_line) {
  std::vector<CommandLineFlag> flags;
  if (request.user) flags.push_back(CommandLineFlag{'l', *request.user});
  if (request.port) flags.push_back(CommandLineFlag{'p', *request.port});
  for (const std::string& option : request.options) flags.push_back(CommandLineFlag{'o', option});
  const std::size_t before_host = flags.size() + std::min(request.flags_before_host, request.flags.size());
  flags.insert(flags.end(), request.flags.begin(), request.flags.end());
  for (std::size_t i = 0; i <= flags.size(); ++i) {
    if (i == before_host) apply_destination(store, destination, user_on_command_line);
    if (i < flags.size()) {
      SSHTUNE_TRYV(apply_flag(walker, store, flags[i], user_on_command_line));
    }
  }
  // Names from the command line (-o User too) must be shell-safe before the files
  // are read: 9.6 (and Debian's backport of it) and 10.3 on. 10.0 to 10.2 check the
  // user after the passes instead (see finalize()).
  const StoredValue* user = store.scalar("user");
  const bool early_check = !release.since(10, 0) || release.since(10, 3);
  if (user && early_check && !valid_remote_user(user->args.front())) {
    return usage("remote username contains invalid characters");
  }
  if (!valid_hostname(destination.host)) return usage("hostname contains invalid characters");
  // A subsystem session needs the subsystem's name as its command, and a request has no command.
  if (store.state("sessiontype") == 1) return usage("You must specify a subsystem to invoke.");
  return ok();
}

// Reads the configuration files of one pass, as ssh.c process_config_files() does.
// ssh-tune reads the user configuration under $HOME, where its editor writes it
// (ssh takes the passwd entry's home; the two agree unless HOME was changed, as
// tests do to stay away from the real ~/.ssh).
Result<void> read_config_files(Walker& walker, const EvalRequest& request) {
  bool active = true;
  if (request.config_file) {
    if (request.config_file->string() == "none") return ok();
    return walker.read_file(request.config_file->string(), FileFlags{true, false, false}, active, 0);
  }
  const std::string user_config =
      request.user_config ? request.user_config->string() : (home_dir() / ".ssh/config").string();
  const auto readable = [&walker](const std::string& path) {
    return walker.cache != nullptr ? walker.cache->read(path).text.has_value() : config_readable(path);
  };
  if (readable(user_config)) {
    SSHTUNE_TRYV(walker.read_file(user_config, FileFlags{true, false, true}, active, 0));
  }
  active = true;
  if (readable(request.system_config.string())) {
    SSHTUNE_TRYV(walker.read_file(request.system_config.string(), FileFlags{false, false, false}, active, 0));
  }
  return ok();
}

// The multistate value of a flag slot, 0 (no) when unset.
int state_of(const OptionStore& store, const std::string& slot) { return store.state(slot).value_or(0); }

// What hostname canonicalisation reads after fill_default_options_for_canonicalization().
CanonicalOptions canonical_options(const OptionStore& store, const OpensshVersion& release) {
  CanonicalOptions options;
  options.lower_cname = release.since(10, 4);
  options.mode = state_of(store, "canonicalizehostname");
  options.max_dots = std::stoi(store.scalar("canonicalizemaxdots")->args.front());
  options.fallback_local = state_of(store, "canonicalizefallbacklocal") != 0;
  if (const StoredValue* domains = store.scalar("canonicaldomains")) options.domains = domains->args;
  if (const StoredValue* cnames = store.scalar("canonicalizepermittedcnames")) {
    for (const std::string& rule : cnames->args) {
      const std::size_t colon = rule.find(':');
      options.cnames.emplace_back(rule.substr(0, colon), rule.substr(colon + 1));
    }
    if (options.cnames.size() == 1 && options.cnames[0].second.empty()) options.cnames.clear();  // "none"
  }
  const StoredValue* command = store.scalar("proxycommand");
  options.direct = !store.jump() && (!command || ascii_lower(command->args.front()) == "none");
  options.address_family = state_of(store, "addressfamily");
  const StoredValue* port = store.scalar("port");
  options.port = port ? std::stoi(port->args.front()) : 22;
  return options;
}

// ssh.c main() between the passes: the canonicalisation defaults, HostName with %h
// expanded, lower-cased unless an address, then canonicalised.
Result<std::string> host_after_first_pass(OptionStore& store, const std::string& typed_host,
                                          const OpensshVersion& release) {
  store.set_if_unset("canonicalizemaxdots", {"1"}, Origin{});
  store.set_if_unset("canonicalizefallbacklocal", {"yes"}, Origin{});
  store.set_if_unset("canonicalizehostname", {"no"}, Origin{});
  std::string host = typed_host;
  if (const StoredValue* hostname = store.scalar("hostname")) {
    SSHTUNE_TRY(expanded, expand_hostname(hostname->args.front(), typed_host));
    host = expanded;
  }
  const CanonicalOptions options = canonical_options(store, release);
  if (!is_address(host, options.address_family)) host = ascii_lower(host);
  return canonical_host(host, options);
}

PassFacts first_pass_facts(const std::string& host, ConfigCache* cache) {
  PassFacts facts;
  if (cache != nullptr) {
    const LocalIdentity& identity = cache->identity();
    facts.local_user = identity.user;
    facts.local_hostname = identity.hostname;
    facts.home = identity.home;
    facts.uid = identity.uid;
  } else {
    facts.local_user = local_user_name();
    facts.local_hostname = local_host_name();
    facts.home = passwd_home();
    facts.uid = getuid();
  }
  facts.host = host;
  facts.original_host = host;
  return facts;
}

}  // namespace

std::string Origin::to_string() const {
  if (file.empty()) return "default";
  if (file == k_command_line) return file;
  return file + ":" + std::to_string(line);
}

std::optional<std::string> Evaluation::value(const std::string& keyword) const {
  for (const Setting& setting : settings) {
    if (setting.keyword == keyword) return setting.value;
  }
  return std::nullopt;
}

std::vector<std::string> Evaluation::values(const std::string& keyword) const {
  std::vector<std::string> out;
  for (const Setting& setting : settings) {
    if (setting.keyword == keyword) out.push_back(setting.value);
  }
  return out;
}

Origin Evaluation::origin(const std::string& keyword) const {
  for (const Setting& setting : settings) {
    if (setting.keyword == keyword) return setting.origin;
  }
  return Origin{};
}

Result<Evaluation> evaluate(const EvalRequest& request, const ClientCapabilities& client) {
  SSHTUNE_TRY(destination, parse_destination(request.host));
  const OpensshVersion release = dialect_of(client);
  OptionStore store(release);
  Evaluation evaluation;
  evaluation.host = destination.host;
  Walker walker(client, store, evaluation, request.exec);
  if (request.cache != nullptr && &request.cache->client() == &client) walker.cache = request.cache;
  walker.facts = first_pass_facts(destination.host, walker.cache);
  bool user_on_command_line = false;
  SSHTUNE_TRYV(apply_command_line(walker, store, request, destination, release, user_on_command_line));
  const bool user_from_flags = store.scalar("user") != nullptr;
  SSHTUNE_TRYV(read_config_files(walker, request));
  const StoredValue* hostname = store.scalar("hostname");
  const Origin hostname_origin = hostname ? hostname->origin : k_flag_origin;
  SSHTUNE_TRY(host, host_after_first_pass(store, destination.host, release));
  if (walker.want_final_pass || state_of(store, "canonicalizehostname") != 0) {
    store.replace("hostname", {host}, hostname_origin);
    walker.facts.host = host;
    walker.facts.final_pass = true;
    evaluation.final_pass = true;
    SSHTUNE_TRYV(read_config_files(walker, request));
  }
  const PassFacts& facts = walker.facts;
  // Debian's 9.2 also checks the final user when the destination was an ssh:// URI
  // that named none and no flag set one (its CVE-2026-35386 backport, as observed).
  const bool check_user = destination.uri && !destination.user && !user_from_flags;
  SSHTUNE_TRYV(finalize(store, FinalFacts{destination.host, host, facts.local_user, facts.home, facts.uid,
                                          facts.local_hostname, release, check_user, user_on_command_line}));
  SSHTUNE_TRY(settings, dump_settings(store, DumpContext{destination.host, host, hostname_origin}, client));
  evaluation.settings = std::move(settings);
  return evaluation;
}

}  // namespace sshtune::sshconfig
