// The parallel snippet as printed: the measured k and figures, the round-robin rsync,
// fpsync, byte-range split and mscp lines, the single-stream note, and the hpn-ssh remark.
#include "templates/snippets.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::templates;

namespace {

class ParallelSnippet : public ::testing::Test {
 protected:
  // No user override can change what the shipped template prints.
  sshtune::testing::TempDir m_config;
  sshtune::testing::ScopedEnv m_xdg{"XDG_CONFIG_HOME", m_config.path().string()};

  static SnippetInput window_bound() {
    SnippetInput in;
    in.host = "far";
    in.decision.ciphers = {"aes128-gcm@openssh.com", "chacha20-poly1305@openssh.com"};
    in.decision.bottleneck = rules::Bottleneck::window;
    in.decision.parallel = rules::ParallelAdvice{4, 151.1, 45.2};
    in.decision.windows.upload = rules::SessionWindow{rules::WindowLimit::channel, 2097152};
    in.client_version = "OpenSSH_9.2p1";
    in.server_banner = "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3";
    return in;
  }
};

}  // namespace

TEST_F(ParallelSnippet, WindowBoundHostGetsEveryParallelForm) {
  const auto text = render_snippet(SnippetKind::parallel, window_bound());
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(
      text.value(),
      "# far: 4 ssh sessions at once moved 151 MB/s together, one session 45 MB/s (measured with your ssh).\n"
      "# Many files: 4 rsyncs at once, SOURCE's files dealt round-robin, each through ssh-tune ssh (the tuned "
      "cipher):\n"
      "cd SOURCE && find . -type f -print0 | TO=far:DEST/ split -t '\\0' -n r/4 --filter='rsync -e \"ssh-tune "
      "ssh\" -a --from0 --files-from=- . \"$TO\"'\n"
      "# A large tree, resumable (Debian package fpart; SOURCE and DEST absolute paths):\n"
      "RSYNC_RSH='ssh-tune ssh' fpsync -n 4 -f 1000 SOURCE/ far:DEST/\n"
      "# One big file, with stock tools: 4 sessions each write a byte range of FILE (whole MiBs; the last takes "
      "the rest)\n"
      "# into DEST in place while FILE's sha256 is taken here; then DEST is cut to size and its sha256 compared "
      "(a mismatch says so and exits 1):\n"
      "f=FILE d=DEST k=4 mib=1048576; n=$(wc -c < \"$f\"); p=$(( (n - 1) / (k * mib) + 1 )); h=$(mktemp)\n"
      "for i in $(seq 0 $(( (n - 1) / (p * mib) ))); do\n"
      "  dd if=\"$f\" bs=$mib skip=$((i * p)) count=$p 2>/dev/null | ssh-tune ssh far \"dd of='$d' bs=$mib "
      "seek=$((i * p)) conv=notrunc 2>/dev/null\" &\n"
      "done; sha256sum < \"$f\" > \"$h\"; wait\n"
      "if [ \"$(cat \"$h\"; rm -f \"$h\")\" = \"$(ssh-tune ssh far \"truncate -s $n '$d' && sha256sum < '$d'\")\" ]; "
      "then echo \"$d: sha256 matches\"; else echo \"$d differs from $f: copy it again\" >&2; false; fi\n"
      "# A few big files: mscp splits each across sessions (not installed here):\n"
      "# mscp: https://github.com/upa/mscp (Ubuntu: ppa:upaa/mscp; Debian 12 has no package: build a release's "
      "source tarball).\n"
      "mscp -n 4 -c aes128-gcm@openssh.com SOURCE far:DEST\n"
      "# scp and sftp move one stream: about 45 MB/s here.\n"
      "# One session is held by OpenSSH's 2 MiB channel window per round trip: parallel sessions, or hpn-ssh on "
      "the server, get past it.\n");
}

TEST_F(ParallelSnippet, WithMscpInstalledTheLineSaysNothingAboutGettingIt) {
  SnippetInput in = window_bound();
  in.mscp_on_path = true;
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_NE(text.value().find("# A few big files: mscp splits each across sessions:\n"), std::string::npos);
  EXPECT_EQ(text.value().find("not installed"), std::string::npos);
  EXPECT_EQ(text.value().find("# mscp: "), std::string::npos);
}

TEST_F(ParallelSnippet, AnHpnServersUploadsAreHeldByItsTcpBufferNotTheChannelWindow) {
  SnippetInput in = window_bound();
  in.server_banner = "SSH-2.0-OpenSSH_9.2p1-hpn18.1.0";
  in.decision.windows.upload = rules::SessionWindow{rules::WindowLimit::server_receive, 3145728, 6291456, 16777216};
  in.decision.windows.download = rules::SessionWindow{rules::WindowLimit::channel, 2097152};
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_NE(text.value().find("\n# The server runs hpn-ssh: its receive window follows its TCP buffer, so uploads to "
                              "it are not held by OpenSSH's channel window.\n"
                              "# One session is held by the server's TCP receive buffer (3 MiB of window from "
                              "tcp_rmem's maximum, 6 MiB) per round trip: on the server, sysctl -w "
                              "net.ipv4.tcp_rmem='4096 131072 16777216' lifts it (in /etc/sysctl.d/ to keep it), as "
                              "do parallel sessions.\n"),
            std::string::npos)
      << text.value();
  EXPECT_EQ(text.value().find("channel window per round trip"), std::string::npos);
  in.direction = rules::TransferDirection::download;  // timed pulling from it: the client's channel window
  const auto pulled = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(pulled);
  EXPECT_NE(pulled.value().find("# One session is held by OpenSSH's 2 MiB channel window per round trip: parallel "
                                "sessions, or hpn-ssh on this machine, get past it.\n"),
            std::string::npos)
      << pulled.value();
}

TEST_F(ParallelSnippet, AWindowBoundVerdictWithoutAKnownWindowNamesNone) {
  SnippetInput in = window_bound();
  in.decision.windows = {};  // an entry cached before the windows were recorded
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_EQ(text.value().find("# One session is held by"), std::string::npos) << text.value();
}

TEST_F(ParallelSnippet, RsyncCompressionRidesInsideTheFilter) {
  SnippetInput in = window_bound();
  in.decision.rsync_compress = "zstd";
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_NE(text.value().find("--filter='rsync -e \"ssh-tune ssh\" -a --compress-choice=zstd --from0"),
            std::string::npos);
}

TEST_F(ParallelSnippet, WithoutAdviceOneStreamIsTheFastWay) {
  SnippetInput in = window_bound();
  in.decision.parallel.reset();
  in.decision.bottleneck = rules::Bottleneck::cpu;
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_EQ(text.value(),
            "# far: no measurement found several ssh sessions at once faster than one; one stream is the fast way:\n"
            "rsync -e 'ssh-tune ssh' -a SOURCE far:DEST\n");
}

TEST_F(ParallelSnippet, AHostThatNeedsQuotingStaysOneShellWord) {
  SnippetInput in = window_bound();
  in.host = "far*";
  const auto text = render_snippet(SnippetKind::parallel, in);
  ASSERT_TRUE(text);
  EXPECT_NE(text.value().find("TO='far*':DEST/ split"), std::string::npos);
  EXPECT_NE(text.value().find("SOURCE/ 'far*':DEST/"), std::string::npos);
}
