// The cache as an attacker writes it: every forged field of an entry is refused
// with the field named (tuner/host/cache_validation.hpp), through the same
// TOML -> CachedHost path the loader uses.

#include "tuner/host/cache_toml.hpp"
#include "tuner/host/cache_validation.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace sshtune::host {
namespace {

constexpr std::int64_t k_now = 1'790'000'000;
const std::string k_origin = "/c/db1.toml";

CacheRules test_rules() {
  return CacheRules{rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value(),
                    rules::Policy{}, sshtune::testing::openssh_9_2_debian_snapshot().supported(AlgorithmKind::cipher)};
}

CachedHost valid_entry() {
  CachedHost entry;
  entry.host = "db1";
  entry.measured_unix = k_now - 60;
  entry.client_version = "OpenSSH_9.2p1 Debian-2+deb12u10";
  entry.server_banner = "SSH-2.0-OpenSSH_9.2p1 Debian-2";
  entry.server_ciphers = {"aes128-gcm@openssh.com", "aes128-ctr"};
  entry.rtt_ms = 0.2;
  entry.target = "127.0.0.1:22";
  entry.sample = "built-in mixed corpus";
  entry.trials = {CachedTrial{TrialRole::upload, "aes128-gcm@openssh.com", false, 400, 1u << 20, 0.5}};
  entry.decision.ciphers = {"aes128-gcm@openssh.com", "aes128-ctr"};
  entry.decision.expected_mb_per_s = 400;
  entry.decision.reasons = {"the CPU sets the pace (cpu-bound)"};
  return entry;
}

// The loader's verdict on `entry` written out as ssh-tune writes it.
std::string verdict(const CachedHost& entry, const CacheRules& rules = test_rules()) {
  const auto parsed = parse_cached_host(render_cache_entry(entry), k_origin, rules, k_now);
  return parsed ? "accepted" : parsed.error().message;
}

std::string verdict_of_text(const std::string& text) {
  const auto parsed = parse_cached_host(text, k_origin, test_rules(), k_now);
  return parsed ? "accepted" : parsed.error().message;
}

TEST(CacheValidation, WhatSshTuneWritesIsAccepted) {
  EXPECT_EQ(verdict(valid_entry()), "accepted");
  const auto parsed = parse_cached_host(render_cache_entry(valid_entry()), k_origin, test_rules(), k_now);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed.value().decision.ciphers, valid_entry().decision.ciphers);
  EXPECT_EQ(parsed.value().trials.size(), 1u);
}

TEST(CacheValidation, NewlineInACipherThatWouldInjectMatchExecIsRefused) {
  CachedHost entry = valid_entry();
  entry.decision.ciphers = {"aes128-ctr\nMatch exec \"touch /tmp/x\" #"};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.ciphers: 'aes128-ctr\\nMatch exec \"touch /tmp/x\" #' is not an "
                                "SSH algorithm name; refusing it");
}

TEST(CacheValidation, QuoteInACipherIsRefused) {
  CachedHost entry = valid_entry();
  entry.decision.ciphers = {"aes128-ctr' -oProxyCommand='touch x"};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.ciphers: 'aes128-ctr' -oProxyCommand='touch x' is not an SSH "
                                "algorithm name; refusing it");
  entry.decision.ciphers = {"aes128-ctr'"};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.ciphers: 'aes128-ctr'' is not supported by the local ssh "
                                "(ssh -Q cipher); refusing it");
}

TEST(CacheValidation, WeakCipherFailsTheSecurityFloor) {
  CachedHost entry = valid_entry();
  entry.decision.ciphers = {"3des-cbc"};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.ciphers: 3des-cbc is deprecated, below the security floor ("
                                "acceptable or better); refusing to use it");
  entry.decision.ciphers = {"aes128-gcm@openssh.com", "aes128-cbc"};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.ciphers: aes128-cbc is weak, below the security floor ("
                                "acceptable or better); refusing to use it");
}

TEST(CacheValidation, TheFloorInForceNowDecides) {
  CacheRules strict = test_rules();
  strict.policy.security_floor = rules::Tier::recommended;
  EXPECT_EQ(verdict(valid_entry(), strict), k_origin +
                                                ": decision.ciphers: aes128-ctr is acceptable, below the "
                                                "security floor (recommended or better); refusing to use it");
  strict.policy.allow = {"aes128-ctr"};
  EXPECT_EQ(verdict(valid_entry(), strict), "accepted");
}

