#include "tuner/sshconfig/evaluator.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"

#include "tuner/sshconfig/dump.hpp"
#include "tuner/sshconfig/include.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/line_rules.hpp"
#include "tuner/sshconfig/option_store.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <arpa/inet.h>
#include <pwd.h>

#include <cstdlib>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace sshtune::config {
namespace {

constexpr const char* k_command_line = "command-line";

struct FileFlags {
  bool user_config = true;
  bool never_match = false;
  bool check_perm = false;
};

Error fatal(const std::string& message) { return Error{ErrorKind::invalid_input, message}; }

// ssh's fopen()+getline(): nullopt with errno set when it cannot be opened; a
// directory opens and reads as empty.
std::optional<std::string> read_bytes(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return std::string();
  return read_file_if_present(path);
}

// percent_expand(value, "h", host): the only token HostName allows.
Result<std::string> expand_hostname(const std::string& value, const std::string& host) {
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '%') {
      out += value[i];
    } else if (i + 1 >= value.size()) {
      return fatal("percent_expand: invalid format");
    } else if (value[++i] == 'h') {
      out += host;
    } else if (value[i] == '%') {
      out += '%';
    } else {
      return fatal(std::string("percent_expand: unknown key %") + value[i]);
    }
  }
  return out;
}

// getaddrinfo(AI_NUMERICHOST) succeeds: an IPv4 (inet_aton forms) or IPv6 literal.
bool is_address(const std::string& name) {
  in_addr v4{};
  in6_addr v6{};
  return (inet_aton(name.c_str(), &v4) != 0 && name.find_first_of(" \t") == std::string::npos) ||
         inet_pton(AF_INET6, name.c_str(), &v6) == 1;
}

class Walker {
 public:
  Walker(const ClientCapabilities& client, OptionStore& store, Evaluation& evaluation, const ExecRunner& exec)
      : m_client(client), m_store(store), m_evaluation(evaluation), m_exec(exec) {}

  std::string host;           // what Host patterns are matched against
  std::string original_host;  // the destination as typed
  std::string local_user;
  std::string local_hostname;
  bool final_pass = false;
  bool want_final_pass = false;

  // read_config_file_depth(): reads one file; its bad lines make the whole read fail.
  Result<void> read_file(const std::string& path, FileFlags flags, bool& active, int depth);
  // One -o option, processed as ssh's command-line line 0.
  Result<void> command_line_option(const std::string& text);

 private:
  Result<std::optional<std::string>> process(const ConfigLine& line, const std::string& path, FileFlags flags,
                                             bool& active, int depth, bool& scoped);
  std::optional<std::string> process_host(const ConfigLine& line, FileFlags flags, bool& active);
  Result<std::optional<std::string>> process_match(const ConfigLine& line, FileFlags flags, bool& active);
  Result<std::optional<std::string>> process_include(const ConfigLine& line, FileFlags flags, bool& active,
                                                     int depth);
  void store(const KeywordInfo& info, const ConfigLine& line, const Origin& origin, FileFlags flags, bool scoped);

  const ClientCapabilities& m_client;
  OptionStore& m_store;
  Evaluation& m_evaluation;
  const ExecRunner& m_exec;
};

Result<void> Walker::read_file(const std::string& path, FileFlags flags, bool& active, int depth) {
  if (depth > k_max_include_depth) return fatal("Too many recursive configuration includes");
  std::optional<std::string> text = read_bytes(path);
  if (!text) return fatal("Can't open user config file " + path + ": " + std::strerror(errno));
  if (flags.check_perm) {
    if (auto message = check_permissions(path)) return fatal(*message);
  }
  const ConfigFile file = parse(*text, path);
  std::vector<Diagnostic> bad;
  bool scoped = false;
  for (const ConfigLine& line : file.lines) {
    SSHTUNE_TRY(message, process(line, path, flags, active, depth, scoped));
    if (message) bad.push_back(Diagnostic{path, line.number, *message});
  }
  if (!bad.empty()) return diagnostics_error(bad);
  return ok();
}

Result<void> Walker::command_line_option(const std::string& text) {
  ConfigFile file = parse(text, k_command_line);
  bool active = true;
  bool scoped = false;
  for (const ConfigLine& line : file.lines) {
    SSHTUNE_TRY(message, process(line, k_command_line, FileFlags{}, active, 0, scoped));
    if (message) return fatal(std::string(k_command_line) + ": " + *message);
  }
  return ok();
}

