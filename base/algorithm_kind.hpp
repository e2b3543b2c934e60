#pragma once
// The kinds of SSH algorithm names, shared by the catalog (rules), the ssh_config
// engine and the audit. Each is one `ssh -Q` list.

namespace sshtune {

enum class AlgorithmKind {
  cipher,   // ssh -Q cipher
  mac,      // ssh -Q mac
  kex,      // ssh -Q kex
  key_sig,  // ssh -Q key-sig: host/user key and signature algorithms (the catalog's host_key section)
  sig,      // ssh -Q sig: the plain signature algorithms
};

}  // namespace sshtune
