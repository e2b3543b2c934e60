#include "tuner/edit/host_settings.hpp"

#include <gtest/gtest.h>

namespace sshtune::edit {
namespace {

const std::vector<std::string> k_supported{"aes128-ctr", "aes256-ctr", "aes128-gcm@openssh.com",
                                           "chacha20-poly1305@openssh.com"};

TEST(HostSettings, ParsesCipherListAgainstSsh) {
  const auto names = parse_cipher_list("aes128-gcm@openssh.com,aes128-ctr", k_supported);
  ASSERT_TRUE(names);
  EXPECT_EQ(names.value(), (std::vector<std::string>{"aes128-gcm@openssh.com", "aes128-ctr"}));
}

TEST(HostSettings, CipherListErrorsAreExact) {
  EXPECT_EQ(parse_cipher_list("aes128-ctr,", k_supported).error().message, "--ciphers 'aes128-ctr,' has an empty name");
  EXPECT_EQ(parse_cipher_list("aes128-ctr,aes128-ctr", k_supported).error().message,
            "--ciphers names 'aes128-ctr' twice");
  const auto unknown = parse_cipher_list("arcfour", k_supported);
  EXPECT_EQ(unknown.error().kind, ErrorKind::invalid_input);
  EXPECT_EQ(unknown.error().message,
            "cipher 'arcfour' is not supported by the local ssh (ssh -Q cipher: "
            "aes128-ctr,aes256-ctr,aes128-gcm@openssh.com,chacha20-poly1305@openssh.com)");
  EXPECT_FALSE(parse_cipher_list("^aes128-ctr", k_supported));
  EXPECT_FALSE(parse_cipher_list("aes*", k_supported));
}

TEST(HostSettings, CompressionIsYesOrNoOnly) {
  EXPECT_TRUE(parse_compression("yes").value());
  EXPECT_FALSE(parse_compression("no").value());
  EXPECT_EQ(parse_compression("true").error().message, "--compression must be 'yes' or 'no', not 'true'");
  EXPECT_EQ(parse_compression("true").error().kind, ErrorKind::usage);
}

TEST(HostSettings, CaretForNewClientsFullListForOld) {
  const std::vector<std::string> ranked{"aes128-gcm@openssh.com", "aes128-ctr"};
  EXPECT_EQ(ciphers_value(ranked, SshVersion{9, 2}, k_supported), "^aes128-gcm@openssh.com,aes128-ctr");
  EXPECT_EQ(ciphers_value(ranked, SshVersion{8, 1}, k_supported), "^aes128-gcm@openssh.com,aes128-ctr");
  EXPECT_EQ(ciphers_value(ranked, SshVersion{8, 0}, k_supported),
            "aes128-gcm@openssh.com,aes128-ctr,chacha20-poly1305@openssh.com,aes256-ctr");
}

TEST(HostSettings, ParsesSshVersionBanner) {
  const auto version = parse_ssh_version("OpenSSH_9.2p1 Debian-2+deb12u10, OpenSSL 3.0.19 27 Jan 2026");
  ASSERT_TRUE(version);
  EXPECT_EQ(version.value().major, 9);
  EXPECT_EQ(version.value().minor, 2);
  EXPECT_FALSE(parse_ssh_version("Sun_SSH_1.1"));
}

}  // namespace
}  // namespace sshtune::edit
