#include "tuner/edit/host_settings.hpp"

#include "base/strings.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace sshtune::edit {
namespace {

// OpenSSH 7.x/8.0's default client cipher list (myproposal.h), used to expand
// "^" by hand for clients that do not understand it.
constexpr std::array<std::string_view, 6> k_pre_caret_default{
    "chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com"};

Error usage(const std::string& message) { return Error{ErrorKind::usage, message}; }

}  // namespace

Result<std::vector<std::string>> parse_cipher_list(const std::string& list, const std::vector<std::string>& supported) {
  std::vector<std::string> names;
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string name = list.substr(start, comma - start);
    if (name.empty()) {
      return usage("--ciphers '" + list + "' has an empty name");
    }
    if (contains(names, name)) {
      return usage("--ciphers names '" + name + "' twice");
    }
    if (!contains(supported, name)) {
      return Error{
          ErrorKind::invalid_input,
          "cipher '" + name + "' is not supported by the local ssh (ssh -Q cipher: " + join_names(supported) + ")"};
    }
    names.push_back(name);
    start = comma + 1;
  }
  return names;
}

Result<bool> parse_compression(const std::string& value) {
  if (value == "yes" || value == "no") {
    return value == "yes";
  }
  return usage("--compression must be 'yes' or 'no', not '" + value + "'");
}

std::string ciphers_value(const std::vector<std::string>& ciphers, SshVersion version,
                          const std::vector<std::string>& supported) {
  if (version.major > 8 || (version.major == 8 && version.minor >= 1)) {
    return "^" + join_names(ciphers);
  }
  std::vector<std::string> full = ciphers;
  for (const auto name : k_pre_caret_default) {
    if (!contains(full, name) && contains(supported, name)) {
      full.emplace_back(name);
    }
  }
  return join_names(full);
}

std::string join_names(const std::vector<std::string>& names) {
  std::string joined;
  for (const auto& name : names) {
    joined += (joined.empty() ? "" : ",") + name;
  }
  return joined;
}

}  // namespace sshtune::edit
