#pragma once
// terrapin (CVE-2023-48795): chacha20-poly1305, or a CBC cipher with an EtM MAC,
// usable while the server lacks strict kex (kex-strict-s-v00@openssh.com). The
// server check follows ssh-audit: without the marker these are warnings, with it a note.

#include "probes/core/server_algorithms.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// Findings for what a server offers; `server` labels them ("HOST:PORT").
std::vector<Finding> audit_terrapin_server(const probes::ServerAlgorithms& server, const std::string& label);

// A warn when the client's effective Ciphers/MACs for a host negotiate an affected
// combination with this server and the server lacks strict kex; nullopt otherwise.
std::optional<Finding> audit_terrapin_client(const sshconfig::Evaluation& evaluation,
                                             const probes::ServerAlgorithms& server);

}  // namespace sshtune::audit
