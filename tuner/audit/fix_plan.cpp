#include "tuner/audit/fix_plan.hpp"

#include "base/format.hpp"
#include "tuner/audit/file_rules.hpp"
#include "tuner/sshconfig/algorithms.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/names.hpp"
#include "tuner/sshconfig/parser.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/block_append.hpp"
#include "tuner/edit/host_settings.hpp"
#include "tuner/edit/line_rewrite.hpp"

#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace sshtune::audit {
namespace {

// What --fix does about a rule's findings.
enum class Remedy { none, drop_names, compression_off, move_compression, demote, safe_mode };

Remedy remedy_for(const Finding& finding) {
  const RuleId rule = finding.rule;
  if (rule == RuleId::algo_removed || rule == RuleId::algo_deprecated || rule == RuleId::algo_reenabled_legacy) {
    return finding.algorithm.empty() ? Remedy::none : Remedy::drop_names;
  }
  if (rule == RuleId::compression_lan || rule == RuleId::compression_rsync_stacked) return Remedy::compression_off;
  if (rule == RuleId::compression_all_hosts) return Remedy::move_compression;
  if (rule == RuleId::weak_first_cipher) return Remedy::demote;
  if (rule == RuleId::file_permissions) return Remedy::safe_mode;
  return Remedy::none;
}

// Why a rule has no automatic fix.
std::string no_fix_reason(RuleId rule) {
  static const std::map<RuleId, std::string> k_reasons{
      {RuleId::shadowed_setting, "which block should win is a choice: move the block or change the winning value"},
      {RuleId::algo_unknown, "ssh-tune does not guess what an unknown name stands for"},
      {RuleId::algo_weak, "weak, not broken: drop it once no server needs it"},
      {RuleId::slow_cipher, "the cipher order is a choice; `ssh-tune host` measures the fastest for a host"},
      {RuleId::slow_first_cipher, "the cipher order is a choice; `ssh-tune host` measures the fastest for a host"},
      {RuleId::include_missing, "ssh-tune neither creates Include targets nor removes Include lines"},
      {RuleId::include_directory, "whether the folder's files should apply is a choice: Include DIR/* reads them"},
      {RuleId::config_error, "ssh rejects this line; correct it by hand"},
      {RuleId::terrapin, "depends on the server: change the cipher order or upgrade the server"},
  };
  const auto it = k_reasons.find(rule);
  return it != k_reasons.end() ? it->second : "no automatic fix for " + std::string(to_string(rule));
}

std::string without_indent(const std::string& text) {
  return text.substr(std::min(text.find_first_not_of(" \t"), text.size()));
}

std::string at(const std::string& path, std::size_t line) { return path + ":" + std::to_string(line); }

// One file of the set and what the plan does to it.
struct FileWork {
  const LoadedFile* loaded = nullptr;
  sshconfig::ConfigFile edited;        // the lines as they will be written
  std::optional<mode_t> mode;          // a safe mode to set
  std::optional<std::string> blocked;  // why the file is left untouched
  std::set<std::size_t> rewritten;     // numbers of the edited lines
  // Hosts that get a `Host H` / `Compression yes` block at the end, and the finding that moved it.
  std::vector<std::pair<std::string, const Finding*>> appended;
};

class Planner {
 public:
  explicit Planner(const FixInput& input);
  FixPlan plan();

 private:
  std::optional<std::string> blocked_reason(const LoadedFile& loaded) const;
  std::optional<std::string> backup_reader(const std::string& path) const;
  void fix_line(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings);
  void drop_names(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings);
  void empty_list(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings,
                  const std::vector<std::string>& names);
  void compression_off(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings);
  void move_compression(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings,
                        const Finding& moved);
  std::vector<std::string> move_targets(const Finding& moved) const;
  bool sets_own_compression(const std::string& host) const;
  void demote(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings);
  void append_blocks(FileWork& work);
  void safe_mode(FileWork& work, const Finding& finding);
  std::optional<std::string> other_setter(const sshconfig::ConfigLine& line, const std::string& path) const;
  void fixed(FileWork& work, std::size_t number, const std::string& before);
  void leave(const Finding& finding, const std::string& reason);
  void leave_all(const std::vector<const Finding*>& findings, const std::string& reason);

