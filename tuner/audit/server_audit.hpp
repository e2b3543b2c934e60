#pragma once
// The server audit: an sshd_config (Ciphers, MACs, KexAlgorithms,
// HostKeyAlgorithms and the other algorithm lists, Compression; Include and
// Match blocks followed), or the algorithms a live server offers in its KEXINIT.

#include "probes/core/server_algorithms.hpp"
#include "tuner/audit/algorithm_rules.hpp"
#include "tuner/audit/config_set.hpp"
#include "tuner/audit/finding.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sshtune::audit {

// Findings for parsed sshd_config files (as load_config_tree(path, false, false) reads
// them): algorithm tiers and names sshd rejects, include-missing, invalid Compression.
std::vector<Finding> audit_sshd_files(const ClientConfigSet& files, const AlgorithmContext& context);

// Reads an sshd_config and its Includes (relative paths resolve in /etc/ssh) and
// audits them; an io error naming the file when it cannot be read.
Result<std::vector<Finding>> audit_sshd_config(const std::filesystem::path& path, const AlgorithmContext& context);

// Findings for what a live server offers: catalog tiers of its KEX, host-key,
// cipher and MAC lists, Terrapin, and compression-preauth-only. `label` names the server ("HOST:PORT").
std::vector<Finding> audit_live_server(const probes::ServerAlgorithms& server, const std::string& label,
                                       const AlgorithmContext& context);

}  // namespace sshtune::audit
