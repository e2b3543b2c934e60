// Parse and evaluate figures for the ssh_config engine: a generated 10,000-line
// config is parsed, then evaluated for 100 hosts (the target: parse + one host
// under 50 ms). Uses the fixed OpenSSH 9.2 snapshot, so no ssh is run.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/sshconfig/parser.hpp"

#include <unistd.h>

#include <chrono>
#include <ctime>
#include <utility>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

namespace {

// 10,000 lines: 1,000 Host blocks of 9 settings each, plus globals and comments.
std::string generate_config() {
  std::string text = "# generated for bench_parse\nUser benchuser\n";
  for (int i = 0; i < 1000; ++i) {
    const std::string n = std::to_string(i);
    text += "Host host" + n + " *.zone" + n + ".example.com !skip" + n + "\n";
    text += "    HostName 10.0." + std::to_string(i / 250) + "." + std::to_string(i % 250) + "\n";
    text += "    Port " + std::to_string(2000 + i) + "\n";
    text += "    Ciphers ^aes128-gcm@openssh.com,aes256-ctr\n";
    text += "    Compression " + std::string(i % 2 ? "yes" : "no") + "\n";
    text += "    IdentityFile ~/.ssh/id_" + n + "\n";
    text += "    MACs -*sha1*\n";
    text += "    # note for host " + n + "\n";
    text += "    ServerAliveInterval 30\n";
    text += "\n";
  }
  return text;
}

// CPU time of this process in ms: on a shared, loaded machine wall time mostly
// measures the other processes, so both are printed.
double cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Timer {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = cpu_ms();
  std::pair<double, double> elapsed() const {
    return {std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wall).count(), cpu_ms() - cpu};
  }
};

void report(const char* what, std::pair<double, double> ms, const char* extra = "") {
  std::printf("%-30s wall %8.2f ms   cpu %8.2f ms%s\n", what, ms.first, ms.second, extra);
}

}  // namespace

int main() {
  using namespace sshtune;
  const std::string text = generate_config();
  const auto path = std::filesystem::temp_directory_path() / ("bench_parse_" + std::to_string(getpid()) + ".conf");
  std::ofstream(path, std::ios::binary) << text;
  const Result<const sshconfig::ClientCapabilities*> probed = sshconfig::local_client_capabilities();
  if (!probed) {
    std::fprintf(stderr, "bench_parse: %s\n", probed.error().message.c_str());
    return 1;
  }
  const sshconfig::ClientCapabilities& client = *probed.value();

  Timer timer;
  const sshconfig::ConfigFile file = sshconfig::parse(text, path.string());
  const auto parse_ms = timer.elapsed();
  timer = Timer{};
  const auto diagnostics = sshconfig::check(file, client);
  const auto check_ms = timer.elapsed();

  sshconfig::EvalRequest request;
  request.config_file = path;
  request.host = "host500";
  timer = Timer{};
  const auto one = sshconfig::evaluate(request, client);
  const auto one_ms = timer.elapsed();
  int failures = one ? 0 : 1;
  timer = Timer{};
  for (int i = 0; i < 100; ++i) {
    request.host = "host" + std::to_string(i * 10);
    failures += sshconfig::evaluate(request, client) ? 0 : 1;
  }
  const auto hundred_ms = timer.elapsed();
  std::filesystem::remove(path);

  std::printf("config: %zu lines, %zu bytes, %zu diagnostics, %d failed evaluations\n", file.lines.size(), text.size(),
              diagnostics.size(), failures);
  report("parse (lossless)", parse_ms);
  report("check (all lines)", check_ms);
  report("evaluate one host (re-reads)", one_ms);
  report("parse + one host", {parse_ms.first + one_ms.first, parse_ms.second + one_ms.second}, "  (target < 50 ms)");
  report("evaluate 100 hosts", hundred_ms);
  return failures == 0 ? 0 : 1;
}
