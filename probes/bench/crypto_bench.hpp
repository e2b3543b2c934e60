#pragma once
// Local CPU throughput of each SSH cipher through OpenSSL's EVP interface,
// computed the way SSH uses it: 32 KiB packets, per-packet nonce/AAD/tag for
// AEAD ciphers, and for the others encryption plus the MAC ssh pairs with them.

#include "probes/core/cipher_speed.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

namespace sshtune::probes {

struct CryptoBudget {
  std::chrono::milliseconds warmup{5};                // untimed work before each measurement
  std::chrono::milliseconds measure{25};              // timed work per cipher (and once for the MAC), per round
  std::size_t packet_bytes = std::size_t{32} * 1024;  // OpenSSH's channel packet size
  // Rounds over the ciphers OpenSSH offers first (AES-GCM, ChaCha20-Poly1305, AES-CTR);
  // each figure is the median of its rounds, so one interrupted or throttled
  // measurement does not decide which of them is fastest. The others (CBC modes,
  // 3DES, the removed ones), a fraction of their speed, are timed in the first round
  // only: their figures say how slow they are, and never decide a ranking.
  int rounds = 3;
};

// The default MAC OpenSSH (9.x, 10.x) pairs with non-AEAD ciphers.
inline constexpr const char* k_ssh_default_mac = "umac-64-etm@openssh.com";
// What ssh-tune times in its place: the first default MAC OpenSSL implements.
inline constexpr const char* k_mac_stand_in = "hmac-sha2-256-etm@openssh.com";

// Times every SSH cipher (the current ones, 3des-cbc, and blowfish-cbc,
// cast128-cbc and arcfour from OpenSSL's legacy provider when present), one
// at a time, in `budget.rounds` rounds over all of them (a drift in the CPU's
// clock touches every cipher alike); each figure is its median. Results are
// ranked by mb_per_s, unavailable ciphers last. `ssh-tune cpu` and `audit`
// both quote this measurement.
std::vector<CipherSpeed> run_crypto_bench(const CryptoBudget& budget = {});

// Every cipher run_crypto_bench times, in its fixed order, with its MAC and
// flags but no figures (available false, speeds 0): what a stored benchmark is
// read back onto.
std::vector<CipherSpeed> crypto_bench_ciphers();

}  // namespace sshtune::probes
