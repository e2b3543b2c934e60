// The parallel snippet's copy of one big file, run for real: rendered for a host that is a throwaway sshd on
// 127.0.0.1, its lines run by /bin/sh through the built `ssh-tune ssh`, HOME and the XDG dirs in a temp dir.
#include "templates/snippets.hpp"
#include "tests/support/shell.hpp"
#include "tests/support/sshd_fixture.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/test_host.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>

using namespace sshtune;
using namespace sshtune::templates;
using sshtune::testing::shell_quoted;

namespace {

// Bytes no two of which are likely alike, so a part left unwritten (a hole of zeros) shows.
void write_random_file(const std::filesystem::path& path, std::size_t size) {
  std::mt19937 bits(static_cast<unsigned>(size));
  std::string data(size, '\0');
  for (char& c : data) c = static_cast<char>(bits() & 0xff);
  std::ofstream(path, std::ios::binary) << data;
}

class SplitCopy : public ::testing::Test {
 protected:
  void SetUp() override {
    if (auto reason = sshtune::testing::SshdFixture::unavailable_reason()) GTEST_SKIP() << *reason;
    auto started = sshtune::testing::SshdFixture::start();
    ASSERT_TRUE(started) << started.error().message;
    m_sshd = std::move(started).value();
    write_ssh("ssh", "");
  }

  // An ssh for `ssh-tune ssh` to run (SSHTUNE_SSH): the fixture's config, after `prelude`.
  std::filesystem::path write_ssh(const std::string& name, const std::string& prelude) const {
    const auto path = m_dir.path() / name;
    std::ofstream(path) << "#!/bin/sh\n"
                        << prelude << "exec ssh -F " << shell_quoted(m_sshd->ssh_config().string()) << " \"$@\"\n";
    std::filesystem::permissions(path, std::filesystem::perms(0755));
    return path;
  }

  // The snippet's lines for one big file, `streams` sessions, as rendered for the fixture's host alias.
  static std::string split_lines(int streams) {
    SnippetInput in;
    in.host = sshtune::testing::SshdFixture::host_alias();
    in.decision.ciphers = {"aes128-gcm@openssh.com"};
    in.decision.parallel = rules::ParallelAdvice{streams, 100, 40};
    const auto text = render_snippet(SnippetKind::parallel, in);
    EXPECT_TRUE(text) << text.error().message;
    std::istringstream lines(text ? text.value() : "");
    std::string found;
    bool inside = false;
    for (std::string line; std::getline(lines, line);) {
      inside = inside || line.starts_with("f=FILE ");
      if (inside) found += line + "\n";
      if (inside && line.starts_with("if [")) break;
    }
    return found;
  }

  // Runs `lines` with FILE and DEST (on the first line) replaced; stdout and stderr in `output`.
  int run(std::string lines, const std::filesystem::path& file, const std::filesystem::path& dest, std::string& output,
          const std::string& ssh = "ssh") const {
    lines.replace(lines.find("FILE"), 4, shell_quoted(file.string()));
    lines.replace(lines.find("DEST"), 4, shell_quoted(dest.string()));
    const std::string bin = std::filesystem::path(SSHTUNE_BINARY).parent_path().string();
    return sshtune::testing::run_shell("PATH=" + shell_quoted(bin) +
                                           ":\"$PATH\" SSHTUNE_SSH=" + shell_quoted((m_dir.path() / ssh).string()) +
                                           " sh -c " + shell_quoted(lines),
                                       output);
  }

  int sessions() const { return sshtune::testing::count_of(m_sshd->log(), "Accepted publickey"); }

  sshtune::testing::TempDir m_dir;
  sshtune::testing::ScopedEnv m_home{"HOME", m_dir.path().string()};
  sshtune::testing::ScopedEnv m_config{"XDG_CONFIG_HOME", (m_dir.path() / "config").string()};
  sshtune::testing::ScopedEnv m_cache{"XDG_CACHE_HOME", (m_dir.path() / "cache").string()};
  std::unique_ptr<sshtune::testing::SshdFixture> m_sshd;
};

}  // namespace

TEST_F(SplitCopy, AnOddSizedFileArrivesByteForByteOverItsByteRanges) {
  const std::string lines = split_lines(4);
  ASSERT_FALSE(lines.empty());
  const auto source = m_dir.path() / "big file.bin";
  const auto dest = m_dir.path() / "copy.bin";
  write_random_file(source, (5u << 20) + 12345);  // 2 MiB parts: 2, 2 and the last 1 MiB + 12345 bytes
  write_random_file(dest, 6u << 20);              // a longer old copy: cut to size at the end
  const int before = sessions();
  std::string output;
  ASSERT_EQ(run(lines, source, dest, output), 0) << lines << output;
  EXPECT_EQ(output, dest.string() + ": sha256 matches\n");
  EXPECT_EQ(sshtune::testing::read_file(dest), sshtune::testing::read_file(source));
  EXPECT_EQ(sessions() - before, 4) << "three parts, then one to cut DEST to size and check it";
}

TEST_F(SplitCopy, AnEmptyFileIsCopiedAsOnePart) {
  const auto source = m_dir.path() / "empty";
  const auto dest = m_dir.path() / "copy";
  write_random_file(source, 0);
  write_random_file(dest, 100);
  std::string output;
  ASSERT_EQ(run(split_lines(2), source, dest, output), 0) << output;
  EXPECT_TRUE(std::filesystem::exists(dest));
  EXPECT_EQ(std::filesystem::file_size(dest), 0u);
}

TEST_F(SplitCopy, APartThatFailsIsReportedAsAMismatch) {
  write_ssh("ssh-losing-a-part", "case \"$*\" in *'seek=2 '*) exit 255;; esac\n");
  const auto source = m_dir.path() / "big";
  const auto dest = m_dir.path() / "copy";
  write_random_file(source, (5u << 20) + 12345);
  std::string output;
  EXPECT_EQ(run(split_lines(4), source, dest, output, "ssh-losing-a-part"), 1) << output;
  EXPECT_EQ(output, dest.string() + " differs from " + source.string() + ": copy it again\n");
  EXPECT_NE(sshtune::testing::read_file(dest), sshtune::testing::read_file(source));
}
