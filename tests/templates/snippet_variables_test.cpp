#include "templates/snippet_variables.hpp"
#include "templates/snippets.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::templates;

namespace {

constexpr const char* k_modern = "OpenSSH_9.2p1 Debian-2+deb12u10, OpenSSL 3.0.19 27 Jan 2026";
constexpr const char* k_old = "OpenSSH_7.4p1, OpenSSL 1.0.2k-fips  26 Jan 2017";

SnippetInput input(bool compression, const std::string& rsync_compress, const std::string& version = k_modern) {
  SnippetInput in;
  in.host = "db1";
  in.decision.ciphers = {"aes128-gcm@openssh.com", "aes256-gcm@openssh.com"};
  in.decision.compression = compression;
  in.decision.rsync_compress = rsync_compress;
  in.decision.expected_mb_per_s = 412;
  in.decision.bottleneck = rules::Bottleneck::cpu;
  in.client_version = version;
  in.measured_unix = 1796017200;  // 2026-11-30 05:40 UTC
  in.sample = "built-in mixed corpus";
  in.server_banner = "SSH-2.0-OpenSSH_9.2p1 Debian-2";
  return in;
}

// Renders with an empty user template dir, so only the shipped templates count.
std::string snippet(SnippetKind kind, const SnippetInput& in) {
  const sshtune::testing::TempDir config;
  const sshtune::testing::ScopedEnv xdg("XDG_CONFIG_HOME", config.path().string());
  const auto text = render_snippet(kind, in);
  EXPECT_TRUE(text) << (text ? "" : text.error().message);
  return text ? text.value() : "";
}

}  // namespace

TEST(OpenSshVersion, ParsesClientVersions) {
  const auto v = parse_openssh_version(k_modern);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->major, 9);
  EXPECT_EQ(v->minor, 2);
  const auto windows = parse_openssh_version("OpenSSH_for_Windows_8.1p1, LibreSSL 3.0.2");
  ASSERT_TRUE(windows);
  EXPECT_EQ(windows->major, 8);
  EXPECT_EQ(windows->minor, 1);
  EXPECT_FALSE(parse_openssh_version(""));
  EXPECT_FALSE(parse_openssh_version("dropbear_2022.83"));
  EXPECT_FALSE(parse_openssh_version("OpenSSH_x.y"));
  EXPECT_FALSE(parse_openssh_version("OpenSSH_9"));
}

