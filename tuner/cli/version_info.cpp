#include "tuner/cli/version_info.hpp"

#include "base/data_path.hpp"
#include "probes/libssh/library_versions.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"

#include <ostream>

namespace sshtune::cli {
namespace {

std::string local_openssh() {
  const Result<const sshconfig::ClientCapabilities*> client = sshconfig::local_client_capabilities();
  return client ? client.value()->version() : std::string();
}

std::string shipped_data_dir() {
  const Result<std::filesystem::path> policy = data_path("rules", "policy.toml");
  return policy ? policy.value().parent_path().parent_path().string() : std::string();
}

std::string or_unknown(const std::string& text, const std::string& unknown) { return text.empty() ? unknown : text; }

// "0.10.6" from libssh's "0.10.6/openssl/zlib".
std::string number_of(const std::string& libssh) { return libssh.substr(0, libssh.find('/')); }

nlohmann::json or_null(const std::string& text) {
  return text.empty() ? nlohmann::json(nullptr) : nlohmann::json(text);
}

}  // namespace

VersionInfo version_info() {
  const probes::LibraryVersions libraries = probes::library_versions();
  return VersionInfo{SSHTUNE_VERSION,        libraries.libssh,        libraries.libssh_built, libraries.openssl,
                     libraries.openssl_text, libraries.openssl_built, local_openssh(),        shipped_data_dir()};
}

void print_version(std::ostream& out, const VersionInfo& info) {
  out << "ssh-tune " << info.ssh_tune << '\n'
      << "libssh   " << info.libssh << " (built with " << info.libssh_built << ")\n"
      << "OpenSSL  " << info.openssl_text << " (built with " << info.openssl_built << ")\n"
      << "OpenSSH  " << or_unknown(info.openssh, "not found (no ssh on PATH)") << " (ssh -V)\n"
      << "data     " << or_unknown(info.data_dir, "not found") << '\n';
}

nlohmann::json versions_json(const VersionInfo& info) {
  return {{"ssh_tune", info.ssh_tune},
          {"libssh", or_null(number_of(info.libssh))},
          {"openssl", or_null(info.openssl)},
          {"openssh", or_null(info.openssh)}};
}

}  // namespace sshtune::cli
