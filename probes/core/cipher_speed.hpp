#pragma once
// One SSH cipher's local throughput: what probes/bench/crypto_bench.hpp measures
// and what the audit and the host pipeline read. A type of its own so a reader of
// the figures need not link the benchmark (OpenSSL).

#include <string>

namespace sshtune::probes {

// One cipher as this machine's CPU runs it through OpenSSL, with the MAC ssh pairs with it.
struct CipherSpeed {
  std::string name;          // SSH wire name, e.g. "aes128-gcm@openssh.com"
  std::string mac;           // the MAC ssh negotiates with it by default; "" for AEAD ciphers
  std::string mac_timed_as;  // what was timed for that MAC (OpenSSL has no UMAC); "" for AEAD
  bool aead = false;
  bool removed_from_openssh = false;  // kept only to show what old advice costs
  bool available = false;             // this OpenSSL build (or its legacy provider) has the cipher
  double cipher_mb_per_s = 0;         // encryption alone, 10^6 bytes/s (median of the rounds)
  double mb_per_s = 0;                // as SSH uses it: encryption (+ MAC), 10^6 bytes/s (median of the rounds)
};

}  // namespace sshtune::probes
