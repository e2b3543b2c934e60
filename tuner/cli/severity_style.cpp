#include "tuner/cli/severity_style.hpp"

#include <map>

namespace sshtune::cli {

std::string coloured_severity(audit::Severity severity, const std::string& label) {
  static const std::map<audit::Severity, const char*> k_colours{
      {audit::Severity::fail, "\033[1;31m"}, {audit::Severity::warn, "\033[33m"}, {audit::Severity::info, "\033[36m"}};
  return k_colours.at(severity) + label + "\033[0m";
}

audit::SeverityStyle severity_style(bool colour) {
  if (!colour) return {};
  return coloured_severity;
}

}  // namespace sshtune::cli
