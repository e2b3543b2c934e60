#pragma once
// Rendering of audit findings: a grouped text report for people (colour only when
// asked, i.e. on a TTY) and the JSON of design.md: {findings:[...], summary}.

#include "tuner/audit/finding.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace sshtune::audit {

// Findings grouped by file (or by host/server when they have no file), each with
// its line, severity, rule, scope, message and fix, then a one-line summary.
// `colour` adds ANSI colours to the severities.
std::string render_text(const std::vector<Finding>& findings, bool colour);

// {findings:[{severity, rule, file, line, host, message, fix}],
//  summary:{fail, warn, info, total, worst}}; worst is "none" without findings.
nlohmann::json to_json(const std::vector<Finding>& findings);

}  // namespace sshtune::audit
