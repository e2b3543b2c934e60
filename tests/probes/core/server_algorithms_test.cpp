#include "probes/core/server_algorithms.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace sshtune::probes {
namespace {

std::string be32(std::uint32_t value) {
  return {static_cast<char>(value >> 24), static_cast<char>(value >> 16), static_cast<char>(value >> 8),
          static_cast<char>(value)};
}

std::string name_list(const std::string& names) { return be32(static_cast<std::uint32_t>(names.size())) + names; }

// A KEXINIT payload like OpenSSH 9.2 sends (shortened lists).
std::string kexinit_payload(const std::string& kex = "curve25519-sha256,kex-strict-s-v00@openssh.com") {
  std::string payload(1, '\x14');
  payload += std::string(16, 'C');
  payload += name_list(kex);
  payload += name_list("ssh-ed25519,rsa-sha2-512");
  payload += name_list("chacha20-poly1305@openssh.com,aes128-ctr");
  payload += name_list("aes256-gcm@openssh.com");
  payload += name_list("umac-64-etm@openssh.com,hmac-sha2-256-etm@openssh.com");
  payload += name_list("hmac-sha2-256");
  payload += name_list("none,zlib@openssh.com");
  payload += name_list("none");
  payload += name_list("");
  payload += name_list("");
  payload += std::string(1, '\0') + be32(0);
  return payload;
}

// Frames `payload` as an unencrypted packet with block size 8 and at least 4 bytes of padding.
std::string packet(const std::string& payload) {
  std::size_t padding = 8 - (5 + payload.size()) % 8;
  padding += padding < 4 ? 8 : 0;
  return be32(static_cast<std::uint32_t>(1 + payload.size() + padding)) + static_cast<char>(padding) + payload +
         std::string(padding, '\0');
}

const std::string k_banner = "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3\r\n";

std::string error_of(std::string_view received) {
  auto result = parse_server_hello(received, "h:2222");
  return result ? std::string("no error") : result.error().message;
}

TEST(ParseServerHello, ParsesBannerAndAllLists) {
  auto result = parse_server_hello(k_banner + packet(kexinit_payload()), "h");
  ASSERT_TRUE(result) << result.error().message;
  ASSERT_TRUE(result.value().has_value());
  const ServerAlgorithms& algorithms = *result.value();
  EXPECT_EQ(algorithms.banner, "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3");
  EXPECT_EQ(algorithms.kex, (std::vector<std::string>{"curve25519-sha256", "kex-strict-s-v00@openssh.com"}));
  EXPECT_EQ(algorithms.host_keys, (std::vector<std::string>{"ssh-ed25519", "rsa-sha2-512"}));
  EXPECT_EQ(algorithms.ciphers_c2s, (std::vector<std::string>{"chacha20-poly1305@openssh.com", "aes128-ctr"}));
  EXPECT_EQ(algorithms.ciphers_s2c, (std::vector<std::string>{"aes256-gcm@openssh.com"}));
  EXPECT_EQ(algorithms.macs_c2s.size(), 2u);
  EXPECT_EQ(algorithms.macs_s2c, (std::vector<std::string>{"hmac-sha2-256"}));
  EXPECT_EQ(algorithms.compression_c2s, (std::vector<std::string>{"none", "zlib@openssh.com"}));
  EXPECT_EQ(algorithms.compression_s2c, (std::vector<std::string>{"none"}));
  EXPECT_TRUE(algorithms.strict_kex);
}

TEST(ParseServerHello, NoStrictKexMarker) {
  auto result = parse_server_hello(k_banner + packet(kexinit_payload("curve25519-sha256")), "h");
  ASSERT_TRUE(result && result.value());
  EXPECT_FALSE(result.value()->strict_kex);
}

TEST(ParseServerHello, SkipsPreBannerLinesAndAcceptsBareLf) {
  auto result = parse_server_hello("Welcome\r\nto the host\nSSH-2.0-Foo\n" + packet(kexinit_payload()), "h");
  ASSERT_TRUE(result) << result.error().message;
  ASSERT_TRUE(result.value());
  EXPECT_EQ(result.value()->banner, "SSH-2.0-Foo");
}

TEST(ParseServerHello, EveryStrictPrefixIsIncomplete) {
  const std::string hello = k_banner + packet(kexinit_payload());
  for (std::size_t size = 0; size < hello.size(); ++size) {
    auto result = parse_server_hello(std::string_view(hello).substr(0, size), "h");
    ASSERT_TRUE(result) << "prefix " << size << ": " << result.error().message;
    EXPECT_FALSE(result.value().has_value()) << "prefix " << size;
  }
}

TEST(ParseServerHello, RejectsOversizeBanner) {
  EXPECT_EQ(
      error_of("SSH-2.0-" + std::string(300, 'x')),
      "h:2222: banner longer than 255 bytes: \"SSH-2.0-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...\"");
}

TEST(ParseServerHello, RejectsTooManyPreBannerLines) {
  std::string lines;
  for (int i = 0; i < 40; ++i) {
    lines += "noise\r\n";
  }
  EXPECT_EQ(error_of(lines), "h:2222: more than 32 lines before the SSH banner");
}

TEST(ParseServerHello, RejectsLongPreBannerLine) {
  EXPECT_EQ(error_of(std::string(2000, 'a')).substr(0, 46), "h:2222: pre-banner line longer than 1024 bytes");
}

TEST(ParseServerHello, RejectsOtherProtocolVersions) {
  EXPECT_EQ(error_of("SSH-1.5-Old\r\n"), "h:2222: server does not speak SSH 2.0: \"SSH-1.5-Old\"");
}

TEST(ParseServerHello, RejectsControlBytesInBanner) {
  EXPECT_EQ(error_of("SSH-2.0-a\x01z\r\n"), "h:2222: banner contains a control or non-ASCII byte: \"SSH-2.0-a\\x01z\"");
}

TEST(ParseServerHello, RejectsOversizePacketLength) {
  EXPECT_EQ(error_of(k_banner + be32(40000) + "\x04"), "h:2222: packet_length 40000 exceeds 35000");
  EXPECT_EQ(error_of(k_banner + be32(0xffffffff) + "\x04"), "h:2222: packet_length 4294967295 exceeds 35000");
}

TEST(ParseServerHello, RejectsBadFraming) {
  EXPECT_EQ(error_of(k_banner + be32(4) + "\x04"), "h:2222: packet_length 4 is below 12");
  EXPECT_EQ(error_of(k_banner + be32(13) + "\x04"), "h:2222: packet_length 13 plus 4 is not a multiple of 8");
  EXPECT_EQ(error_of(k_banner + be32(12) + "\x03"), "h:2222: padding_length 3 is below 4");
  EXPECT_EQ(error_of(k_banner + be32(12) + "\x0b"), "h:2222: padding_length 11 leaves no payload in packet_length 12");
  EXPECT_EQ(error_of(k_banner + be32(12) + "\xff"), "h:2222: padding_length 255 leaves no payload in packet_length 12");
}

TEST(ParseKexinitPayload, RejectsWrongMessageType) {
  auto result = parse_kexinit_payload("\x15rest", "h");
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().message, "h: expected SSH_MSG_KEXINIT (20), got message type 21");
}

