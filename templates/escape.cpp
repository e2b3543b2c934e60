#include "templates/escape.hpp"

#include "base/message.hpp"

#include <algorithm>

namespace sshtune::templates {
namespace {

bool shell_safe(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         std::string_view("_@%+=:,./-").find(static_cast<char>(c)) != std::string_view::npos;
}

bool token_safe(unsigned char c) {
  return c > ' ' && c < 0x7f && std::string_view("\"'\\#").find(static_cast<char>(c)) == std::string_view::npos;
}

}  // namespace

std::string shell_word(std::string_view value) {
  if (!value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) { return shell_safe(c); })) {
    return std::string(value);
  }
  std::string out = "'";
  for (const char c : value) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string ssh_config_token(std::string_view value) {
  if (!value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) { return token_safe(c); })) {
    return std::string(value);
  }
  std::string out = "\"";
  for (const char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string escape_field(std::string_view value, FieldRole role, Target target) {
  if (value.empty()) return "";
  std::string visible = escape_bytes(value);
  if (role == FieldRole::text) return visible;  // a comment ends at the line's end, which escape_bytes keeps out
  return target == Target::shell ? shell_word(visible) : ssh_config_token(visible);
}

}  // namespace sshtune::templates
