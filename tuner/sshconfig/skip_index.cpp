#include "tuner/sshconfig/skip_index.hpp"

#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/line_rules.hpp"
#include "tuner/sshconfig/match.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/release.hpp"

#include <algorithm>
#include <optional>

namespace sshtune::sshconfig {
namespace {

bool wildcard(const std::string& pattern) { return pattern.find_first_of("*?") != std::string::npos; }

// A Host line the walker reads without a message whose patterns are all literal:
// it can be active only for a host equal to one of its positive patterns.
bool literal_host_line(const ConfigLine& line) {
  if (line.rest.empty() || line.invalid_quotes) return false;
  return std::none_of(line.args.begin(), line.args.end(),
                      [](const Token& token) { return token.value.empty() || wildcard(token.value); });
}

// The comma-separated entries of a Match host/originalhost list, lower-cased, when
// all are literal (no wildcard, no negation); nullopt otherwise.
std::optional<std::vector<std::string>> literal_names(const std::string& list) {
  std::vector<std::string> names;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = list.find(',', start);
    std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (name.starts_with('!') || wildcard(name)) return std::nullopt;
    names.push_back(ascii_lower(name));
    if (comma == std::string::npos) return names;
    start = comma + 1;
  }
}

// The criteria of a Match line that only compares names with literal lists (no
// negation, no exec, no all/canonical/final) and that ssh reads without a message.
std::optional<std::vector<MatchCriterion>> literal_match(const ConfigLine& line, const OpensshVersion& release) {
  const MatchSplit split = split_match(line.rest, release);
  if (split.error || split.leftover || split.criteria.empty()) return std::nullopt;
  for (const MatchCriterion& criterion : split.criteria) {
    const bool names = criterion.attribute == "host" || criterion.attribute == "originalhost";
    if (criterion.negated || !names || !literal_names(criterion.argument)) return std::nullopt;
  }
  return split.criteria;
}

// Whether an inactive directive line changes nothing but ssh's checks, and those are clean.
bool quiet_when_inactive(const KeywordInfo& info, const LineCheck& check) {
  if (check.error || check.notice) return false;
  if (info.kind == KeywordKind::include || info.kind == KeywordKind::match) return false;
  return info.name != "streamlocalbindmask" && info.name != "syslogfacility";  // applied in any block
}

void consider(const std::vector<std::size_t>& positions, std::size_t from, std::size_t& best) {
  const auto it = std::lower_bound(positions.begin(), positions.end(), from);
  if (it != positions.end()) best = std::min(best, *it);
}

void consider(const NamedPositions::Names& names, const std::string* key, std::size_t from, std::size_t& best) {
  if (key == nullptr) return;
  const auto it = names.find(*key);
  if (it != names.end()) consider(it->second, from, best);
}

}  // namespace

std::size_t NamedPositions::next(std::size_t from, const SkipKeys& keys) const {
  std::size_t best = size;
  consider(always, from, best);
  consider(host, keys.host, from, best);
  if (keys.match_unknown) {
    consider(match, from, best);
    return best;
  }
  consider(match_host, keys.match_host, from, best);
  consider(match_original, keys.original_host, from, best);
  return best;
}

void NamedPositions::add(Names& names, const std::string& name, std::size_t position) {
  std::vector<std::size_t>& positions = names[name];
  if (positions.empty() || positions.back() != position) positions.push_back(position);
}

SkipIndex::SkipIndex(const ConfigFile& file, const ClientCapabilities& client, bool user_config) {
  m_lines.size = file.lines.size();
  const OpensshVersion release = dialect_of(client);
  for (std::size_t i = 0; i < file.lines.size(); ++i) {
    const ConfigLine& line = file.lines[i];
    if (line.kind != LineKind::directive) continue;
    const std::optional<KeywordInfo> info = find_keyword(line.keyword_lower, release);
    const bool header = info && (info->kind == KeywordKind::host || info->kind == KeywordKind::match);
    if (!header && m_headers.empty() && m_lines.always.empty()) m_directive_first = true;
    if (info && info->kind == KeywordKind::host) {
      add_host(line, i);
      continue;
    }
    const LineCheck check = check_line(line, client, "", user_config, false);
    if (info && info->kind == KeywordKind::match && !check.error && !check.notice) {
      add_match(line, i, client);
    } else if (!info || !quiet_when_inactive(*info, check)) {
      m_lines.always.push_back(i);
    }
  }
}

void SkipIndex::add_host(const ConfigLine& line, std::size_t index) {
  if (!literal_host_line(line)) {
    m_lines.always.push_back(index);
    return;
  }
  m_headers.push_back(index);
  for (const Token& token : line.args) {
    if (token.value[0] != '!') NamedPositions::add(m_lines.host, token.value, index);  // '!' only deactivates
  }
}

// A literal Match line fails unless its first criterion's list names the host, so
// it is indexed under those names only.
void SkipIndex::add_match(const ConfigLine& line, std::size_t index, const ClientCapabilities& client) {
  const std::optional<std::vector<MatchCriterion>> criteria = literal_match(line, dialect_of(client));
  if (!criteria) {
    m_lines.always.push_back(index);
    return;
  }
  m_headers.push_back(index);
  m_lines.match.push_back(index);
  const MatchCriterion& first = criteria->front();
  NamedPositions::Names& by_name = first.attribute == "host" ? m_lines.match_host : m_lines.match_original;
  const std::vector<std::string> names = literal_names(first.argument).value_or(std::vector<std::string>{});
  for (const std::string& name : names) NamedPositions::add(by_name, name, index);
}

std::size_t SkipIndex::next_visit(std::size_t from, const SkipKeys& keys) const { return m_lines.next(from, keys); }

bool SkipIndex::header_between(std::size_t from, std::size_t to) const {
  const auto it = std::lower_bound(m_headers.begin(), m_headers.end(), from);
  return it != m_headers.end() && *it < to;
}

}  // namespace sshtune::sshconfig
