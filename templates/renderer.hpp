#pragma once
// A minimal mustache-like renderer for the *.tmpl files: {{name}} substitutes a
// variable, {{#name}}...{{/name}} shows its body when the variable is non-empty,
// {{^name}}...{{/name}} when it is empty, {{! text}} is a comment. A line holding
// only a section tag or a comment disappears entirely (mustache's standalone rule).

#include "base/result.hpp"

#include <functional>
#include <map>
#include <string>
#include <string_view>

namespace sshtune::templates {

// Variable name -> value. Names are [A-Za-z0-9_]+.
using Variables = std::map<std::string, std::string, std::less<>>;

// Renders `text`. Unknown variables (even inside hidden sections), unclosed or
// mismatched sections and malformed tags are invalid_input errors naming
// "SOURCE:LINE: ...", where SOURCE is the template's file name or path.
Result<std::string> render(std::string_view text, const std::string& source, const Variables& variables);

}  // namespace sshtune::templates
