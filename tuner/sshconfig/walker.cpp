#include "tuner/sshconfig/walker.hpp"

#include "tuner/sshconfig/config_cache.hpp"
#include "tuner/sshconfig/include.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokenizer.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace sshtune::sshconfig {
namespace {

Error fatal(const std::string& message) { return Error{ErrorKind::invalid_input, message}; }

using Message = std::optional<std::string>;

// RefuseConnection (10.1): an active line that reads well ends ssh with its
// argument; ssh counts extra arguments only after that.
bool refuses(const std::optional<KeywordInfo>& info, const ConfigLine& line, const LineCheck& check, bool active) {
  if (!info || info->kind != KeywordKind::refuse || !active) return false;
  return !check.error || *check.error == "keyword " + line.keyword_lower + " extra arguments at end of line";
}

// The directive a -o Host or Match line is refused as: 10.4 names Match lines
// Match, before that both are "Host".
std::string directive_name(const KeywordInfo& info, const OpensshVersion& release) {
  return info.kind == KeywordKind::match && release.since(10, 4) ? "Match" : "Host";
}

}  // namespace

bool config_readable(const std::string& path) {
  const FileRead read = read_config_bytes(path);
  return read.text || read.refused;
}

Result<std::string> expand_hostname(const std::string& value, const std::string& host) {
  Result<std::string> expanded = expand_tokens(value, {{'h', host}}, false);
  if (!expanded) return fatal("percent_expand: " + expanded.error().message);
  return expanded;
}

Result<void> Walker::read_file(const std::string& path, FileFlags flags, bool& active, int depth) {
  if (depth > k_max_include_depth) return fatal("Too many recursive configuration includes");
  if (cache != nullptr) return read_cached(path, flags, active, depth);
  const FileRead read = read_config_bytes(path);
  if (read.refused) return fatal(*read.refused);
  if (!read.text) return fatal("Can't open user config file " + path + ": " + std::strerror(read.error));
  if (flags.check_perm) {
    if (auto message = check_permissions(path)) return fatal(*message);
  }
  return walk(parse(*read.text, path), nullptr, flags, active, depth);
}

Result<void> Walker::read_cached(const std::string& path, FileFlags flags, bool& active, int depth) {
  const FileRead& read = cache->read(path);
  if (read.refused) return fatal(*read.refused);
  if (!read.text) return fatal("Can't open user config file " + path + ": " + std::strerror(read.error));
  if (flags.check_perm) {
    if (const std::optional<std::string>& message = cache->permissions(path)) return fatal(*message);
  }
  const IndexedFile& indexed = cache->indexed(path, flags.user_config);
  return walk(indexed.file, &indexed.index, flags, active, depth);
}

std::optional<int> Walker::open_error(const std::string& path) const {
  if (cache != nullptr) {
    const FileRead& read = cache->read(path);
    return read.text || read.refused ? std::nullopt : std::optional<int>(read.error);
  }
  const FileRead read = read_config_bytes(path);
  return read.text || read.refused ? std::nullopt : std::optional<int>(read.error);
}

Result<void> Walker::walk(const ConfigFile& file, const SkipIndex* index, FileFlags flags, bool& active, int depth) {
  std::vector<Diagnostic> bad;
  bool scoped = false;
  for (std::size_t i = 0; i < file.lines.size(); i = next_line(i, index, flags, active, scoped)) {
    const ConfigLine& line = file.lines[i];
    SSHTUNE_TRY(message, process(line, file.path, flags, active, depth, scoped));
    if (message) bad.push_back(Diagnostic{file.path, line.number, *message});
  }
  if (!bad.empty()) return diagnostics_error(bad);
  return ok();
}

// While the block is inactive, the lines the index proves change nothing are not
// read: the Match context is what every skipped Match line would have been tested
// against, since no skipped line changes the store.
std::size_t Walker::next_line(std::size_t i, const SkipIndex* index, FileFlags flags, bool active, bool& scoped) const {
  if (index == nullptr || active || m_store.scalar("ignoreunknown") != nullptr) return i + 1;
  SkipNames names;
  const std::size_t next = index->next_visit(i + 1, skip_keys(flags.never_match, index->has_match_lines(), names));
  if (index->header_between(i + 1, next)) scoped = true;
  return next;
}

