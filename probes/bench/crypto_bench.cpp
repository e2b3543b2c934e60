#include "probes/bench/crypto_bench.hpp"

#include "base/stats.hpp"
#include "probes/bench/timed_loop.hpp"

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include <algorithm>
#include <array>
#include <memory>
#include <numeric>

namespace sshtune::probes {
namespace {

struct CipherSpec {
  const char* ssh_name;
  const char* evp_name;
  bool aead;
  bool removed;
  bool ranked = false;  // in OpenSSH's default offer: timed in every round (CryptoBudget::rounds)
};

constexpr std::array k_specs{
    CipherSpec{"aes128-gcm@openssh.com", "AES-128-GCM", true, false, true},
    CipherSpec{"aes256-gcm@openssh.com", "AES-256-GCM", true, false, true},
    CipherSpec{"chacha20-poly1305@openssh.com", "ChaCha20-Poly1305", true, false, true},
    CipherSpec{"aes128-ctr", "AES-128-CTR", false, false, true},
    CipherSpec{"aes192-ctr", "AES-192-CTR", false, false, true},
    CipherSpec{"aes256-ctr", "AES-256-CTR", false, false, true},
    CipherSpec{"aes128-cbc", "AES-128-CBC", false, false},
    CipherSpec{"aes192-cbc", "AES-192-CBC", false, false},
    CipherSpec{"aes256-cbc", "AES-256-CBC", false, false},
    CipherSpec{"3des-cbc", "DES-EDE3-CBC", false, false},
    CipherSpec{"blowfish-cbc", "BF-CBC", false, true},
    CipherSpec{"cast128-cbc", "CAST5-CBC", false, true},
    CipherSpec{"arcfour", "RC4", false, true},
};

using CipherPtr = std::unique_ptr<EVP_CIPHER, decltype(&EVP_CIPHER_free)>;
using ContextPtr = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

// Makes blowfish, CAST and RC4 reachable while it lives, when OpenSSL's legacy
// provider is installed; retain_fallbacks keeps the default provider in use.
using LegacyProvider = std::unique_ptr<OSSL_PROVIDER, decltype(&OSSL_PROVIDER_unload)>;
LegacyProvider load_legacy_provider() { return {OSSL_PROVIDER_try_load(nullptr, "legacy", 1), OSSL_PROVIDER_unload}; }

std::vector<unsigned char> pattern_bytes(std::size_t size) {
  std::vector<unsigned char> bytes(size);
  std::uint32_t state = 0x9e3779b9U;
  for (auto& byte : bytes) {
    state = state * 1664525U + 1013904223U;
    byte = static_cast<unsigned char>(state >> 24);
  }
  return bytes;
}

// Sets up an encrypting context with a fixed key and IV; nullptr when unavailable.
ContextPtr make_context(const EVP_CIPHER* cipher) {
  ContextPtr ctx(EVP_CIPHER_CTX_new(), EVP_CIPHER_CTX_free);
  const auto key = pattern_bytes(64);
  const auto iv = pattern_bytes(16);
  if (!ctx || EVP_EncryptInit_ex(ctx.get(), cipher, nullptr, key.data(), iv.data()) != 1) {
    return {nullptr, EVP_CIPHER_CTX_free};
  }
  EVP_CIPHER_CTX_set_padding(ctx.get(), 0);
  return ctx;
}

// One SSH packet with an AEAD cipher: fresh nonce, 4-byte length as AAD, body, tag.
void seal_packet(EVP_CIPHER_CTX* ctx, std::vector<unsigned char>& nonce, const std::vector<unsigned char>& in,
                 std::vector<unsigned char>& out) {
  ++nonce[11];
  int length = 0;
  unsigned char tag[16];
  const unsigned char aad[4] = {0, 0, 0x80, 0};
  EVP_EncryptInit_ex(ctx, nullptr, nullptr, nullptr, nonce.data());
  EVP_EncryptUpdate(ctx, nullptr, &length, aad, sizeof aad);
  EVP_EncryptUpdate(ctx, out.data(), &length, in.data(), static_cast<int>(in.size()));
  EVP_EncryptFinal_ex(ctx, out.data() + length, &length);
  EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, sizeof tag, tag);
}

double time_cipher(const EVP_CIPHER* cipher, bool aead, const CryptoBudget& budget) {
  ContextPtr ctx = make_context(cipher);
  if (!ctx) {
    return 0;
  }
  const auto in = pattern_bytes(budget.packet_bytes);
  std::vector<unsigned char> out(in.size() + 64);
  std::vector<unsigned char> nonce = pattern_bytes(12);
  return timed_throughput(budget.warmup, budget.measure, [&] {
    if (aead) {
      seal_packet(ctx.get(), nonce, in, out);
    } else {
      int length = 0;
      EVP_EncryptUpdate(ctx.get(), out.data(), &length, in.data(), static_cast<int>(in.size()));
    }
    return in.size();
  });
}

// HMAC-SHA-256 over sequence number + packet, as the -etm MAC is computed.
double time_mac(const CryptoBudget& budget) {
  std::unique_ptr<EVP_MAC, decltype(&EVP_MAC_free)> mac(EVP_MAC_fetch(nullptr, "HMAC", nullptr), EVP_MAC_free);
  std::unique_ptr<EVP_MAC_CTX, decltype(&EVP_MAC_CTX_free)> ctx(mac ? EVP_MAC_CTX_new(mac.get()) : nullptr,
                                                                EVP_MAC_CTX_free);
  if (!ctx) {
    return 0;
  }
  char digest[] = "SHA256";
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0),
                               OSSL_PARAM_construct_end()};
  const auto key = pattern_bytes(32);
  const auto in = pattern_bytes(budget.packet_bytes + 4);
  unsigned char tag[EVP_MAX_MD_SIZE];
  return timed_throughput(budget.warmup, budget.measure, [&] {
    std::size_t length = 0;
    EVP_MAC_init(ctx.get(), key.data(), key.size(), params);
    EVP_MAC_update(ctx.get(), in.data(), in.size());
    EVP_MAC_final(ctx.get(), tag, &length, sizeof tag);
    return budget.packet_bytes;
  });
}

