#include "tuner/host/cpu_cache.hpp"

#include "base/format.hpp"
#include "base/message.hpp"
#include "probes/bench/sample_corpus.hpp"
#include "base/toml/toml_errors.hpp"
#include "tuner/host/host_cache.hpp"
#include "base/toml/toml_fields.hpp"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <set>
#include <sstream>

namespace sshtune::host {
namespace {

constexpr std::size_t k_max_text = 256;
constexpr double k_max_mb_per_s = 1e6;

Error refused(const std::string& origin, const std::string& problem) {
  return Error{ErrorKind::invalid_input, origin + ": " + problem + "; refusing it"};
}

bool plain_text(const std::string& text) {
  return text.size() <= k_max_text &&
         std::none_of(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

bool plain_figure(double mb_per_s) { return std::isfinite(mb_per_s) && mb_per_s >= 0 && mb_per_s <= k_max_mb_per_s; }

toml::array cipher_rows(const std::vector<probes::CipherSpeed>& ciphers) {
  toml::array rows;
  for (const probes::CipherSpeed& speed : ciphers) {
    rows.push_back(toml::table{{"name", speed.name},
                               {"available", speed.available},
                               {"cipher_mb_per_s", speed.cipher_mb_per_s},
                               {"mb_per_s", speed.mb_per_s}});
  }
  return rows;
}

// One stored row read onto the benchmark's own description of that cipher.
Result<probes::CipherSpeed> decode_cipher(const Fields& row, const std::string& origin) {
  std::string name;
  SSHTUNE_TRYV(row.get("name", name));
  const std::vector<probes::CipherSpeed> known = probes::crypto_bench_ciphers();
  const auto spec = std::find_if(known.begin(), known.end(), [&](const auto& s) { return s.name == name; });
  if (spec == known.end()) return refused(origin, "cipher " + quote_input(name) + " is not one ssh-tune times");
  probes::CipherSpeed speed = *spec;
  SSHTUNE_TRYV(row.get("available", speed.available));
  SSHTUNE_TRYV(row.get("cipher_mb_per_s", speed.cipher_mb_per_s));
  SSHTUNE_TRYV(row.get("mb_per_s", speed.mb_per_s));
  if (!plain_figure(speed.cipher_mb_per_s) || !plain_figure(speed.mb_per_s)) {
    return refused(origin, name + ": a figure out of range");
  }
  return speed;
}

Result<void> check_entry(const CpuBench& bench, const std::string& origin, std::int64_t now_unix) {
  if (!plain_text(bench.cpu_model) || !plain_text(bench.openssl))
    return refused(origin, "a text ssh-tune cannot have written");
  if (bench.measured_unix > now_unix) return refused(origin, "measured_unix is in the future");
  std::set<std::string> names;
  if (bench.figures.zlib_mb_per_s && !plain_figure(*bench.figures.zlib_mb_per_s)) {
    return refused(origin, "zlib_mb_per_s out of range");
  }
  for (const probes::CipherSpeed& speed : bench.figures.ciphers) {
    if (!names.insert(speed.name).second) return refused(origin, speed.name + " is listed twice");
  }
  return ok();
}

Result<std::optional<CpuBench>> load_cpu_bench(const CpuBench& identity, std::chrono::seconds max_age,
                                               const Clock& clock) {
  const std::filesystem::path path = cpu_cache_path();
  SSHTUNE_TRY(text, read_cache_file(path));
  if (!text) return std::optional<CpuBench>{};
  const std::int64_t now = clock.unix_seconds();
  SSHTUNE_TRY(bench, parse_cpu_bench(*text, path.string(), now));
  const bool same = bench.cpu_model == identity.cpu_model && bench.openssl == identity.openssl;
  if (!same || now - bench.measured_unix > max_age.count() || bench.figures.ciphers.empty())
    return std::optional<CpuBench>{};
  return std::optional<CpuBench>{std::move(bench)};
}

}  // namespace

std::optional<double> ssh_zlib_speed(const std::vector<probes::CompressionSpeed>& rows) {
  for (const probes::CompressionSpeed& row : rows) {
    if (row.codec == "zlib") return row.compress_mb_per_s;
  }
  return std::nullopt;
}

CpuFigures measure_this_cpu() {
  return CpuFigures{probes::run_crypto_bench(),
                    ssh_zlib_speed(probes::run_compression_bench(probes::builtin_corpus()))};
}

std::filesystem::path cpu_cache_path() { return cache_dir() / "cpu.toml"; }

std::string render_cpu_bench(const CpuBench& bench) {
  toml::table root{{"cpu_model", bench.cpu_model},
                   {"openssl", bench.openssl},
                   {"measured_unix", bench.measured_unix},
                   {"measured_at", utc_text(bench.measured_unix, "%Y-%m-%dT%H:%M:%SZ")},
                   {"ciphers", cipher_rows(bench.figures.ciphers)}};
  if (bench.figures.zlib_mb_per_s) root.insert("zlib_mb_per_s", *bench.figures.zlib_mb_per_s);
  std::ostringstream text;
  text << "# ssh-tune's cipher benchmark of this CPU; safe to delete (ssh-tune cpu measures again).\n" << root << '\n';
  return text.str();
}

Result<CpuBench> parse_cpu_bench(std::string_view text, const std::string& origin, std::int64_t now_unix) {
  SSHTUNE_TRY(root_table, parse_toml(text, origin));
  const Fields root(root_table, origin, "");
  CpuBench bench;
  SSHTUNE_TRYV(root.get("cpu_model", bench.cpu_model));
  SSHTUNE_TRYV(root.get("openssl", bench.openssl));
  SSHTUNE_TRYV(root.get("measured_unix", bench.measured_unix));
  SSHTUNE_TRYV(root.get("zlib_mb_per_s", bench.figures.zlib_mb_per_s));
  SSHTUNE_TRY(rows, root.tables("ciphers"));
  for (const Fields& row : rows) {
    SSHTUNE_TRY(speed, decode_cipher(row, origin));
    bench.figures.ciphers.push_back(std::move(speed));
  }
  SSHTUNE_TRYV(check_entry(bench, origin, now_unix));
  return bench;
}

Result<CpuFigures> cpu_bench_figures(const CpuBench& identity, bool fresh, std::chrono::seconds max_age,
                                     const std::function<CpuFigures()>& measure, const Clock& clock) {
  if (!fresh) {
    SSHTUNE_TRY(stored, load_cpu_bench(identity, max_age, clock));
    if (stored) return std::move(stored->figures);
  }
  CpuBench bench = identity;
  bench.figures = measure();
  bench.measured_unix = clock.unix_seconds();
  SSHTUNE_TRYV(write_cache_file(cpu_cache_path(), render_cpu_bench(bench)));
  return std::move(bench.figures);
}

}  // namespace sshtune::host
