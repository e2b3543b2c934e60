#pragma once
// SHA-1, for the one place ssh_config needs a digest: the %C token, which is
// ssh_connection_hash() (readconf.c), the hex SHA-1 of local host, remote host,
// port, remote user and (9.6 on) jump host. OpenSSL's libcrypto computes it.

#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// The SHA-1 digest of `data` as 40 lower-case hex digits.
std::string sha1_hex(std::string_view data);

}  // namespace sshtune::sshconfig
