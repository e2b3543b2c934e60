#pragma once
// What `apply` writes for one host, checked before anything is written: a bad
// cipher name or a stray character in ssh_config is fatal for every host (the
// alias is checked by sshconfig::check_host_alias, tuner/sshconfig/names.hpp).

#include "base/result.hpp"
#include "tuner/edit/ssh_client.hpp"

#include <string>
#include <vector>

namespace sshtune::edit {

struct HostSettings {
  std::string host;                  // the alias exactly as the user types it
  std::vector<std::string> ciphers;  // ranked, best first
  bool compression = false;
};

// Splits "a,b,c" and checks every name against `supported` (ssh -Q cipher):
// no empty names, duplicates, prefixes (^ + -) or wildcards.
Result<std::vector<std::string>> parse_cipher_list(const std::string& list, const std::vector<std::string>& supported);

// "yes" → true, "no" → false; anything else (true, on, 1...) is a usage error.
Result<bool> parse_compression(const std::string& value);

// The Ciphers value to write: "^LIST" for OpenSSH >= 8.1; for older clients LIST
// followed by the rest of their default list (what "^" would mean), filtered to `supported`.
std::string ciphers_value(const std::vector<std::string>& ciphers, SshVersion version,
                          const std::vector<std::string>& supported);

// The names joined with commas.
std::string join_names(const std::vector<std::string>& names);

}  // namespace sshtune::edit