  const FixInput& m_input;
  std::map<std::string, FileWork> m_files;  // by path as the audit read it
  FixPlan m_plan;
};

Planner::Planner(const FixInput& input) : m_input(input) {
  for (const LoadedFile& loaded : input.configs.files) {
    m_files[loaded.file.path] = FileWork{&loaded, loaded.file, std::nullopt, blocked_reason(loaded), {}, {}};
  }
}

std::optional<std::string> Planner::blocked_reason(const LoadedFile& loaded) const {
  const std::string& path = loaded.file.path;
  if (!m_input.system_files && (!loaded.user_config || path.starts_with("/etc/"))) {
    return "a system file: fixed only when named with -F";
  }
  for (const Finding& finding : m_input.findings) {
    if (finding.rule == RuleId::config_error && finding.file == path && finding.line > 0) {
      return at(path, finding.line) + " is a line ssh rejects; the file is left untouched until it is corrected";
    }
  }
  if (const std::optional<std::string> include = backup_reader(path)) {
    return "the file is left untouched: ssh would read its backup " + edit::backup_path_for(path).filename().string() +
           " through the Include at " + *include;
  }
  return std::nullopt;
}

// "FILE:LINE" of an Include whose pattern matches the backup the editor keeps of `path`.
std::optional<std::string> Planner::backup_reader(const std::string& path) const {
  const std::string backup = edit::backup_path_for(path).string();
  for (const LoadedFile& loaded : m_input.configs.files) {
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      if (line.keyword_lower != "include") continue;
      for (const sshconfig::Token& token : line.args) {
        const std::string pattern = include_pattern(token.value, loaded.user_config);
        if (fnmatch(pattern.c_str(), backup.c_str(), FNM_PATHNAME | FNM_PERIOD) == 0) {
          return at(loaded.file.path, line.number);
        }
      }
    }
  }
  return std::nullopt;
}

FixPlan Planner::plan() {
  std::map<std::pair<std::string, std::size_t>, std::vector<const Finding*>> by_line;
  std::vector<const Finding*> without_remedy;
  for (const Finding& finding : m_input.findings) {
    const auto work = m_files.find(finding.file);
    if (work == m_files.end()) continue;  // not about a client file (a host or a server)
    const Remedy remedy = remedy_for(finding);
    if (work->second.blocked) {
      leave(finding, *work->second.blocked);
    } else if (remedy == Remedy::none) {
      without_remedy.push_back(&finding);
    } else if (remedy == Remedy::safe_mode) {
      safe_mode(work->second, finding);
    } else {
      by_line[{finding.file, finding.line}].push_back(&finding);
    }
  }
  for (const auto& [where, findings] : by_line) fix_line(m_files[where.first], where.second, findings);
  for (auto& [path, work] : m_files) append_blocks(work);
  for (const Finding* finding : without_remedy) {
    // An edit drops only the names it fixes: a name judged otherwise stays on the line.
    if (!finding->algorithm.empty() || !m_files[finding->file].rewritten.contains(finding->line)) {
      leave(*finding, no_fix_reason(finding->rule));
    }
  }
  for (const LoadedFile& loaded : m_input.configs.files) {
    const FileWork& work = m_files[loaded.file.path];
    if (!work.rewritten.empty() || work.mode) {
      m_plan.writes.push_back(edit::PlannedWrite{loaded.file.path, sshconfig::print(loaded.file),
                                                 sshconfig::print(work.edited), work.mode});
    }
  }
  std::stable_sort(m_plan.fixed.begin(), m_plan.fixed.end(), [](const FixedLine& a, const FixedLine& b) {
    return std::tie(a.file, a.line) < std::tie(b.file, b.line);
  });
  std::sort(m_plan.unfixed.begin(), m_plan.unfixed.end(), [](const Unfixed& a, const Unfixed& b) {
    return std::tie(a.file, a.line, a.rule, a.reason) < std::tie(b.file, b.line, b.rule, b.reason);
  });
  m_plan.unfixed.erase(std::unique(m_plan.unfixed.begin(), m_plan.unfixed.end()), m_plan.unfixed.end());
  return std::move(m_plan);
}

