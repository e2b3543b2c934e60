#pragma once
// One audit finding and the pass/fail policy over a list of them.

#include "tuner/audit/rule_id.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::audit {

// How bad a finding is; ordered so that a larger value is worse.
enum class Severity { info, warn, fail };

// One problem: where it is (file:line and/or host), what it is and how to fix it.
// `line` is 0 and `file` empty when the finding is about a live server or a whole host.
struct Finding {
  Severity severity = Severity::info;
  RuleId rule = RuleId::config_error;  // printed as its stable id, e.g. "algo-removed" (listed in ssh-tune(1))
  std::string file;
  std::size_t line = 0;
  std::string host;            // the Host/Match scope, a --host name, or "server HOST:PORT"
  std::string message;         // one line, complete
  std::string fix;             // one line: what to change
  std::string algorithm = {};  // the one algorithm name an algo-* finding judges (what --fix drops), else empty
  std::vector<std::string> targets = {};  // compression-all-hosts: the hosts whose blocks --fix moves the line into
  bool operator==(const Finding&) const = default;
};

// "fail", "warn" or "info".
std::string_view to_string(Severity severity);

// Parses "warn" or "fail" (the --fail-on values); nullopt otherwise.
std::optional<Severity> parse_fail_on(std::string_view text);

// The worst severity present, or nullopt for no findings.
std::optional<Severity> worst(const std::vector<Finding>& findings);

// The severity an audit fails with: fail if a fail is present, warn if a warn is
// present and `fail_on` is warn, else nullopt (the audit passes). Info findings
// never fail it. The CLI turns this into the exit code (3, 2 or 0).
std::optional<Severity> failing_severity(const std::vector<Finding>& findings, Severity fail_on);

// Sorts findings by file, line, host, rule and message and drops exact duplicates,
// so reports are stable whatever order rules ran in.
void sort_and_dedupe(std::vector<Finding>& findings);

}  // namespace sshtune::audit
