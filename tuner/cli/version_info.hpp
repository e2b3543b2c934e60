#pragma once
// What `ssh-tune --version` names, and the `versions` object of the cpu and host
// JSON: ssh-tune's own version, the libssh and OpenSSL it runs with, the local
// OpenSSH client (`ssh -V`), and where its shipped data was found.

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>

namespace sshtune::cli {

struct VersionInfo {
  std::string ssh_tune;       // the project version, e.g. "0.1.0"
  std::string libssh;         // the loaded libssh, e.g. "0.10.6/openssl/zlib"
  std::string libssh_built;   // the libssh headers built against
  std::string openssl;        // the loaded OpenSSL, e.g. "3.0.19"
  std::string openssl_text;   // its full text, e.g. "OpenSSL 3.0.19 27 Jan 2026"
  std::string openssl_built;  // the OpenSSL headers built against
  std::string openssh;        // `ssh -V`, e.g. "OpenSSH_9.2p1 Debian-2+deb12u10"; "" when ssh is missing
  std::string data_dir;       // the folder holding rules/ and templates/; "" when not found
};

// Asks the libraries and the `ssh` on PATH; never fails (unknown parts stay empty).
VersionInfo version_info();

// The --version text: "ssh-tune X" then one line per component.
void print_version(std::ostream& out, const VersionInfo& info);

// {ssh_tune, libssh, openssl, openssh}: the version numbers (null when unknown).
nlohmann::json versions_json(const VersionInfo& info);

}  // namespace sshtune::cli