TEST(CacheValidation, CiphersTheLocalSshLacksOrRepeatsAreRefused) {
  CachedHost entry = valid_entry();
  entry.decision.ciphers = {"blowfish-cbc"};
  EXPECT_EQ(
      verdict(entry),
      k_origin + ": decision.ciphers: 'blowfish-cbc' is not supported by the local ssh (ssh -Q cipher); refusing it");
  entry.decision.ciphers = {"aes128-ctr", "aes128-ctr"};
  EXPECT_EQ(verdict(entry), k_origin + ": decision.ciphers: 'aes128-ctr' appears twice; refusing it");
  entry.decision.ciphers = {};
  EXPECT_EQ(verdict(entry), k_origin + ": decision.ciphers: empty; refusing it");
}

TEST(CacheValidation, OutOfRangeNumbersAreRefused) {
  CachedHost entry = valid_entry();
  entry.decision.expected_mb_per_s = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.expected_mb_per_s: out of range (nan, expected 0 to 1000000); "
                                "refusing it");
  entry = valid_entry();
  entry.rtt_ms = -1;
  EXPECT_EQ(verdict(entry), k_origin + ": rtt_ms: out of range (-1.000000, expected 0 to 1000000); refusing it");
  entry = valid_entry();
  entry.trials[0].mb_per_s = 1e308;
  EXPECT_NE(verdict(entry).find(": trials[0].mb_per_s: out of range ("), std::string::npos) << verdict(entry);
  entry = valid_entry();
  entry.decision.break_even_ratio = 7;
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.break_even_ratio: out of range (7.000000, expected 0 to 1); "
                                "refusing it");
  entry = valid_entry();
  entry.measured_unix = k_now + 10 * 365 * 86400;  // "fresh" for ten years
  EXPECT_EQ(verdict(entry),
            k_origin + ": measured_unix: out of range (" + std::to_string(entry.measured_unix) + "); refusing it");
}

TEST(CacheValidation, ASessionsStartRoundTripsAndANegativeOneIsRefused) {
  CachedHost entry = valid_entry();
  entry.trials[0].client = probes::TrialClient::openssh;
  entry.trials[0].start_s = 0.875;
  const auto parsed = parse_cached_host(render_cache_entry(entry), k_origin, test_rules(), k_now);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value().trials[0].start_s, 0.875);
  EXPECT_EQ(
      parse_cached_host(render_cache_entry(valid_entry()), k_origin, test_rules(), k_now).value().trials[0].start_s,
      std::nullopt)
      << "a trial without one stays without one";
  entry.trials[0].start_s = -2;
  EXPECT_EQ(verdict(entry),
            k_origin + ": trials[0].start_s: out of range (-2.000000, expected 0 to 86400); refusing it");
}

// The TCP buffer limits and the windows they make round-trip, so a cached verdict names the same window.
TEST(CacheValidation, TheTcpLimitsAndTheBindingWindowsRoundTrip) {
  CachedHost entry = valid_entry();
  entry.local_tcp = {6291456, 4194304};
  entry.server_tcp = {2097152, std::nullopt};  // its send buffer unread: stays unknown
  entry.decision.windows.upload = rules::SessionWindow{rules::WindowLimit::server_receive, 1048576, 2097152, 16777216};
  entry.decision.windows.download = rules::SessionWindow{rules::WindowLimit::channel, 2097152, 0, 0, true, false};
  const auto parsed = parse_cached_host(render_cache_entry(entry), k_origin, test_rules(), k_now);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value().local_tcp.receive_max, 6291456);
  EXPECT_EQ(parsed.value().local_tcp.send_max, 4194304);
  EXPECT_EQ(parsed.value().server_tcp.receive_max, 2097152);
  EXPECT_FALSE(parsed.value().server_tcp.send_max);
  EXPECT_EQ(parsed.value().decision.windows.upload, entry.decision.windows.upload);
  EXPECT_EQ(parsed.value().decision.windows.download, entry.decision.windows.download);
  const auto old = parse_cached_host(render_cache_entry(valid_entry()), k_origin, test_rules(), k_now);
  ASSERT_TRUE(old);
  EXPECT_FALSE(old.value().decision.windows.upload) << "an entry without windows keeps none";
  EXPECT_FALSE(old.value().server_tcp.receive_max);
}

