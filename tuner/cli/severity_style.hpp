#pragma once
// The audit report's severity labels on a terminal: the CLI alone decides on
// colour and writes escape codes; the report (tuner/audit/report.hpp) only asks
// for each label through a SeverityStyle.

#include "tuner/audit/finding.hpp"
#include "tuner/audit/report.hpp"

#include <string>

namespace sshtune::cli {

// `label` in its severity's ANSI colour (FAIL bold red, WARN yellow, INFO cyan),
// reset after it.
std::string coloured_severity(audit::Severity severity, const std::string& label);

// The style of audit::render_text for an output: coloured_severity when `colour`
// (a terminal), otherwise none (the labels as they are).
audit::SeverityStyle severity_style(bool colour);

}  // namespace sshtune::cli
