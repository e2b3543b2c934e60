#include "tuner/audit/report.hpp"

#include "base/message.hpp"
#include "tuner/audit/repeats.hpp"

#include <map>

namespace sshtune::audit {
namespace {

std::string label(Severity severity, const SeverityStyle& style) {
  static const std::map<Severity, std::string> k_labels{
      {Severity::fail, "FAIL"}, {Severity::warn, "WARN"}, {Severity::info, "INFO"}};
  const std::string& text = k_labels.at(severity);
  return style ? style(severity, text) : text;
}

std::string group_of(const Finding& finding) { return finding.file.empty() ? finding.host : finding.file; }

std::string counts(const std::vector<Finding>& findings) {
  std::map<Severity, int> count;
  for (const Finding& finding : findings) ++count[finding.severity];
  return std::to_string(count[Severity::fail]) + " fail, " + std::to_string(count[Severity::warn]) + " warn, " +
         std::to_string(count[Severity::info]) + " info";
}

// "FILE:LINE", or "FILE" for the file as a whole (line 0).
std::string place(const std::string& file, std::size_t line) {
  return line > 0 ? file + ":" + std::to_string(line) : file;
}

std::string render_one(const Finding& finding, const SeverityStyle& style, Charset charset) {
  std::string text = "  ";
  text += finding.line > 0 ? "line " + std::to_string(finding.line) + ": " : "";
  text += label(finding.severity, style) + " [" + std::string(to_string(finding.rule)) + "]";
  // Findings quote the files' bytes: each line escaped and bounded (base/message.hpp).
  // The signs ssh-tune writes itself (a ratio's "×") are shown in the output's charset.
  if (!finding.host.empty() && !finding.file.empty()) text += " (" + one_line(finding.host) + ")";
  text += " " + one_line(finding.message, charset) + "\n";
  if (!finding.fix.empty()) text += "      fix: " + one_line(finding.fix, charset) + "\n";
  return text;
}

// Where a finding is: "FILE:LINE", "FILE", or its host when it has no file.
std::string place_of(const Finding& finding) {
  return finding.file.empty() ? finding.host : place(finding.file, finding.line);
}

// "  … and 49,997 more like it (FILE:4, FILE:5, FILE:6, …)": the folded findings'
// count and their first places ("..." for "…" in ascii).
std::string folded_line(const std::vector<Finding>& findings, const std::vector<std::size_t>& folded, Charset charset) {
  const std::string ellipsis = charset == Charset::utf8 ? "\u2026" : "...";
  std::string places;
  for (std::size_t i = 0; i < folded.size() && i < k_shown_repeats; ++i) {
    places += (i == 0 ? "" : ", ") + one_line(place_of(findings[folded[i]]));
  }
  if (folded.size() > k_shown_repeats) places += ", " + ellipsis;
  return "  " + ellipsis + " and " + grouped_count(folded.size()) + " more like it (" + places + ")\n";
}

}  // namespace

std::string render_text(const std::vector<Finding>& findings, Charset charset, const SeverityStyle& style) {
  if (findings.empty()) return "no findings\n";
  std::string text;
  std::string current;
  const std::vector<Repeat> repeats = fold_repeats(findings);
  for (std::size_t i = 0; i < findings.size(); ++i) {
    const Finding& finding = findings[i];
    if (!repeats[i].shown) continue;
    if (text.empty() || group_of(finding) != current) {
      current = group_of(finding);
      text += (text.empty() ? "" : "\n") + one_line(current) + "\n";
    }
    text += render_one(finding, style, charset);
    if (!repeats[i].folded.empty()) text += folded_line(findings, repeats[i].folded, charset);
  }
  return text + "\n" + counts(findings) + "\n";
}

nlohmann::json to_json(const std::vector<Finding>& findings) {
  nlohmann::json list = nlohmann::json::array();
  std::map<std::string, int> count{{"fail", 0}, {"warn", 0}, {"info", 0}};
  for (const Finding& finding : findings) {
    const std::string severity(to_string(finding.severity));
    ++count[severity];
    list.push_back({{"severity", severity},
                    {"rule", to_string(finding.rule)},
                    {"file", finding.file},
                    {"line", finding.line},
                    {"host", finding.host},
                    {"message", finding.message},
                    {"fix", finding.fix}});
  }
  const std::optional<Severity> bad = worst(findings);
  return {{"findings", list},
          {"summary",
           {{"fail", count["fail"]},
            {"warn", count["warn"]},
            {"info", count["info"]},
            {"total", findings.size()},
            {"worst", bad ? std::string(to_string(*bad)) : "none"}}}};
}

std::string render_fixes(const FixPlan& plan, bool dry_run, Charset charset) {
  std::string text;
  for (const FixedLine& fix : plan.fixed) {
    const std::string line =
        place(fix.file, fix.line) + ": " + fix.before + " " + std::string(k_arrow_sign) + " " + fix.after;
    text += (dry_run ? "would fix " : "fixed ") + one_line(line, charset) + "\n";
  }
  for (const Unfixed& left : plan.unfixed) {
    const std::string line =
        place(left.file, left.line) + " [" + std::string(to_string(left.rule)) + "]: " + left.reason;
    text += "not fixed " + one_line(line, charset) + "\n";
  }
  return text;
}

nlohmann::json fixes_to_json(const FixPlan& plan) {
  nlohmann::json fixed = nlohmann::json::array();
  for (const FixedLine& fix : plan.fixed) {
    fixed.push_back({{"file", fix.file}, {"line", fix.line}, {"before", fix.before}, {"after", fix.after}});
  }
  nlohmann::json left = nlohmann::json::array();
  for (const Unfixed& unfixed : plan.unfixed) {
    left.push_back({{"file", unfixed.file},
                    {"line", unfixed.line},
                    {"rule", to_string(unfixed.rule)},
                    {"reason", unfixed.reason}});
  }
  return {{"fixed", fixed}, {"not_fixed", left}};
}

}  // namespace sshtune::audit
