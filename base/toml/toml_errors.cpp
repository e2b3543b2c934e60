#include "base/toml/toml_errors.hpp"

namespace sshtune {

Result<toml::table> parse_toml(std::string_view text, const std::string& origin) {
#if TOML_EXCEPTIONS
  try {
    return toml::parse(text, origin);
  } catch (const toml::parse_error& e) {
    return Error{ErrorKind::invalid_input,
                 origin + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description())};
  }
#else
  auto parsed = toml::parse(text, origin);
  if (!parsed) {
    const auto& e = parsed.error();
    return Error{ErrorKind::invalid_input,
                 origin + ":" + std::to_string(e.source().begin.line) + ": " + std::string(e.description())};
  }
  return std::move(parsed).table();
#endif
}

Error toml_error(const std::string& origin, const toml::node& node, const std::string& message) {
  return Error{ErrorKind::invalid_input, origin + ":" + std::to_string(node.source().begin.line) + ": " + message};
}

}  // namespace sshtune
