#include "tuner/audit/repeats.hpp"

#include <unordered_map>

namespace sshtune::audit {
namespace {

// What makes two findings the same problem: everything but where they are.
std::string kind_of(const Finding& finding) {
  std::string key(to_string(finding.severity));
  key += '\0';
  key += to_string(finding.rule);
  key += '\0';
  key += finding.message;
  key += '\0';
  key += finding.fix;
  return key;
}

}  // namespace

std::vector<Repeat> fold_repeats(const std::vector<Finding>& findings, std::size_t shown) {
  std::vector<Repeat> repeats(findings.size());
  std::unordered_map<std::string, std::vector<std::size_t>> kinds;
  for (std::size_t i = 0; i < findings.size(); ++i) kinds[kind_of(findings[i])].push_back(i);
  for (const auto& [kind, members] : kinds) {
    if (members.size() <= shown) continue;
    Repeat& last_shown = repeats[members[shown - 1]];
    for (std::size_t j = shown; j < members.size(); ++j) {
      repeats[members[j]].shown = false;
      last_shown.folded.push_back(members[j]);
    }
  }
  return repeats;
}

std::string grouped_count(std::size_t count) {
  const std::string digits = std::to_string(count);
  std::string text;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) text += ',';
    text += digits[i];
  }
  return text;
}

}  // namespace sshtune::audit
