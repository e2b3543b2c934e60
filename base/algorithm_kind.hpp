#pragma once
// The kinds of SSH algorithm names, shared by the catalog (rules), the ssh_config
// engine and the audit. Each is one `ssh -Q` list.

#include <string_view>

namespace sshtune {

enum class AlgorithmKind {
  cipher,   // ssh -Q cipher
  mac,      // ssh -Q mac
  kex,      // ssh -Q kex
  key_sig,  // ssh -Q key-sig: host/user key and signature algorithms (the catalog's host_key section)
  sig,      // ssh -Q sig: the plain signature algorithms
};

// The `ssh -Q` query that lists the kind: "cipher", "mac", "kex", "key-sig", "sig".
std::string_view ssh_query_name(AlgorithmKind kind);

}  // namespace sshtune