Result<std::optional<std::string>> Walker::process(const ConfigLine& line, const std::string& path, FileFlags flags,
                                                   bool& active, int depth, bool& scoped) {
  if (line.kind != LineKind::directive) return std::optional<std::string>();
  const bool command_line = path == k_command_line;
  const std::optional<KeywordInfo> info = find_keyword(line.keyword_lower);
  if (info && info->kind == KeywordKind::host && !command_line) {
    if (line.rest.empty()) return std::optional<std::string>("no argument after keyword \"host\"");
    if (line.invalid_quotes) return std::optional<std::string>("invalid quotes");
    scoped = true;
    return process_host(line, flags, active);
  }
  const StoredValue* ignore = m_store.scalar("ignoreunknown");
  const LineCheck check = check_line(line, m_client, ignore ? ignore->args.front() : "", flags.user_config);
  if (check.notice) m_evaluation.notes.push_back(path + ":" + std::to_string(line.number) + ": " + *check.notice);
  if (!info || check.error) return check.error;
  if (command_line && (info->kind == KeywordKind::host || info->kind == KeywordKind::match)) {
    return std::optional<std::string>("Host directive not supported as a command-line option");
  }
  if (command_line && info->kind == KeywordKind::include) {
    return std::optional<std::string>("Include directive not supported as a command-line option");
  }
  switch (info->kind) {
    case KeywordKind::match: scoped = true; return process_match(line, flags, active);
    case KeywordKind::include: return process_include(line, flags, active, depth);
    default: break;
  }
  if (active) store(*info, line, Origin{path, line.number}, flags, scoped);
  return std::optional<std::string>();
}

void Walker::store(const KeywordInfo& info, const ConfigLine& line, const Origin& origin, FileFlags flags,
                   bool scoped) {
  const std::optional<Origin> winner = m_store.apply(info, line, origin, flags.user_config);
  if (!winner || (winner->file == origin.file && winner->line == origin.line)) return;
  for (const DeadLine& dead : m_evaluation.dead_lines) {
    if (dead.dead.file == origin.file && dead.dead.line == origin.line) return;
  }
  m_evaluation.dead_lines.push_back(DeadLine{std::string(info.slot), origin, *winner, scoped});
}

std::optional<std::string> Walker::process_host(const ConfigLine& line, FileFlags flags, bool& active) {
  active = false;
  for (const Token& token : line.args) {
    if (token.value.empty()) return "keyword " + line.keyword_lower + " empty argument";
    if (flags.never_match) break;
    const bool negated = token.value[0] == '!';
    if (match_pattern(host, negated ? std::string_view(token.value).substr(1) : std::string_view(token.value))) {
      if (negated) {
        active = false;
        break;
      }
      active = true;
    }
  }
  return std::nullopt;
}

Result<std::optional<std::string>> Walker::process_match(const ConfigLine& line, FileFlags flags, bool& active) {
  MatchContext context;
  const StoredValue* hostname = m_store.scalar("hostname");
  if (final_pass || hostname == nullptr) {
    context.host = final_pass && hostname ? hostname->args.front() : host;
  } else {
    SSHTUNE_TRY(expanded, expand_hostname(hostname->args.front(), host));
    context.host = expanded;
  }
  context.original_host = original_host;
  const StoredValue* user = m_store.scalar("user");
  context.remote_user = user ? user->args.front() : local_user;
  context.local_user = local_user;
  const StoredValue* port = m_store.scalar("port");
  context.port = port ? parse_port(port->args.front()).value_or(22) : 22;
  context.final_pass = final_pass;
  context.exec = &m_exec;
  context.local_hostname = local_hostname;
  MatchOutcome outcome = evaluate_match(line.rest, &context);
  for (std::string& note : outcome.notes) m_evaluation.notes.push_back(std::move(note));
  if (outcome.error && outcome.error->starts_with("percent_expand")) return fatal(*outcome.error);
  if (outcome.error && outcome.error->starts_with("match exec")) return fatal(*outcome.error);
  if (outcome.error) return outcome.error;
  want_final_pass = want_final_pass || outcome.wants_final_pass;
  active = !flags.never_match && outcome.matched;
  if (outcome.leftover && !line.args.empty()) {
    return std::optional<std::string>("keyword " + line.keyword_lower + " extra arguments at end of line");
  }
  return std::optional<std::string>();
}

