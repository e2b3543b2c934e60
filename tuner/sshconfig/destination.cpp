#include "tuner/sshconfig/destination.hpp"

#include <arpa/inet.h>
#include <netdb.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace sshtune::sshconfig {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// urldecode(): '+' is a space, %XX a byte (never NUL, as Debian's fix requires).
std::optional<std::string> url_decode(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '+') {
      out += ' ';
    } else if (text[i] != '%') {
      out += text[i];
    } else {
      const int high = i + 1 < text.size() ? hex_digit(text[i + 1]) : -1;
      const int low = i + 2 < text.size() ? hex_digit(text[i + 2]) : -1;
      if (high < 0 || low < 0 || (high == 0 && low == 0)) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    }
  }
  return out;
}

}  // namespace

std::optional<HostField> split_host_field(std::string_view text) {
  std::size_t end = text.find_first_of(":/");
  if (!text.empty() && text[0] == '[') {
    const std::size_t close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    end = close + 1;
    if (end < text.size() && text[end] != ':' && text[end] != '/') return std::nullopt;
  }
  if (end >= text.size()) return HostField{text, std::nullopt, 0};
  return HostField{text.substr(0, end), text.substr(end + 1), text[end]};
}

std::string clean_host(std::string_view host) {
  const bool bracketed = host.size() >= 2 && host.front() == '[' && host.back() == ']';
  return std::string(bracketed ? host.substr(1, host.size() - 2) : host);
}

namespace {

// The part of a URI after the host: a port after ':' and nothing but an empty path.
bool uri_tail_ok(const HostField& field, UserHostPort& out) {
  std::optional<std::string_view> rest = field.rest;
  if (!rest || rest->empty()) return true;
  if (field.delim == ':') {
    const std::size_t slash = rest->find('/');
    out.port = a2port(std::string(rest->substr(0, slash)));
    if (out.port <= 0) return false;
    rest = slash == std::string_view::npos ? std::nullopt : std::optional(rest->substr(slash + 1));
  }
  return !rest || rest->empty();  // a path is not allowed in a destination
}

bool is_shell_special(char c, std::string_view specials) {
  return specials.find(c) != std::string_view::npos || std::iscntrl(static_cast<unsigned char>(c));
}

}  // namespace

UriKind parse_ssh_uri(std::string_view text, UserHostPort* out) {
  if (!text.starts_with("ssh://")) return UriKind::not_uri;
  std::string_view rest = text.substr(6);
  UserHostPort parsed;
  if (const std::size_t at = rest.find('@'); at != std::string_view::npos) {
    const std::string_view info = rest.substr(0, at);
    const std::string_view user = info.substr(0, info.find(';'));
    parsed.user = user.empty() ? std::nullopt : url_decode(user);
    if (!parsed.user) return UriKind::invalid;
    rest = rest.substr(at + 1);
  }
  const std::optional<HostField> field = split_host_field(rest);
  if (!field || field->host.empty()) return UriKind::invalid;
  parsed.host = clean_host(field->host);
  if (!valid_domain(parsed.host, false, nullptr) || !uri_tail_ok(*field, parsed)) return UriKind::invalid;
  if (out != nullptr) *out = std::move(parsed);
  return UriKind::valid;
}

std::optional<UserHostPort> parse_user_host_port(std::string_view text) {
  UserHostPort parsed;
  if (const std::size_t at = text.rfind('@'); at != std::string_view::npos) {
    if (at == 0) return std::nullopt;
    parsed.user = std::string(text.substr(0, at));
    text = text.substr(at + 1);
  }
  const std::optional<HostField> field = split_host_field(text);
  if (!field || field->delim == '/' || field->host.empty()) return std::nullopt;
  parsed.host = clean_host(field->host);
  if (field->rest && !field->rest->empty()) {
    parsed.port = a2port(std::string(*field->rest));
    if (parsed.port <= 0) return std::nullopt;
  }
  return parsed;
}

int a2port(const std::string& text) {
  // strtonum(s, 0, 65535): strtoll's whole-string parse, then the range.
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(text.c_str(), &end, 10);
  if (!text.empty() && end != text.c_str() && *end == '\0' && errno == 0 && value >= 0 && value <= 65535) {
    return static_cast<int>(value);
  }
  if (const servent* service = getservbyname(text.c_str(), "tcp")) return ntohs(static_cast<uint16_t>(service->s_port));
  return -1;
}

bool valid_domain(std::string& name, bool lower, std::string* why) {
  const auto fail = [&](const std::string& reason) {
    if (why != nullptr) *why = reason;
    return false;
  };
  if (name.empty()) return fail("empty domain name");
  if (!std::isalnum(static_cast<unsigned char>(name[0]))) {
    return fail("domain name \"" + name + "\" starts with invalid character");
  }
  char last = '\0';
  for (char& c : name) {
    const char low = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower) c = low;
    if (last == '.' && low == '.') return fail("domain name \"" + name + "\" contains consecutive separators");
    if (low != '.' && low != '-' && low != '_' && !std::isalnum(static_cast<unsigned char>(low))) {
      return fail("domain name \"" + name + "\" contains invalid characters");
    }
    last = low;
  }
  if (name.back() == '.') name.pop_back();
  return true;
}

bool valid_hostname(std::string_view name) {
  if (name.starts_with('-')) return false;
  for (char c : name) {
    if (is_shell_special(c, "'`\"$\\;&<>|(){},") || std::isspace(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

bool valid_remote_user(std::string_view user) {
  if (user.starts_with('-')) return false;
  for (std::size_t i = 0; i < user.size(); ++i) {
    if (is_shell_special(user[i], "'`\";&<>|(){}")) return false;
    const bool next_dash = i + 1 < user.size() && user[i + 1] == '-';
    if (std::isspace(static_cast<unsigned char>(user[i])) && next_dash) return false;
    if (user[i] == '\\' && i + 1 == user.size()) return false;
  }
  return true;
}

}  // namespace sshtune::sshconfig