// The keys are taken before each file: a file read may change HostName or User.
std::size_t Walker::next_file(const IncludeIndex* index, std::size_t from, bool never_match) const {
  if (index == nullptr || m_store.scalar("ignoreunknown") != nullptr) return from;
  SkipNames names;
  return index->next_file(from, skip_keys(never_match, index->has_match_lines(), names));
}

SkipKeys Walker::skip_keys(bool never_match, bool match_lines, SkipNames& names) const {
  SkipKeys keys;
  keys.host = never_match ? nullptr : &facts.host;
  if (!match_lines) return keys;
  const Result<MatchContext> context = match_context();
  keys.match_unknown = !context;
  if (context && !never_match) {
    names.match_host = ascii_lower(context.value().host);
    names.original_host = ascii_lower(context.value().original_host);
    keys.match_host = &names.match_host;
    keys.original_host = &names.original_host;
  }
  return keys;
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

Result<Message> Walker::process(const ConfigLine& written, const std::string& path, FileFlags flags, bool& active,
                                int depth, bool& scoped) {
  if (written.kind != LineKind::directive) return Message();
  std::optional<ConfigLine> copy;
  const ConfigLine& line = as_read(written, dialect_of(m_client), copy);
  const bool command_line = path == k_command_line;
  const std::optional<KeywordInfo> info = find_keyword(line.keyword_lower, m_client);
  if (info && info->kind == KeywordKind::host && !command_line) {
    if (line.rest.empty()) return Message("no argument after keyword \"host\"");
    if (line.invalid_quotes) return Message("invalid quotes");
    scoped = true;
    return process_host(line, flags, active);
  }
  const StoredValue* ignore = m_store.scalar("ignoreunknown");
  const LineCheck check =
      check_line(line, m_client, ignore ? ignore->args.front() : "", flags.user_config, command_line);
  if (check.notice) m_evaluation.notes.push_back(path + ":" + std::to_string(line.number) + ": " + *check.notice);
  if (refuses(info, line, check, active)) {
    const std::string where = command_line ? std::string(k_command_line) : path + ":" + std::to_string(line.number);
    return fatal(where + ": RefuseConnection: " + line.args.front().value);
  }
  if (!info || check.error) return check.error;
  if (command_line && (info->kind == KeywordKind::host || info->kind == KeywordKind::match)) {
    return Message(directive_name(*info, dialect_of(m_client)) + " directive not supported as a command-line option");
  }
  if (command_line && info->kind == KeywordKind::include) {
    return Message("Include directive not supported as a command-line option");
  }
  if (info->kind == KeywordKind::match) {
    scoped = true;
    return process_match(line, path, flags, active);
  }
  if (info->kind == KeywordKind::include) return process_include(line, path, flags, active, depth);
  store(*info, line, check, Origin{path, line.number}, flags, active, scoped);
  return Message();
}

void Walker::store(const KeywordInfo& info, const ConfigLine& line, const LineCheck& check, const Origin& origin,
                   FileFlags flags, bool active, bool scoped) {
  const std::optional<Origin> winner = m_store.apply(info, line, check, origin, flags.user_config, active);
  if (!winner || winner->is_default() || (winner->file == origin.file && winner->line == origin.line)) return;
  if (!m_dead.emplace(origin.file, origin.line).second) return;  // recorded on the first pass
  m_evaluation.dead_lines.push_back(DeadLine{std::string(info.slot), origin, *winner, scoped});
}

Message Walker::process_host(const ConfigLine& line, FileFlags flags, bool& active) const {
  active = false;
  for (const Token& token : line.args) {
    if (token.value.empty()) return "keyword " + line.keyword_lower + " empty argument";
    if (flags.never_match) break;
    const bool negated = token.value[0] == '!';
    if (match_pattern(facts.host, negated ? std::string_view(token.value).substr(1) : std::string_view(token.value))) {
      if (negated) {
        active = false;
        break;
      }
      active = true;
    }
  }
  return std::nullopt;
}

Result<MatchContext> Walker::match_context() const {
  MatchContext context;
  const StoredValue* hostname = m_store.scalar("hostname");
  if (facts.final_pass || hostname == nullptr) {
    context.host = facts.final_pass && hostname ? hostname->args.front() : facts.host;
  } else {
    SSHTUNE_TRY(expanded, expand_hostname(hostname->args.front(), facts.host));
    context.host = expanded;
  }
  context.original_host = facts.original_host;
  const StoredValue* user = m_store.scalar("user");
  context.remote_user = user ? user->args.front() : facts.local_user;
  context.local_user = facts.local_user;
  const StoredValue* port = m_store.scalar("port");
  context.port = port ? parse_port(port->args.front()).value_or(22) : parse_port("ssh").value_or(22);
  const StoredValue* alias = m_store.scalar("hostkeyalias");
  context.host_key_alias = alias ? alias->args.front() : context.host;
  context.final_pass = facts.final_pass;
  context.exec = &m_exec;
  context.local_hostname = facts.local_hostname;
  context.home = facts.home;
  context.uid = facts.uid;
  context.release = dialect_of(m_client);
  context.ssh_release = m_client.version();
  const std::optional<StoredJump>& jump = m_store.jump();
  context.jump_host = jump && !jump_is_none(jump->jump) ? jump->jump.host : "";
  const StoredValue* tag = m_store.scalar("tag");
  context.tag = tag ? tag->args.front() : "";
  context.session_type = m_store.state("sessiontype").value_or(-1);
  return context;
}

Result<Message> Walker::process_match(const ConfigLine& line, const std::string& path, FileFlags flags, bool& active) {
  SSHTUNE_TRY(context, match_context());
  const MatchOutcome outcome = evaluate_match(line.rest, &context);
  for (const std::string& command : outcome.skipped_exec) {
    m_evaluation.skipped_exec.push_back(SkippedExec{Origin{path, line.number}, command});
  }
  if (outcome.fatal) {
    return fatal(path + ":" + std::to_string(line.number) + ": " + *outcome.error);
  }
  if (outcome.error) return outcome.error;
  want_final_pass = want_final_pass || outcome.wants_final_pass;
  active = !flags.never_match && outcome.matched;
  if (outcome.leftover && !line.args.empty()) {
    return Message("keyword " + line.keyword_lower + " extra arguments at end of line");
  }
  return Message();
}

// 9.9 on: an Include path takes Match exec's %-tokens and ${VAR}. A ${VAR} that
// does not expand only skips the path (ssh says "Unable to expand"); a bad %-token
// is fatal.
Result<std::optional<std::string>> Walker::include_path(const std::string& argument) const {
  if (!dialect_of(m_client).since(9, 9)) return std::optional(argument);
  if (!dollar_expand(argument)) return std::optional<std::string>();
  SSHTUNE_TRY(context, match_context());
  Result<std::string> expanded = expand_match_tokens(argument, context, true);
  if (!expanded) return fatal(expanded.error().message);
  return std::optional(std::move(expanded).value());
}

Result<Message> Walker::process_include(const ConfigLine& line, const std::string& where, FileFlags flags, bool& active,
                                        int depth) {
  for (const Token& token : line.args) {
    SSHTUNE_TRY(expanded, include_path(token.value));
    if (!expanded) {
      m_evaluation.notes.push_back(where + ":" + std::to_string(line.number) + ": Unable to expand user config file '" +
                                   token.value + "'");
      continue;
    }
    const std::string& path = *expanded;
    if (!flags.user_config && path.starts_with('~')) return Message("bad include path " + path + ".");
    std::optional<Result<std::vector<std::string>>> resolved;  // without a cache
    if (cache == nullptr) resolved.emplace(resolve_include(path, flags.user_config));
    const Result<std::vector<std::string>>& files =
        cache != nullptr ? cache->include(path, flags.user_config) : *resolved;
    if (!files) return Message(files.error().message);
    const bool outer_active = active;
    const FileFlags inner{flags.user_config, flags.never_match || !outer_active, true};
    const IncludeIndex* index =
        cache != nullptr && depth + 1 <= k_max_include_depth ? &cache->include_index(path, flags.user_config) : nullptr;
    for (std::size_t j = next_file(index, 0, inner.never_match); j < files.value().size();
         j = next_file(index, j + 1, inner.never_match)) {
      const std::string& file = files.value()[j];
      if (depth + 1 <= k_max_include_depth) {
        if (const std::optional<int> error = open_error(file)) {
          if (*error == ENOENT) continue;  // a dangling symlink is skipped like a missing file
          return Message("Can't open user config file " + file + ": " + std::strerror(*error));
        }
      }
      SSHTUNE_TRYV(read_file(file, inner, active, depth + 1));
      active = outer_active;
    }
  }
  return Message();
}

}  // namespace sshtune::sshconfig
