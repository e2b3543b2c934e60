#include "tuner/sshconfig/names.hpp"

#include "base/message.hpp"

#include <cctype>
#include <optional>
#include <string>

namespace sshtune::sshconfig {
namespace {

constexpr std::string_view k_host_refused = "'`\"$\\;&<>|(){},";
constexpr std::string_view k_user_refused = "'`\";&<>|(){}";
constexpr std::string_view k_token_refused = "#!=";

using Problem = std::optional<std::string>;

Problem refused_char(char c, std::string_view what) {
  return "contains '" + escape_bytes(std::string_view(&c, 1)) + "', which " + std::string(what);
}

// The first byte ssh refuses in a name of any kind, or nullopt.
Problem common_problem(std::string_view name) {
  if (name.empty()) return "it is empty";
  if (name.front() == '-') return "starts with '-', which ssh would read as an option";
  for (const char c : name) {
    if (std::iscntrl(static_cast<unsigned char>(c))) {
      return "contains a control character ('" + escape_bytes(std::string_view(&c, 1)) + "')";
    }
  }
  return std::nullopt;
}

Problem host_problem(std::string_view host) {
  if (Problem problem = common_problem(host)) return problem;
  for (const char c : host) {
    if (std::isspace(static_cast<unsigned char>(c))) return "contains whitespace";
    if (k_host_refused.find(c) != std::string_view::npos) return refused_char(c, "ssh refuses in a host name");
  }
  return std::nullopt;
}

Problem user_problem(std::string_view user) {
  if (Problem problem = common_problem(user)) return problem;
  for (std::size_t i = 0; i < user.size(); ++i) {
    if (k_user_refused.find(user[i]) != std::string_view::npos)
      return refused_char(user[i], "ssh refuses in a user name");
    if (std::isspace(static_cast<unsigned char>(user[i])) && i + 1 < user.size() && user[i + 1] == '-') {
      return "has a '-' after whitespace, which ssh refuses in a user name";
    }
  }
  if (user.back() == '\\') return "ends with '\\', which ssh refuses in a user name";
  return std::nullopt;
}

Problem destination_problem(std::string_view destination) {
  const auto at = destination.rfind('@');
  if (at == std::string_view::npos) return host_problem(destination);
  if (Problem problem = user_problem(destination.substr(0, at))) return "its user " + *problem;
  return host_problem(destination.substr(at + 1));
}

Error invalid(std::string_view what, std::string_view name, const std::string& why) {
  return Error{ErrorKind::usage, "invalid " + std::string(what) + " '" + quote_input(name) + "': " + why};
}

}  // namespace

Result<void> check_destination(std::string_view destination) {
  if (Problem problem = destination_problem(destination)) return invalid("host name", destination, *problem);
  return ok();
}

Result<void> check_remote_user(std::string_view user) {
  if (Problem problem = user_problem(user)) return invalid("user name", user, *problem);
  return ok();
}

Result<void> check_host_alias(std::string_view alias) {
  // The whole alias, user part included, by the host rules: a Host token holds no whitespace at all.
  if (Problem problem = host_problem(alias)) return invalid("host alias", alias, *problem);
  for (const char c : alias) {
    if (k_token_refused.find(c) != std::string_view::npos) {
      return invalid("host alias", alias, *refused_char(c, "a Host pattern cannot hold"));
    }
  }
  return ok();
}

}  // namespace sshtune::sshconfig