CipherSpeed unmeasured(const CipherSpec& spec) {
  return CipherSpeed{spec.ssh_name, spec.aead ? "" : k_ssh_default_mac, spec.aead ? "" : k_mac_stand_in, spec.aead,
                     spec.removed};
}

CipherSpeed measure(const CipherSpec& spec, double mac_mb_per_s, const CryptoBudget& budget) {
  CipherSpeed speed = unmeasured(spec);
  CipherPtr cipher(EVP_CIPHER_fetch(nullptr, spec.evp_name, nullptr), EVP_CIPHER_free);
  if (!cipher) {
    return speed;
  }
  speed.cipher_mb_per_s = time_cipher(cipher.get(), spec.aead, budget);
  speed.available = speed.cipher_mb_per_s > 0;
  const bool with_mac = !spec.aead && mac_mb_per_s > 0 && speed.available;
  // Encrypting and MACing a packet take turns on one core, so their times add.
  speed.mb_per_s = with_mac ? 1.0 / (1.0 / speed.cipher_mb_per_s + 1.0 / mac_mb_per_s) : speed.cipher_mb_per_s;
  return speed;
}

// One spec's rounds folded into one figure: the medians of its rounds.
CipherSpeed median_of(const std::vector<CipherSpeed>& rounds) {
  CipherSpeed speed = rounds.front();
  std::vector<double> cipher;
  std::vector<double> overall;
  for (const CipherSpeed& round : rounds) {
    cipher.push_back(round.cipher_mb_per_s);
    overall.push_back(round.mb_per_s);
  }
  speed.cipher_mb_per_s = median(cipher);
  speed.mb_per_s = median(overall);
  return speed;
}

}  // namespace

std::vector<CipherSpeed> run_crypto_bench(const CryptoBudget& budget) {
  const LegacyProvider legacy = load_legacy_provider();
  std::vector<std::vector<CipherSpeed>> rounds(std::size(k_specs));
  for (int round = 0; round < std::max(1, budget.rounds); ++round) {
    const double mac_mb_per_s = time_mac(budget);
    for (std::size_t i = 0; i < std::size(k_specs); ++i) {
      if (round == 0 || k_specs[i].ranked) rounds[i].push_back(measure(k_specs[i], mac_mb_per_s, budget));
    }
  }
  std::vector<CipherSpeed> speeds;
  speeds.reserve(std::size(k_specs));
  for (const auto& spec_rounds : rounds) speeds.push_back(median_of(spec_rounds));
  std::stable_sort(speeds.begin(), speeds.end(), [](const CipherSpeed& a, const CipherSpeed& b) {
    return a.available != b.available ? a.available : a.mb_per_s > b.mb_per_s;
  });
  return speeds;
}

std::vector<CipherSpeed> crypto_bench_ciphers() {
  std::vector<CipherSpeed> ciphers;
  ciphers.reserve(std::size(k_specs));
  for (const CipherSpec& spec : k_specs) ciphers.push_back(unmeasured(spec));
  return ciphers;
}

}  // namespace sshtune::probes