Result<std::optional<std::string>> Walker::process_include(const ConfigLine& line, FileFlags flags, bool& active,
                                                           int depth) {
  for (const Token& token : line.args) {
    const Result<std::vector<std::string>> files = resolve_include(token.value, flags.user_config);
    if (!files) return std::optional<std::string>(files.error().message);
    const bool outer_active = active;
    for (const std::string& file : files.value()) {
      FileFlags inner{flags.user_config, flags.never_match || !outer_active, true};
      errno = 0;
      if (depth + 1 <= k_max_include_depth && !read_bytes(file)) {
        if (errno == ENOENT) continue;  // a dangling symlink is skipped like a missing file
        return std::optional<std::string>("Can't open user config file " + file + ": " + std::strerror(errno));
      }
      SSHTUNE_TRYV(read_file(file, inner, active, depth + 1));
      active = outer_active;
    }
  }
  return std::optional<std::string>();
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

namespace {

// Reads the configuration files of one pass, as ssh.c process_config_files() does.
// ssh-tune reads the user configuration under $HOME, where its editor writes it
// (ssh takes the passwd entry's home; the two agree unless HOME was changed, as
// tests do to stay away from the real ~/.ssh).
std::string user_config_home() { return home_dir().string(); }

Result<void> read_config_files(Walker& walker, const EvalRequest& request, const std::string& home) {
  bool active = true;
  if (request.config_file) {
    if (request.config_file->string() == "none") return ok();
    return walker.read_file(request.config_file->string(), FileFlags{true, false, false}, active, 0);
  }
  const std::string user_config = request.user_config ? request.user_config->string() : home + "/.ssh/config";
  if (read_bytes(user_config)) {
    SSHTUNE_TRYV(walker.read_file(user_config, FileFlags{true, false, true}, active, 0));
  }
  active = true;
  if (read_bytes(request.system_config.string())) {
    SSHTUNE_TRYV(walker.read_file(request.system_config.string(), FileFlags{false, false, false}, active, 0));
  }
  return ok();
}

// The command-line part of ssh.c main(): -l, -p, -o and user@host.
Result<void> apply_command_line(Walker& walker, OptionStore& store, const EvalRequest& request,
                                const std::string& typed_user) {
  const Origin origin{k_command_line, 0};
  if (request.user) store.set_if_unset("user", {*request.user}, origin);
  if (request.port) {
    if (!parse_port(*request.port)) return fatal("Bad port '" + *request.port + "'");
    store.set_if_unset("port", {*request.port}, origin);
  }
  for (const std::string& option : request.options) {
    SSHTUNE_TRYV(walker.command_line_option(option));
  }
  if (!typed_user.empty()) store.set_if_unset("user", {typed_user}, origin);
  return ok();
}

// The host name after pass 1 (ssh.c): HostName with %h expanded, lower-cased unless an address.
Result<std::string> final_hostname(const OptionStore& store, const std::string& host) {
  std::string name = host;
  if (const StoredValue* hostname = store.scalar("hostname")) {
    SSHTUNE_TRY(expanded, expand_hostname(hostname->args.front(), host));
    name = expanded;
  }
  return is_address(name) ? name : ascii_lower(name);
}

std::string local_hostname() {
  char buffer[256] = {};
  gethostname(buffer, sizeof buffer - 1);
  return buffer;
}

}  // namespace

Result<Evaluation> evaluate(const EvalRequest& request, const ClientCapabilities& client) {
  const std::string home = passwd_home();
  std::string host = request.host;
  std::string typed_user;
  if (const std::size_t at = host.rfind('@'); at != std::string::npos) {
    if (at == 0) return Error{ErrorKind::usage, "invalid destination '" + host + "'"};
    typed_user = host.substr(0, at);
    host = host.substr(at + 1);
  }
  OptionStore store;
  Evaluation evaluation;
  evaluation.host = host;
  Walker walker(client, store, evaluation, request.exec);
  walker.host = host;
  walker.original_host = host;
  walker.local_user = local_user_name();
  walker.local_hostname = local_hostname();
  SSHTUNE_TRYV(apply_command_line(walker, store, request, typed_user));
  SSHTUNE_TRYV(read_config_files(walker, request, user_config_home()));
  SSHTUNE_TRY(final_name, final_hostname(store, host));
  const StoredValue* canonicalize = store.scalar("canonicalizehostname");
  const bool canonical =
      canonicalize != nullptr &&
      parse_state(find_keyword("canonicalizehostname")->states, canonicalize->args.front()).value_or(0) != 0;
  const StoredValue* hostname = store.scalar("hostname");
  const Origin hostname_origin = hostname ? hostname->origin : Origin{k_command_line, 0};
  if (walker.want_final_pass || canonical) {
    if (canonical) evaluation.notes.push_back("CanonicalizeHostname: DNS canonicalisation is not simulated");
    store.replace("hostname", {final_name}, hostname_origin);
    walker.host = final_name;
    walker.final_pass = true;
    evaluation.final_pass = true;
    SSHTUNE_TRYV(read_config_files(walker, request, user_config_home()));
  }
  const DumpContext context{host, final_name, hostname_origin, walker.local_user, home};
  SSHTUNE_TRY(settings, dump_settings(store, context, client));
  evaluation.settings = std::move(settings);
  return evaluation;
}

}  // namespace sshtune::config