TEST(CiphersValue, CaretFromOpenSsh81On) {
  const std::vector<std::string> ranked{"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
  EXPECT_EQ(ciphers_value(ranked, k_modern), "^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
  EXPECT_EQ(ciphers_value(ranked, "OpenSSH_8.1p1"), "^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
  EXPECT_EQ(ciphers_value(ranked, "OpenSSH_10.0p2"), "^aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
}

TEST(CiphersValue, FullListBefore81OrWhenUnknown) {
  const std::vector<std::string> ranked{"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
  EXPECT_EQ(ciphers_value(ranked, "OpenSSH_8.0p1"), "aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
  EXPECT_EQ(ciphers_value(ranked, k_old), "aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
  EXPECT_EQ(ciphers_value(ranked, ""), "aes128-gcm@openssh.com,chacha20-poly1305@openssh.com");
  EXPECT_EQ(ciphers_value({}, k_modern), "");
}

TEST(RsyncCompressFlag, MapsTheDecision) {
  EXPECT_EQ(rsync_compress_flag("zstd"), "--compress-choice=zstd");
  EXPECT_EQ(rsync_compress_flag("zlib"), "-z");
  EXPECT_EQ(rsync_compress_flag(""), "");
  EXPECT_EQ(rsync_compress_flag("lz4"), "");
}

TEST(SnippetVariables, HoldsEveryDocumentedName) {
  const Variables vars = snippet_variables(input(true, "zstd"));
  EXPECT_EQ(vars.at("host"), "db1");
  EXPECT_EQ(vars.at("ciphers"), "^aes128-gcm@openssh.com,aes256-gcm@openssh.com");
  EXPECT_EQ(vars.at("cipher_list"), "aes128-gcm@openssh.com,aes256-gcm@openssh.com");
  EXPECT_EQ(vars.at("first_cipher"), "aes128-gcm@openssh.com");
  EXPECT_EQ(vars.at("compression"), "yes");
  EXPECT_EQ(vars.at("rsync_compress"), "--compress-choice=zstd");
  EXPECT_EQ(vars.at("measured"), "2026-11-30 05:40 UTC");
  EXPECT_EQ(vars.at("expected"), "412 MB/s");
  EXPECT_EQ(vars.at("bottleneck"), "cpu");
  EXPECT_EQ(vars.at("client_version"), k_modern);
  EXPECT_EQ(snippet_variables(input(false, "")).at("compression"), "no");
}

TEST(Snippets, SshConfigBlockRecordsWhenAndWhat) {
  EXPECT_EQ(snippet(SnippetKind::ssh_config, input(false, "")),
            "# ssh-tune: measured 2026-11-30 05:40 UTC against SSH-2.0-OpenSSH_9.2p1 Debian-2, sample: built-in "
            "mixed corpus; expect 412 MB/s (cpu is the bottleneck)\n"
            "Host db1\n"
            "    Ciphers ^aes128-gcm@openssh.com,aes256-gcm@openssh.com\n"
            "    Compression no\n");
}

TEST(Snippets, SshConfigBlockForAnOldClientHasTheFullList) {
  const std::string text = snippet(SnippetKind::ssh_config, input(true, "", k_old));
  EXPECT_NE(text.find("    Ciphers aes128-gcm@openssh.com,aes256-gcm@openssh.com\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    Compression yes\n"), std::string::npos) << text;
}

TEST(Snippets, SshConfigBlockWithoutCiphersOmitsTheLine) {
  SnippetInput in = input(false, "");
  in.decision.ciphers.clear();
  in.measured_unix = 0;
  in.server_banner.clear();
  in.sample.clear();
  in.decision.expected_mb_per_s = 0;
  EXPECT_EQ(snippet(SnippetKind::ssh_config, in), "# ssh-tune\nHost db1\n    Compression no\n");
}

TEST(Snippets, RsyncUsesZstdWithSshCompressionOff) {
  EXPECT_EQ(snippet(SnippetKind::rsync, input(true, "zstd")),
            "rsync -e 'ssh -o Compression=no -c ^aes128-gcm@openssh.com,aes256-gcm@openssh.com' "
            "--compress-choice=zstd SOURCE db1:DEST\n");
}

TEST(Snippets, RsyncUsesDashZForZlib) {
  EXPECT_EQ(snippet(SnippetKind::rsync, input(true, "zlib")),
            "rsync -e 'ssh -o Compression=no -c ^aes128-gcm@openssh.com,aes256-gcm@openssh.com' -z SOURCE db1:DEST\n");
}

TEST(Snippets, RsyncWithoutCompressionAddsNoFlag) {
  EXPECT_EQ(snippet(SnippetKind::rsync, input(false, "")),
            "rsync -e 'ssh -o Compression=no -c ^aes128-gcm@openssh.com,aes256-gcm@openssh.com' SOURCE db1:DEST\n");
}

TEST(Snippets, RsyncNeverStacksSshCompression) {
  for (const bool compression : {true, false}) {
    for (const std::string rsync : {"zstd", "zlib", ""}) {
      const std::string text = snippet(SnippetKind::rsync, input(compression, rsync));
      EXPECT_EQ(text.find("Compression=yes"), std::string::npos) << text;
      EXPECT_EQ(text.find(" -C"), std::string::npos) << text;
      EXPECT_NE(text.find("-o Compression=no"), std::string::npos) << text;
    }
  }
}

TEST(Snippets, ScpSftpAndSshUseCipherAndCompression) {
  const SnippetInput in = input(true, "zstd");
  EXPECT_EQ(snippet(SnippetKind::scp, in),
            "scp -c '^aes128-gcm@openssh.com,aes256-gcm@openssh.com' -o Compression=yes SOURCE db1:DEST\n");
  EXPECT_EQ(snippet(SnippetKind::sftp, in),
            "sftp -c '^aes128-gcm@openssh.com,aes256-gcm@openssh.com' -o Compression=yes db1\n");
  EXPECT_EQ(snippet(SnippetKind::ssh, in),
            "ssh -c '^aes128-gcm@openssh.com,aes256-gcm@openssh.com' -o Compression=yes db1\n");
}

TEST(Snippets, KindsRoundTripTheirNames) {
  for (const SnippetKind kind : all_snippet_kinds()) {
    EXPECT_EQ(parse_snippet_kind(to_string(kind)), kind);
  }
  EXPECT_EQ(template_name(SnippetKind::ssh_config), "ssh_config.tmpl");
  EXPECT_FALSE(parse_snippet_kind("ssh_config"));
  EXPECT_FALSE(parse_snippet_kind("borg"));
}
