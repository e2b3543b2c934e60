#pragma once
// The marker lines of known_hosts files (sshd(8), SSH_KNOWN_HOSTS FILE FORMAT),
// which libssh 0.10 skips as lines for a host named "@revoked": ssh-tune reads
// them itself so that a revoked key is refused as ssh refuses it, and a host
// that only a @cert-authority line vouches for is reported as unsupported rather
// than taken for unknown. Included only by probes/*.cpp.

#include "base/result.hpp"

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

struct ssh_key_struct;

namespace sshtune::probes {

// Where a marker line is.
struct MarkerLine {
  std::filesystem::path file;
  std::size_t line = 0;  // 1-based
};

// The first `@revoked` line among `files` whose host patterns match `name` (as
// known_hosts_name() spells it; hashed patterns work) and whose key is `key`.
// Missing files are skipped; a file that exists but cannot be read is an error.
Result<std::optional<MarkerLine>> find_revoked(const std::vector<std::filesystem::path>& files, const std::string& name,
                                               ssh_key_struct* key);

// The first `@cert-authority` line among `files` whose host patterns match `name`.
// Errors as find_revoked.
Result<std::optional<MarkerLine>> find_cert_authority(const std::vector<std::filesystem::path>& files,
                                                      const std::string& name);

// The first plain entry (no marker, not a comment) among `files` whose host
// patterns match `name` but whose key cannot be read (bad base64, unknown type):
// libssh may skip such a line and call the host unknown, and --accept-new would
// then add a second entry beside a damaged or tampered one. Errors as find_revoked.
Result<std::optional<MarkerLine>> find_broken_entry(const std::vector<std::filesystem::path>& files,
                                                    const std::string& name);

}  // namespace sshtune::probes
