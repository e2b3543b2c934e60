// The stored CPU benchmark: its text both ways, the checks on a file read back,
// and when cpu_bench_figures measures and when it reuses.
#include "tuner/host/cpu_cache.hpp"

#include "tests/support/fake_clock.hpp"
#include "tests/support/temp_home.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace sshtune::host {
namespace {

constexpr std::int64_t k_now = 1'800'000'000;

std::vector<probes::CipherSpeed> figures(double fastest) {
  std::vector<probes::CipherSpeed> speeds = probes::crypto_bench_ciphers();
  for (std::size_t i = 0; i < speeds.size(); ++i) {
    speeds[i].available = true;
    speeds[i].cipher_mb_per_s = fastest / static_cast<double>(i + 1);
    speeds[i].mb_per_s = speeds[i].cipher_mb_per_s;
  }
  return speeds;
}

// What a stored entry must match: a CPU and an OpenSSL, no figures (as the wiring's this_cpu() returns them).
CpuBench identity_of_a_cpu() { return CpuBench{"Test CPU @ 3.0GHz", "OpenSSL 3.0.99", 0, {}}; }

CpuBench bench(double fastest = 4000) {
  return CpuBench{"Test CPU @ 3.0GHz", "OpenSSL 3.0.99", k_now - 60, CpuFigures{figures(fastest), 44.5}};
}

TEST(CpuBenchText, RoundTripsEveryFigure) {
  const CpuBench written = bench();
  const Result<CpuBench> read = parse_cpu_bench(render_cpu_bench(written), "cpu.toml", k_now);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read.value().cpu_model, written.cpu_model);
  EXPECT_EQ(read.value().openssl, written.openssl);
  EXPECT_EQ(read.value().measured_unix, written.measured_unix);
  EXPECT_EQ(read.value().figures.zlib_mb_per_s, 44.5);
  const auto& ciphers = read.value().figures.ciphers;
  ASSERT_EQ(ciphers.size(), written.figures.ciphers.size());
  for (std::size_t i = 0; i < ciphers.size(); ++i) {
    EXPECT_EQ(ciphers[i].name, written.figures.ciphers[i].name);
    EXPECT_EQ(ciphers[i].mac, written.figures.ciphers[i].mac);
    EXPECT_EQ(ciphers[i].aead, written.figures.ciphers[i].aead);
    EXPECT_DOUBLE_EQ(ciphers[i].mb_per_s, written.figures.ciphers[i].mb_per_s);
  }
}

std::string refusal(const std::string& text) {
  const Result<CpuBench> read = parse_cpu_bench(text, "cpu.toml", k_now);
  return read ? "accepted" : read.error().message;
}

TEST(CpuBenchText, RefusesWhatSshTuneCannotHaveWritten) {
  const std::string row = "[[ciphers]]\nname = \"aes128-gcm@openssh.com\"\navailable = true\n";
  EXPECT_EQ(refusal("[[ciphers]]\nname = \"rot13\"\n"),
            "cpu.toml: cipher rot13 is not one ssh-tune times; refusing it");
  EXPECT_EQ(refusal(row + "mb_per_s = -1.0\n"), "cpu.toml: aes128-gcm@openssh.com: a figure out of range; refusing it");
  EXPECT_EQ(refusal(row + "mb_per_s = nan\n"), "cpu.toml: aes128-gcm@openssh.com: a figure out of range; refusing it");
  EXPECT_EQ(refusal(row + row), "cpu.toml: aes128-gcm@openssh.com is listed twice; refusing it");
  EXPECT_EQ(refusal("zlib_mb_per_s = inf\n"), "cpu.toml: zlib_mb_per_s out of range; refusing it");
  EXPECT_EQ(refusal("measured_unix = 1900000000\n"), "cpu.toml: measured_unix is in the future; refusing it");
  EXPECT_EQ(refusal("cpu_model = \"a\\u001b[2Jb\"\n"), "cpu.toml: a text ssh-tune cannot have written; refusing it");
  EXPECT_EQ(refusal(row + "mb_per_s = \"fast\"\n"), "cpu.toml:4: ciphers[0].mb_per_s: expected a number");
  EXPECT_EQ(refusal("ciphers = 3\n"), "cpu.toml:1: ciphers: expected an array of tables");
}

