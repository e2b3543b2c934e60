#include "tuner/audit/finding.hpp"

#include <algorithm>
#include <tuple>

namespace sshtune::audit {

std::string_view to_string(Severity severity) {
  switch (severity) {
    case Severity::fail: return "fail";
    case Severity::warn: return "warn";
    case Severity::info: return "info";
  }
  return "info";
}

std::optional<Severity> parse_fail_on(std::string_view text) {
  if (text == "warn") return Severity::warn;
  if (text == "fail") return Severity::fail;
  return std::nullopt;
}

std::optional<Severity> worst(const std::vector<Finding>& findings) {
  std::optional<Severity> result;
  for (const Finding& finding : findings) {
    if (!result || finding.severity > *result) result = finding.severity;
  }
  return result;
}

std::optional<Severity> failing_severity(const std::vector<Finding>& findings, Severity fail_on) {
  const std::optional<Severity> bad = worst(findings);
  if (bad == Severity::fail || (bad == Severity::warn && fail_on == Severity::warn)) return bad;
  return std::nullopt;
}

void sort_and_dedupe(std::vector<Finding>& findings) {
  const auto key = [](const Finding& f) { return std::tie(f.file, f.line, f.host, f.rule, f.message); };
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const Finding& a, const Finding& b) { return key(a) < key(b); });
  findings.erase(std::unique(findings.begin(), findings.end()), findings.end());
}

}  // namespace sshtune::audit
