#pragma once
// Algorithm-list rules: every name in a Ciphers/MACs/KexAlgorithms/*Algorithms
// line, or in a live server's KEXINIT, judged by its catalog tier
// (algo-removed, algo-deprecated, algo-weak, algo-server-legacy,
// algo-reenabled-legacy) and by whether the local OpenSSH knows it (algo-unknown).

#include "tuner/sshconfig/client_capabilities.hpp"
#include "rules/catalog.hpp"
#include "rules/policy.hpp"
#include "tuner/audit/finding.hpp"

#include <string>
#include <vector>

namespace sshtune::audit {

// Who reads the list: ssh (client), sshd (server config), or a live server's offer.
enum class ListReader { ssh, sshd, live_server };

// One algorithm-list line of a config file, with where it is.
struct AlgorithmLine {
  std::string keyword;  // as written, e.g. "Ciphers"
  AlgorithmKind kind = AlgorithmKind::cipher;
  std::string defaults_slot;  // the `ssh -G` keyword whose default a '+' list extends
  std::string value;          // the raw argument, e.g. "+3des-cbc"
  std::string file;
  std::size_t line = 0;
  std::string scope;  // Host/Match label of the block
};

// What the rules consult: the catalog, the local OpenSSH's names and defaults
// (sshd on the same machine supports the same names), and the policy's thresholds.
struct AlgorithmContext {
  const rules::Catalog& catalog;
  const sshconfig::ClientCapabilities& client;
  const rules::Policy& policy;
};

// The catalog kind that judges names of an ssh_config algorithm kind: the catalog's
// host_key section (AlgorithmKind::key_sig) judges plain signature lists too.
AlgorithmKind catalog_kind(AlgorithmKind kind);

// Findings for one config line read by ssh or sshd. '-' lists produce none; '+'
// names already in the default list produce none.
std::vector<Finding> audit_algorithm_line(const AlgorithmLine& line, ListReader reader,
                                          const AlgorithmContext& context);

// Findings for names a live server offers (`server` labels them, e.g.
// "127.0.0.1:2222"). Pseudo-algorithms (ext-info-*, kex-strict-*) are skipped;
// names the catalog does not know are info.
std::vector<Finding> audit_offered_algorithms(AlgorithmKind kind, const std::vector<std::string>& names,
                                              const std::string& server, const AlgorithmContext& context);

}  // namespace sshtune::audit
