#pragma once
// What an SSH server offers before any authentication: its identification
// banner and the name-lists of its first (plaintext) KEXINIT packet.
// The parser is pure (bytes in, facts or an Error out) so it can be fuzzed;
// remote_kexinit.hpp adds the TCP exchange with timeouts.

#include "base/result.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::probes {

// Limits applied to untrusted server input (RFC 4253 §4.2, §6; RFC 4251 §6).
inline constexpr std::size_t k_max_banner_length = 255;      // version line including CR LF
inline constexpr std::size_t k_max_pre_banner_line = 1024;   // any line sent before the version line
inline constexpr std::size_t k_max_pre_banner_lines = 32;    // how many such lines are tolerated
inline constexpr std::uint32_t k_max_packet_length = 35000;  // packet_length field, RFC 4253 §6.1
inline constexpr std::uint32_t k_min_packet_length = 12;     // smallest length giving a 16-byte packet
inline constexpr std::size_t k_max_algorithm_name = 64;      // one name in a name-list
inline constexpr std::string_view k_strict_kex_server_marker = "kex-strict-s-v00@openssh.com";

// The facts one server announced. Lists keep the server's order (its preference).
struct ServerAlgorithms {
  std::string banner;                        // version line without CR LF, e.g. "SSH-2.0-OpenSSH_9.2p1 Debian-2"
  std::vector<std::string> kex;              // kex_algorithms, pseudo-algorithms included
  std::vector<std::string> host_keys;        // server_host_key_algorithms
  std::vector<std::string> ciphers_c2s;      // encryption client to server
  std::vector<std::string> ciphers_s2c;      // encryption server to client
  std::vector<std::string> macs_c2s;         // mac client to server
  std::vector<std::string> macs_s2c;         // mac server to client
  std::vector<std::string> compression_c2s;  // compression client to server
  std::vector<std::string> compression_s2c;  // compression server to client
  bool strict_kex = false;                   // kex lists k_strict_kex_server_marker (Terrapin countermeasure)
};

// Parses a KEXINIT payload starting at its message-type byte (RFC 4253 §7.1).
// Fills everything except `banner`. Errors (invalid_input) name `context` (usually the host).
Result<ServerAlgorithms> parse_kexinit_payload(std::string_view payload, std::string_view context);

// Splits the first unencrypted binary packet off `bytes` and returns its payload;
// std::nullopt when more bytes are needed, an Error when the framing breaks RFC 4253 §6.
Result<std::optional<std::string_view>> parse_plain_packet(std::string_view bytes, std::string_view context);

// Parses everything the server sent so far (pre-banner lines, version line, first packet).
// std::nullopt means "incomplete, read more"; any violation of the limits above is an Error.
Result<std::optional<ServerAlgorithms>> parse_server_hello(std::string_view received, std::string_view context);

}  // namespace sshtune::probes
