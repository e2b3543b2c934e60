#include "tuner/sshconfig/sha1.hpp"

#include <array>
#include <cstdint>

namespace sshtune::config {
namespace {

using Block = std::array<std::uint32_t, 80>;

std::uint32_t rotl(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

// FIPS 180-4's round function plus round constant for round `t`.
std::uint32_t round_mix(int t, std::uint32_t b, std::uint32_t c, std::uint32_t d) {
  if (t < 20) return ((b & c) | (~b & d)) + 0x5a827999;
  if (t < 40) return (b ^ c ^ d) + 0x6ed9eba1;
  if (t < 60) return ((b & c) | (b & d) | (c & d)) + 0x8f1bbcdc;
  return (b ^ c ^ d) + 0xca62c1d6;
}

void compress(std::array<std::uint32_t, 5>& h, const unsigned char* chunk) {
  Block w{};
  for (std::size_t t = 0; t < 16; ++t) {
    const unsigned char* word = chunk + 4 * t;
    w[t] = std::uint32_t(word[0]) << 24 | std::uint32_t(word[1]) << 16 | std::uint32_t(word[2]) << 8 | word[3];
  }
  for (std::size_t t = 16; t < 80; ++t) w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
  std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
  for (std::size_t t = 0; t < 80; ++t) {
    const std::uint32_t next = rotl(a, 5) + round_mix(static_cast<int>(t), b, c, d) + e + w[t];
    e = d;
    d = c;
    c = rotl(b, 30);
    b = a;
    a = next;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
  h[4] += e;
}

// The message with SHA-1's padding: 0x80, zeros, and the bit length (big-endian).
std::string padded(std::string_view data) {
  std::string out(data);
  out += '\x80';
  while (out.size() % 64 != 56) out += '\0';
  const std::uint64_t bits = std::uint64_t(data.size()) * 8;
  for (int shift = 56; shift >= 0; shift -= 8) out += static_cast<char>((bits >> shift) & 0xff);
  return out;
}

}  // namespace

std::string sha1_hex(std::string_view data) {
  std::array<std::uint32_t, 5> h{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0};
  const std::string message = padded(data);
  for (std::size_t at = 0; at < message.size(); at += 64) {
    compress(h, reinterpret_cast<const unsigned char*>(message.data() + at));
  }
  static constexpr char k_hex[] = "0123456789abcdef";
  std::string out;
  for (std::uint32_t word : h) {
    for (int shift = 28; shift >= 0; shift -= 4) out += k_hex[(word >> shift) & 0xf];
  }
  return out;
}

}  // namespace sshtune::config