// A fake benchmark that counts its runs and returns `fastest` MB/s.
struct CountingBench {
  int runs = 0;
  double fastest = 4000;
  std::function<CpuFigures()> measure() {
    return [this] {
      ++runs;
      return CpuFigures{figures(fastest), 40};
    };
  }
};

TEST(CpuBenchFigures, TheSecondRunQuotesTheFirstRunsFigures) {
  const testing::TempHome home;
  CountingBench bench;
  const testing::FakeClock clock;
  const CpuBench identity = identity_of_a_cpu();
  ASSERT_TRUE(cpu_bench_figures(identity, false, std::chrono::hours(1), bench.measure(), clock));
  bench.fastest = 9999;
  const auto again = cpu_bench_figures(identity, false, std::chrono::hours(1), bench.measure(), clock);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(bench.runs, 1);
  EXPECT_DOUBLE_EQ(again.value().ciphers.front().mb_per_s, 4000);
}

TEST(CpuBenchFigures, AnEntryOlderThanTheMaxAgeIsMeasuredAgain) {
  const testing::TempHome home;
  CountingBench bench;
  const testing::FakeClock clock;
  ASSERT_TRUE(cpu_bench_figures(identity_of_a_cpu(), false, std::chrono::hours(1), bench.measure(), clock));
  clock.advance(std::chrono::minutes(59));
  ASSERT_TRUE(cpu_bench_figures(identity_of_a_cpu(), false, std::chrono::hours(1), bench.measure(), clock));
  EXPECT_EQ(bench.runs, 1) << "59 minutes old: still fresh";
  clock.advance(std::chrono::minutes(2));
  ASSERT_TRUE(cpu_bench_figures(identity_of_a_cpu(), false, std::chrono::hours(1), bench.measure(), clock));
  EXPECT_EQ(bench.runs, 2) << "61 minutes old: measured again";
}

TEST(CpuBenchFigures, FreshAnotherCpuOrAnotherOpensslMeasureAgain) {
  const testing::TempHome home;
  CountingBench bench;
  const testing::FakeClock clock;
  CpuBench identity = identity_of_a_cpu();
  ASSERT_TRUE(cpu_bench_figures(identity, false, std::chrono::hours(1), bench.measure(), clock));
  ASSERT_TRUE(cpu_bench_figures(identity, true, std::chrono::hours(1), bench.measure(), clock));
  identity.cpu_model += " (another)";
  ASSERT_TRUE(cpu_bench_figures(identity, false, std::chrono::hours(1), bench.measure(), clock));
  identity.openssl += " (another)";
  ASSERT_TRUE(cpu_bench_figures(identity, false, std::chrono::hours(1), bench.measure(), clock));
  EXPECT_EQ(bench.runs, 4);
}

TEST(CpuBenchFigures, ATamperedFileIsAnErrorAndNotOverwritten) {
  const testing::TempHome home;
  CountingBench bench;
  const testing::FakeClock clock;
  ASSERT_TRUE(cpu_bench_figures(identity_of_a_cpu(), false, std::chrono::hours(1), bench.measure(), clock));
  { std::ofstream(cpu_cache_path(), std::ios::app) << "[[ciphers]]\nname = \"rot13\"\n"; }
  const auto read = cpu_bench_figures(identity_of_a_cpu(), false, std::chrono::hours(1), bench.measure(), clock);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().message, cpu_cache_path().string() + ": cipher rot13 is not one ssh-tune times; refusing it");
  EXPECT_EQ(bench.runs, 1);
}

}  // namespace
}  // namespace sshtune::host
