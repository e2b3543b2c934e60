#pragma once
// What `ssh-tune cpu` found, and its two renderings (table and JSON).

#include "probes/bench/compression_bench.hpp"
#include "probes/bench/cpu_probe.hpp"
#include "probes/bench/crypto_bench.hpp"
#include "rules/catalog.hpp"
#include "tuner/cli/bars.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <string>
#include <vector>

namespace sshtune::cli {

struct CpuFindings {
  probes::CpuReport cpu;
  std::vector<probes::CipherSpeed> ciphers;
  std::vector<probes::CompressionSpeed> compression;
  std::string sample_source;  // "built-in mixed corpus" or the --sample path
  std::size_t sample_bytes = 0;
  double elapsed_s = 0;
};

// The readable report: a features line, ciphers ranked by MB/s with their
// catalog tier (each with a bar after its speed when `bars` is enabled), and the
// compression rows.
void print_cpu_table(std::ostream& out, const CpuFindings& findings, const rules::Catalog& catalog,
                     const BarStyle& bars = {});

// The JSON document of ssh-tune(1): {cpu:{arch,model,features}, ciphers:[...], compression:[...]}
// plus detail fields (masked features, notes, tiers, sample, elapsed_s).
nlohmann::json cpu_json(const CpuFindings& findings, const rules::Catalog& catalog);

}  // namespace sshtune::cli