TEST(CacheValidation, ForgedTcpLimitsAndWindowsAreRefused) {
  CachedHost entry = valid_entry();
  entry.server_tcp.receive_max = 0;
  EXPECT_EQ(verdict(entry), k_origin +
                                ": tcp.server_receive_max: out of range (0.000000, expected a whole 1 to 2147483647); "
                                "refusing it");
  entry.server_tcp.receive_max = 4096.5;
  EXPECT_NE(verdict(entry).find(": tcp.server_receive_max: out of range (4096.500000"), std::string::npos);
  entry = valid_entry();
  entry.local_tcp.send_max = 1e18;
  EXPECT_NE(verdict(entry).find(": tcp.local_send_max: out of range ("), std::string::npos) << verdict(entry);
  entry = valid_entry();
  entry.decision.windows.upload = rules::SessionWindow{rules::WindowLimit::channel, 0};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.windows.upload.bytes: out of range (0.000000, expected more than 0); "
                                "refusing it");
  entry.decision.windows.upload = rules::SessionWindow{rules::WindowLimit::server_receive, 1048576, 2097152,
                                                       std::numeric_limits<double>::infinity()};
  EXPECT_EQ(verdict(entry), k_origin +
                                ": decision.windows.upload.advised_max: out of range (inf, expected 0 to 2147483647); "
                                "refusing it");
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = 1789999999\n[decision.windows.download]\n"
                            "limit = \"everything\"\n"),
            k_origin + ":4: decision.windows.download.limit: unknown value");
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = 1789999999\n[tcp]\nlocal_send_max = \"big\"\n"),
            k_origin + ":4: tcp.local_send_max: expected a number");
}

TEST(CacheValidation, ASessionsSetUpRoundTripsAndANegativeOneIsRefused) {
  CachedHost entry = valid_entry();
  entry.session_setup_s = 1.25;
  const auto parsed = parse_cached_host(render_cache_entry(entry), k_origin, test_rules(), k_now);
  ASSERT_TRUE(parsed) << parsed.error().message;
  EXPECT_EQ(parsed.value().session_setup_s, 1.25);
  EXPECT_EQ(parse_cached_host(render_cache_entry(valid_entry()), k_origin, test_rules(), k_now).value().session_setup_s,
            std::nullopt)
      << "an entry without one (older, or no remote command ran) stays without one";
  entry.session_setup_s = -1;
  EXPECT_EQ(verdict(entry), k_origin + ": session_setup_s: out of range (-1.000000, expected 0 to 86400); refusing it");
}

// Found by the cache loader's fuzz target: an integer past 2^53 where a number belongs threw
// std::bad_optional_access out of the decoder.
TEST(CacheValidation, AnIntegerNoDoubleHoldsIsAnErrorNotACrash) {
  EXPECT_NE(verdict_of_text("rtt_ms=51155275565527556").find("rtt_ms: out of range"), std::string::npos)
      << verdict_of_text("rtt_ms=51155275565527556");
}

TEST(CacheValidation, ControlCharactersAnywhereAreRefused) {
  CachedHost entry = valid_entry();
  entry.server_banner = "SSH-2.0-x\x1b]0;pwned\x07";
  EXPECT_EQ(verdict(entry), k_origin + ": server.banner: contains a control character ('\\e'); refusing it");
  entry = valid_entry();
  entry.sample = "/data\nHost *\n  ProxyCommand touch /tmp/x";
  EXPECT_EQ(verdict(entry), k_origin + ": sample: contains a control character ('\\n'); refusing it");
  entry = valid_entry();
  entry.decision.reasons = {"fine\r"};
  EXPECT_EQ(verdict(entry), k_origin + ": decision.reasons: contains a control character ('\\r'); refusing it");
  entry = valid_entry();
  entry.server_kex = {"curve25519-sha256 x"};
  EXPECT_EQ(verdict(entry), k_origin + ": server.kex: 'curve25519-sha256 x' is not an SSH algorithm name; refusing it");
}

TEST(CacheValidation, HostileHostNamesAreRefused) {
  CachedHost entry = valid_entry();
  entry.host = "-oProxyCommand=touch /tmp/x";
  EXPECT_EQ(verdict(entry), k_origin +
                                ": host: invalid host name '-oProxyCommand=touch /tmp/x': starts with '-', "
                                "which ssh would read as an option; refusing it");
  entry.host = "a;b";
  EXPECT_EQ(verdict(entry),
            k_origin + ": host: invalid host name 'a;b': contains ';', which ssh refuses in a host name; refusing it");
}

TEST(CacheValidation, WrongTypesAndUnknownWordsNameTheLine) {
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = 1789999999\n[decision]\nciphers = \"aes128-ctr\"\n"),
            k_origin + ":4: decision.ciphers: expected an array of strings");
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = \"soon\"\n"),
            k_origin + ":2: measured_unix: expected an integer");
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = 1789999999\n[decision]\nciphers = [\"aes128-ctr\"]\n"
                            "link_class = \"fast\"\n"),
            k_origin + ":5: decision.link_class: unknown value");
  EXPECT_EQ(verdict_of_text("host = \"db1\"\nmeasured_unix = 1789999999\n[[trials]]\nbytes = -1\n"),
            k_origin + ":4: trials[0].bytes: must not be negative");
  EXPECT_EQ(verdict_of_text("host = [\n"), k_origin + ":1: Error while parsing array: encountered end-of-file");
}

}  // namespace
}  // namespace sshtune::host
