#include "tuner/cli/handlers.hpp"
#include "tuner/cli/cpu_view.hpp"
#include "tuner/cli/version_info.hpp"

#include "base/clock.hpp"
#include "probes/bench/compression_bench.hpp"
#include "probes/bench/crypto_bench.hpp"
#include "probes/bench/cpu_probe.hpp"
#include "probes/bench/sample_corpus.hpp"
#include "tuner/host/cpu_cache.hpp"
#include "tuner/host/host_cache.hpp"
#include "tuner/wiring/production.hpp"

#include <chrono>
#include <ostream>

namespace po = boost::program_options;

namespace sshtune::cli {
namespace {

po::options_description cpu_flags() {
  po::options_description flags("cpu flags");
  flags.add_options()("json", "print JSON instead of the table")(
      "sample", po::value<std::string>()->value_name("PATH"),
      "measure compression on this file or directory (first 16 MiB) instead of the built-in corpus");
  return flags;
}

Result<CpuFindings> measure_cpu(const po::variables_map& values) {
  const Clock& clock = system_clock();
  const auto start = clock.now();
  CpuFindings findings;
  std::string sample;
  if (values.count("sample") > 0) {
    findings.sample_source = values["sample"].as<std::string>();
    SSHTUNE_TRY(read, probes::read_sample(findings.sample_source));
    sample = std::move(read);
  } else {
    findings.sample_source = "built-in mixed corpus";
    sample = probes::builtin_corpus();
  }
  findings.sample_bytes = sample.size();
  findings.cpu = probes::probe_cpu();
  findings.compression = probes::run_compression_bench(sample);
  const bool builtin = values.count("sample") == 0;
  const auto measure = [&] {
    const auto zlib =
        host::ssh_zlib_speed(builtin ? findings.compression : probes::run_compression_bench(probes::builtin_corpus()));
    return host::CpuFigures{probes::run_crypto_bench(), zlib};
  };
  SSHTUNE_TRY(figures, host::cpu_bench_figures(wiring::this_cpu(), true, host::k_cache_max_age, measure, clock));
  findings.ciphers = std::move(figures.ciphers);
  findings.elapsed_s = seconds_since(clock, start);
  return findings;
}

}  // namespace

Result<ExitCode> run_cpu(const Args& args, Io& io) {
  const auto flags = cpu_flags();
  SSHTUNE_TRY(parsed, parse_command({"cpu", "ssh-tune cpu [--json] [--sample PATH]", flags}, args, io));
  if (parsed.help) return ExitCode::ok;
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(findings, measure_cpu(parsed.values));
  if (parsed.values.count("json") > 0) {
    nlohmann::json json = cpu_json(findings, catalog);
    json["versions"] = versions_json(version_info());
    io.out << json.dump(2) << '\n';
  } else {
    print_cpu_table(io.out, findings, catalog, bar_style(io.out_is_tty));
  }
  return ExitCode::ok;
}

}  // namespace sshtune::cli
