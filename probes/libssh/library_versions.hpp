#pragma once
// The versions of the crypto libraries ssh-tune runs with (libssh for the host
// trials, OpenSSL for the benchmarks): what the loaded library reports, and what
// the headers ssh-tune was built against said.

#include <string>

namespace sshtune::probes {

struct LibraryVersions {
  std::string libssh;         // ssh_version(0) of the loaded library, e.g. "0.10.6/openssl/zlib"
  std::string libssh_built;   // LIBSSH_VERSION of the headers, e.g. "0.10.6"
  std::string openssl;        // OpenSSL_version(OPENSSL_VERSION_STRING) at run time, e.g. "3.0.19"
  std::string openssl_text;   // OpenSSL_version(OPENSSL_VERSION), e.g. "OpenSSL 3.0.19 27 Jan 2026"
  std::string openssl_built;  // OPENSSL_FULL_VERSION_STR of the headers, e.g. "3.0.19"
};

// Asks the loaded libraries; never fails.
LibraryVersions library_versions();

}  // namespace sshtune::probes
