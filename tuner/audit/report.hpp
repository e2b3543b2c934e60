#pragma once
// Rendering of audit findings: a grouped text report for people (plain text; the
// CLI, which alone decides on colour, styles the severity labels) and the JSON of
// ssh-tune(1): {findings:[...], summary}; and of what `audit --fix` fixed and left.

#include "base/charset.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/audit/fix_plan.hpp"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

namespace sshtune::audit {

// How the text report shows a severity's label ("FAIL", "WARN" or "INFO"): what it
// returns is written in the label's place. Unset: the label as it is.
using SeverityStyle = std::function<std::string(Severity severity, const std::string& label)>;

// Findings grouped by file (or by host/server when they have no file), each with
// its line, severity, rule, scope, message and fix, then a one-line summary that
// counts them all. Of findings that repeat (repeats.hpp) the first k_shown_repeats
// are shown, then one line "  … and N more like it (FILE:LINE, FILE:LINE, FILE:LINE, …)"
// naming the first three places of the rest ("…" only when more are left out).
// Each severity label goes through `style`; ssh-tune's own signs ("×") are
// shown in `charset` (base/message.hpp), everything quoted escaped.
std::string render_text(const std::vector<Finding>& findings, Charset charset, const SeverityStyle& style = {});

// {findings:[{severity, rule, file, line, host, message, fix}],
//  summary:{fail, warn, info, total, worst}}; worst is "none" without findings.
nlohmann::json to_json(const std::vector<Finding>& findings);

// One line per fix, "fixed FILE:LINE: BEFORE → AFTER" ("FILE: mode 0664 → 0644"
// for a mode; "would fix" in a dry run), then one per finding left,
// "not fixed FILE:LINE [RULE]: REASON"; each line escaped, the arrow "->" in
// `charset` ascii. Empty for an empty plan.
std::string render_fixes(const FixPlan& plan, bool dry_run, Charset charset);

// {fixed:[{file, line, before, after}], not_fixed:[{file, line, rule, reason}]}.
nlohmann::json fixes_to_json(const FixPlan& plan);

}  // namespace sshtune::audit
