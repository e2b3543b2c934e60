#pragma once
// This CPU's cipher benchmark, kept between runs in the cache directory
// (cpu.toml). `ssh-tune cpu` measures and stores it; `audit` quotes the stored
// figures rather than drawing new ones from the benchmark's noise on every run,
// so its advice holds still from run to run and matches what `cpu` printed. An
// entry belongs to one CPU model and one OpenSSL build and is reused for at most
// a week (k_cache_max_age); a file ssh-tune cannot have written is an error
// naming it, never figures.

#include "base/clock.hpp"
#include "base/result.hpp"
#include "probes/bench/compression_bench.hpp"
#include "probes/bench/crypto_bench.hpp"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::host {

// What `audit` quotes of this CPU.
struct CpuFigures {
  std::vector<probes::CipherSpeed> ciphers;  // as run_crypto_bench ranks them
  std::optional<double> zlib_mb_per_s;       // ssh's zlib (level 6) compressing the built-in corpus
};

// One run of the benchmark and what it is valid for.
struct CpuBench {
  std::string cpu_model;  // /proc/cpuinfo's "model name" ("" when unknown)
  std::string openssl;    // OpenSSL_version(OPENSSL_VERSION) of the loaded library
  std::int64_t measured_unix = 0;
  CpuFigures figures;
};

// The zlib row of a compression benchmark (ssh's level 6), when it has one.
std::optional<double> ssh_zlib_speed(const std::vector<probes::CompressionSpeed>& rows);

// Measures this CPU: the cipher benchmark, and ssh's zlib on the built-in corpus.
CpuFigures measure_this_cpu();

// $XDG_CACHE_HOME/ssh-tune/cpu.toml.
std::filesystem::path cpu_cache_path();

// The TOML text of `bench`, with a comment line saying the file is a cache.
std::string render_cpu_bench(const CpuBench& bench);

// Parses and checks stored text; `origin` names every error ("ORIGIN:LINE: KEY:
// PROBLEM", or "ORIGIN: PROBLEM; refusing it"). Strict about types; every cipher
// one the benchmark times, none twice; every figure finite, in [0, 10^6] MB/s;
// texts of at most 256 bytes without control characters; the time not after
// `now_unix`.
Result<CpuBench> parse_cpu_bench(std::string_view text, const std::string& origin, std::int64_t now_unix);

// The figures `cpu` and `audit` quote. Unless `fresh`, the stored entry when it
// is `identity`'s and younger than `max_age`; otherwise `measure()`'s, stored for
// the next run. Errors: a stored file that fails its checks (see
// read_cache_file, parse_cpu_bench), or one that cannot be written. Ages and stamps are clock's wall time.
Result<CpuFigures> cpu_bench_figures(const CpuBench& identity, bool fresh, std::chrono::seconds max_age,
                                     const std::function<CpuFigures()>& measure, const Clock& clock);

}  // namespace sshtune::host