TEST(ParseKexinitPayload, ReportsEachTruncation) {
  EXPECT_EQ(parse_kexinit_payload("", "h").error().message, "h: KEXINIT payload is empty");
  EXPECT_EQ(parse_kexinit_payload("\x14short", "h").error().message, "h: KEXINIT truncated in the cookie");
  const std::string full = kexinit_payload();
  EXPECT_EQ(parse_kexinit_payload(full.substr(0, 17), "h").error().message,
            "h: KEXINIT truncated before name-list kex_algorithms");
  EXPECT_EQ(parse_kexinit_payload(full.substr(0, full.size() - 5), "h").error().message,
            "h: KEXINIT truncated before first_kex_packet_follows");
  EXPECT_EQ(parse_kexinit_payload(full.substr(0, full.size() - 2), "h").error().message,
            "h: KEXINIT truncated before the reserved field");
}

TEST(ParseKexinitPayload, RejectsNameListLongerThanPayload) {
  const std::string payload = std::string("\x14") + std::string(16, 'C') + be32(1000) + "abc";
  EXPECT_EQ(parse_kexinit_payload(payload, "h").error().message,
            "h: name-list kex_algorithms length 1000 exceeds the 3 bytes left");
}

TEST(ParseKexinitPayload, RejectsMalformedNames) {
  EXPECT_EQ(parse_kexinit_payload(kexinit_payload("a,,b"), "h").error().message,
            "h: name-list kex_algorithms has an empty name");
  EXPECT_EQ(parse_kexinit_payload(kexinit_payload("a,"), "h").error().message,
            "h: name-list kex_algorithms has an empty name");
  EXPECT_EQ(parse_kexinit_payload(kexinit_payload(std::string("a\0b", 3)), "h").error().message,
            "h: name-list kex_algorithms contains byte 0x00");
  EXPECT_EQ(parse_kexinit_payload(kexinit_payload(std::string(65, 'k')), "h").error().message,
            "h: name-list kex_algorithms has a name longer than 64 bytes");
}

// Garbage after the banner is either not yet a whole packet or a one-line error naming the host.
TEST(ParseServerHello, GarbageGivesOneLineErrorsNamingTheHost) {
  std::string noise;
  std::uint32_t state = 12345;
  int errors = 0;
  const auto check = [&](const Error& error) {
    ++errors;
    EXPECT_TRUE(error.message.starts_with("h: ")) << error.message;
    EXPECT_EQ(error.message.find('\n'), std::string::npos) << error.message;
  };
  for (int round = 0; round < 2000; ++round) {
    state = state * 1103515245u + 12345u;
    noise.push_back(static_cast<char>(state >> 16));
    if (const auto hello = parse_server_hello(k_banner + noise, "h"); !hello) check(hello.error());
    if (const auto payload = parse_kexinit_payload(noise, "h"); !payload) check(payload.error());
  }
  EXPECT_GT(errors, 1000);  // random bytes are almost never a valid KEXINIT
}

}  // namespace
}  // namespace sshtune::probes
