#pragma once
// Rules that depend on the OpenSSH release the user runs (`ssh -V`): what a
// release removed (DSA keys in 10.0, pre-authentication zlib in the 9.9 client),
// ignores (IPQoS lowdelay/throughput/reliability from 10.1), or added that a
// config should not leave out (post-quantum key exchange). A release before the
// change gets the same finding one severity lower, worded as what is coming.

#include "probes/core/server_algorithms.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <optional>
#include <string>

namespace sshtune::audit {

// Where a config line is: its file, and the Host/Match label of its block.
struct LinePlace {
  const std::string& file;
  const std::string& scope;
};

// dsa-key, ipqos-ignored and kex-no-post-quantum for one ssh_config line (nullopt
// for every other line). IdentityFile paths with ssh tokens (%d, %u...) are not read.
std::optional<Finding> audit_version_line(const sshconfig::ConfigLine& line, const LinePlace& place,
                                          const AlgorithmContext& context);

// compression-preauth-only for a live server's offer: it compresses only with
// `zlib`, which clients from 9.9 on no longer offer, so `Compression yes` does nothing.
std::optional<Finding> audit_preauth_compression(const probes::ServerAlgorithms& server, const std::string& label,
                                                 const AlgorithmContext& context);

}  // namespace sshtune::audit
