#pragma once
// Parsing TOML text into a table, converting toml++'s exception into an Error
// that names origin:line; with toml_fields.hpp, the only bridge between toml++
// and ssh-tune.

#include "base/result.hpp"

#include <toml++/toml.h>

#include <string>
#include <string_view>

namespace sshtune {

// Parses `text`; errors read "ORIGIN:LINE: DESCRIPTION".
Result<toml::table> parse_toml(std::string_view text, const std::string& origin);

// "ORIGIN:LINE: MESSAGE" for a problem at `node` (line 0 when unknown).
Error toml_error(const std::string& origin, const toml::node& node, const std::string& message);

}  // namespace sshtune
