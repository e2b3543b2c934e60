#include "probes/bench/codecs.hpp"
#include "probes/bench/compression_bench.hpp"
#include "probes/bench/crypto_bench.hpp"
#include "probes/bench/sample_corpus.hpp"

#include "tests/support/temp_dir.hpp"

#include <gtest/gtest.h>

using namespace sshtune;
using namespace sshtune::probes;
using namespace std::chrono_literals;

namespace {

double zlib_ratio(std::string_view data) {
  auto codec = make_zlib_codec(6);
  std::size_t out = 0;
  for (std::size_t offset = 0; offset < data.size(); offset += 32768) {
    out += codec->compress(data.substr(offset, 32768)).size();
  }
  return static_cast<double>(out) / static_cast<double>(data.size());
}

}  // namespace

TEST(SampleCorpus, BuiltinIsDeterministicAndMixed) {
  const std::string corpus = builtin_corpus(6 * 65536);
  EXPECT_EQ(corpus, builtin_corpus(6 * 65536));
  EXPECT_EQ(corpus.size(), 6u * 65536);
  const std::string_view view(corpus);
  EXPECT_LT(zlib_ratio(view.substr(0, 65536)), 0.5);           // text-like
  EXPECT_LT(zlib_ratio(view.substr(65536, 65536)), 0.5);       // binary-like
  EXPECT_GT(zlib_ratio(view.substr(2 * 65536, 65536)), 0.99);  // incompressible
}

TEST(SampleCorpus, ReadsDirectoriesRoundRobinUpToTheCap) {
  sshtune::testing::TempDir dir;
  dir.write("a/one", std::string(100000, 'a'));
  dir.write("b/two", std::string(100000, 'b'));
  auto sample = read_sample(dir.path(), 100000);
  ASSERT_TRUE(sample) << sample.error().message;
  EXPECT_EQ(sample.value().size(), 100000u);
  EXPECT_EQ(sample.value()[0], 'a');
  EXPECT_EQ(sample.value()[65536], 'b');  // the second file's first chunk follows the first's
  auto whole = read_sample(dir.path());
  ASSERT_TRUE(whole);
  EXPECT_EQ(whole.value().size(), 200000u);
}

TEST(SampleCorpus, ASamplesSizeIsWhatACopyOfItCarries) {
  sshtune::testing::TempDir dir;
  dir.write("a/one", std::string(100000, 'a'));
  dir.write("b/two", std::string(250000, 'b'));
  EXPECT_EQ(sample_size(dir.path()).value(), 350000u) << "every file under a directory";
  EXPECT_EQ(sample_size(dir.path() / "b" / "two").value(), 250000u);
  const auto missing = sample_size(dir.path() / "nope");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, (dir.path() / "nope").string() + ": no such file or directory");
}

TEST(SampleCorpus, ReadErrorsNameThePath) {
  sshtune::testing::TempDir dir;
  auto missing = read_sample(dir.path() / "nope");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, (dir.path() / "nope").string() + ": no such file or directory");
  dir.write("empty/file", "");
  auto empty = read_sample(dir.path() / "empty");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, (dir.path() / "empty").string() + ": the sample is empty or unreadable");
}

TEST(Codecs, RoundTripPacketByPacket) {
  const std::string corpus = builtin_corpus(256 * 1024);
  std::vector<std::unique_ptr<PacketCodec>> codecs;
  codecs.push_back(make_zlib_codec(6));
  codecs.push_back(make_zstd_codec(3));
  codecs.push_back(make_lz4_codec());
  for (auto& codec : codecs) {
    std::vector<std::string> packets;
    for (std::size_t offset = 0; offset < corpus.size(); offset += 32768) {
      packets.push_back(codec->compress(std::string_view(corpus).substr(offset, 32768)));
    }
    std::string restored;
    for (const auto& packet : packets) {
      codec->decompress(packet, 32768);
      restored += codec->decoded();
    }
    EXPECT_EQ(restored.size(), corpus.size());
    EXPECT_TRUE(restored == corpus) << "decoded bytes differ from the corpus";
  }
}

TEST(Codecs, CorruptInputDecodesToNothingUseful) {
  auto codec = make_lz4_codec();
  EXPECT_EQ(codec->decompress(std::string(100, '\xff'), 32768), 0u);
}

TEST(CompressionBench, ReportsSshAndRsyncCodecs) {
  const std::string sample = builtin_corpus(512 * 1024);
  const auto rows = run_compression_bench(sample, {5ms, 5ms});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].codec, "zlib");
  EXPECT_EQ(rows[0].level, 6);
  EXPECT_EQ(rows[1].codec, "zstd");
  EXPECT_EQ(rows[2].codec, "lz4");
  for (const auto& row : rows) {
    // The ratio is of what each 5 ms slice compressed, a prefix whose length follows the CPU's speed:
    // zstd read 0.298 beside a parallel build. Anything well below 1 shows the codec compressed.
    EXPECT_GT(row.ratio, 0.2) << row.codec;
    EXPECT_LT(row.ratio, 1.0) << row.codec;
    EXPECT_GT(row.compress_mb_per_s, 0) << row.codec;
    EXPECT_GT(row.decompress_mb_per_s, 0) << row.codec;
    EXPECT_GT(row.bytes_measured, 0u) << row.codec;
  }
  EXPECT_TRUE(run_compression_bench("", {}).empty());
}

TEST(CryptoBench, TimesEveryCurrentCipherAndRanksThem) {
  const auto speeds = run_crypto_bench({1ms, 2ms});
  ASSERT_GE(speeds.size(), 10u);
  for (std::size_t i = 1; i < speeds.size(); ++i) {
    if (speeds[i].available) {
      EXPECT_GE(speeds[i - 1].mb_per_s, speeds[i].mb_per_s);
    }
  }
  for (const auto& speed : speeds) {
    if (speed.name.find("gcm") != std::string::npos || speed.name.starts_with("chacha")) {
      EXPECT_TRUE(speed.aead) << speed.name;
      EXPECT_TRUE(speed.available) << speed.name;
      EXPECT_EQ(speed.mac, "");
      EXPECT_EQ(speed.mb_per_s, speed.cipher_mb_per_s);
    } else if (speed.available) {
      EXPECT_EQ(speed.mac, "umac-64-etm@openssh.com") << speed.name;
      EXPECT_EQ(speed.mac_timed_as, "hmac-sha2-256-etm@openssh.com") << speed.name;
      EXPECT_LT(speed.mb_per_s, speed.cipher_mb_per_s) << speed.name;
    }
    const bool legacy = speed.name == "blowfish-cbc" || speed.name == "cast128-cbc" || speed.name == "arcfour";
    EXPECT_EQ(speed.removed_from_openssh, legacy) << speed.name;
  }
}