// One line's findings: a move covers every compression finding of the line; a
// Ciphers line may both drop names and turn its '^' into '+'.
void Planner::fix_line(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings) {
  std::map<Remedy, std::vector<const Finding*>> by_remedy;
  for (const Finding* finding : findings) by_remedy[remedy_for(*finding)].push_back(finding);
  if (by_remedy.contains(Remedy::move_compression)) {
    return move_compression(work, number, findings, *by_remedy[Remedy::move_compression].front());
  }
  if (by_remedy.contains(Remedy::compression_off)) return compression_off(work, number, findings);
  if (by_remedy.contains(Remedy::demote)) demote(work, number, by_remedy[Remedy::demote]);
  if (by_remedy.contains(Remedy::drop_names)) drop_names(work, number, by_remedy[Remedy::drop_names]);
}

void Planner::drop_names(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings) {
  std::vector<std::string> names;
  for (const Finding* finding : findings) {
    if (std::find(names.begin(), names.end(), finding->algorithm) == names.end()) names.push_back(finding->algorithm);
  }
  const std::string before = work.edited.lines[number - 1].text;
  const Result<edit::ListEdit> edited = edit::remove_list_entries(work.edited, number, names);
  if (!edited) return leave_all(findings, edited.error().message);
  if (edited.value() == edit::ListEdit::would_empty) return empty_list(work, number, findings, names);
  fixed(work, number, before);
}

// A list that dropping `names` would empty: a '+' or '^' list then means ssh's
// defaults, which the line's absence means too, unless another line would set it.
void Planner::empty_list(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings,
                         const std::vector<std::string>& names) {
  const sshconfig::ConfigLine& line = work.edited.lines[number - 1];
  const std::string list = join_commas(names);
  if (!line.args.front().value.starts_with("+") && !line.args.front().value.starts_with("^")) {
    return leave_all(
        findings, "dropping " + list + " would leave " + line.keyword + " with no algorithm; choose the ones to keep");
  }
  if (const std::optional<std::string> setter = other_setter(line, work.loaded->file.path)) {
    return leave_all(findings, "dropping " + list + " empties the list, and without this line " + *setter +
                                   " would set " + line.keyword + " instead");
  }
  const std::string before = line.text;
  const Result<void> commented = edit::comment_out(
      work.edited, number, "ssh-tune audit --fix: " + std::string(to_string(findings.front()->rule)) + " " + list);
  if (!commented) return leave_all(findings, commented.error().message);
  fixed(work, number, before);
}

// "FILE:LINE" of another line in the files that sets the same option as `line`.
std::optional<std::string> Planner::other_setter(const sshconfig::ConfigLine& line, const std::string& path) const {
  const std::string_view slot = sshconfig::find_keyword(line.keyword_lower)->slot;
  for (const LoadedFile& loaded : m_input.configs.files) {
    for (const sshconfig::ConfigLine& other : loaded.file.lines) {
      if (other.kind != sshconfig::LineKind::directive || (loaded.file.path == path && other.number == line.number)) {
        continue;
      }
      const std::optional<sshconfig::KeywordInfo> info = sshconfig::find_keyword(other.keyword_lower);
      if (info && info->slot == slot) return at(loaded.file.path, other.number);
    }
  }
  return std::nullopt;
}

// Compression yes → no, only where the line's block is `Host HOST` for the one host it was flagged for.
void Planner::compression_off(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings) {
  const std::string scope = line_scopes(*work.loaded)[number - 1];
  for (const Finding* finding : findings) {
    if (finding->host != scope) {
      const std::string hosts = scope == "*" ? "every host" : "'" + scope + "'";
      return leave_all(findings, "this line sets Compression for " + hosts + ", not only " + finding->host +
                                     "; put Compression no in a Host " + finding->host + " block above it");
    }
  }
  const sshconfig::ConfigLine& line = work.edited.lines[number - 1];
  if (line.args.size() != 1 || sshconfig::ascii_lower(line.args.front().value) != "yes") {
    return leave_all(findings, "the line does not read Compression yes");
  }
  const std::string before = line.text;
  const Result<void> replaced = edit::replace_value(work.edited, number, "no");
  if (!replaced) return leave_all(findings, replaced.error().message);
  fixed(work, number, before);
}

