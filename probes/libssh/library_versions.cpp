#include "probes/libssh/library_versions.hpp"

#include <libssh/libssh.h>
#include <openssl/crypto.h>
#include <openssl/opensslv.h>

namespace sshtune::probes {

LibraryVersions library_versions() {
  LibraryVersions versions;
  versions.libssh = ssh_version(0);
  versions.libssh_built = SSH_STRINGIFY(LIBSSH_VERSION);
  versions.openssl = OpenSSL_version(OPENSSL_VERSION_STRING);
  versions.openssl_text = OpenSSL_version(OPENSSL_VERSION);
  versions.openssl_built = OPENSSL_FULL_VERSION_STR;
  return versions;
}

}  // namespace sshtune::probes