// Compression yes in a block for every host: commented out, and a `Host H` block
// with Compression yes appended for each measured slow link H that sets none of its own.
void Planner::move_compression(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings,
                               const Finding& moved) {
  const sshconfig::ConfigLine& line = work.edited.lines[number - 1];
  if (line.args.size() != 1 || sshconfig::ascii_lower(line.args.front().value) != "yes") {
    return leave_all(findings, "the line does not read Compression yes");
  }
  const std::vector<std::string> targets = move_targets(moved);
  std::string note = "ssh-tune audit --fix: compression-all-hosts, ";
  note += targets.empty() ? "dropped (no measured slow link needs it)"
                          : "moved to Host " + join_commas(targets) + " at the end of this file";
  const std::string before = line.text;
  const Result<void> commented = edit::comment_out(work.edited, number, note);
  if (!commented) return leave_all(findings, commented.error().message);
  for (const std::string& host : targets) work.appended.emplace_back(host, &moved);
  fixed(work, number, before);
}

// The finding's slow links that can be named on a Host line and set no Compression of their own.
std::vector<std::string> Planner::move_targets(const Finding& moved) const {
  std::vector<std::string> targets;
  for (const std::string& host : moved.targets) {
    const bool plain = sshconfig::check_host_alias(host) && host.find('@') == std::string::npos;
    if (plain && !sets_own_compression(host)) targets.push_back(host);
  }
  return targets;
}

// True when a `Host HOST` block of the files sets Compression.
bool Planner::sets_own_compression(const std::string& host) const {
  for (const LoadedFile& loaded : m_input.configs.files) {
    const std::vector<std::string> scopes = line_scopes(loaded);
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      if (line.keyword_lower == "compression" && scopes[line.number - 1] == host) return true;
    }
  }
  return false;
}

void Planner::append_blocks(FileWork& work) {
  for (const auto& [host, moved] : work.appended) {
    const Result<std::size_t> header = edit::append_host_block(work.edited, host, {"Compression yes"});
    if (!header) leave(*moved, "Host " + host + " was not added: " + header.error().message);
  }
}

// '^' → '+': the names stay allowed, behind ssh's defaults instead of ahead of them.
void Planner::demote(FileWork& work, std::size_t number, const std::vector<const Finding*>& findings) {
  const sshconfig::ConfigLine& line = work.edited.lines[number - 1];
  if (line.args.size() != 1 || !line.args.front().value.starts_with("^")) {
    return leave_all(findings, "the list no longer starts with ^");
  }
  const std::string before = line.text;
  const Result<void> replaced = edit::replace_value(work.edited, number, "+" + line.args.front().value.substr(1));
  if (!replaced) return leave_all(findings, replaced.error().message);
  fixed(work, number, before);
}

void Planner::safe_mode(FileWork& work, const Finding& finding) {
  const FileFacts& facts = work.loaded->facts;
  if (facts.owner != m_input.me) {
    return leave(finding, "owned by uid " + std::to_string(facts.owner) + "; changing the owner needs root");
  }
  work.mode = facts.mode & ~static_cast<mode_t>(S_IWGRP | S_IWOTH);
  m_plan.fixed.push_back(
      FixedLine{finding.file, 0, "mode " + octal_mode(facts.mode), "mode " + octal_mode(*work.mode)});
}

void Planner::fixed(FileWork& work, std::size_t number, const std::string& before) {
  work.rewritten.insert(number);
  m_plan.fixed.push_back(FixedLine{work.loaded->file.path, number, without_indent(before),
                                   without_indent(work.edited.lines[number - 1].text)});
}

void Planner::leave(const Finding& finding, const std::string& reason) {
  m_plan.unfixed.push_back(Unfixed{finding.file, finding.line, finding.rule, reason});
}

void Planner::leave_all(const std::vector<const Finding*>& findings, const std::string& reason) {
  for (const Finding* finding : findings) leave(*finding, reason);
}

}  // namespace

FixPlan plan_fixes(const FixInput& input) { return Planner(input).plan(); }

}  // namespace sshtune::audit
