#pragma once
// A HostEnvironment made of fakes: a scripted runner, a fixed server offer, fixed
// local speeds, an in-memory cache and a fake clock, so every pass of the host
// pipeline runs without a network, a benchmark or the user's files.

#include "tests/support/fake_client_runner.hpp"
#include "tests/support/fake_runner.hpp"
#include "tests/support/temp_dir.hpp"
#include "tuner/host/environment.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <filesystem>
#include <map>
#include <memory>

namespace sshtune::testing {

// Hands the pipeline a runner that forwards to a FakeRunner the test keeps.
class ForwardingRunner final : public probes::RemoteRunner {
 public:
  explicit ForwardingRunner(FakeRunner& inner) : m_inner(inner) {}
  Result<probes::AccessCheck> check_access() override { return m_inner.check_access(); }
  Result<probes::TrialResult> run(const probes::TrialSpec& spec) override { return m_inner.run(spec); }
  std::chrono::milliseconds setup_time() const override { return m_inner.setup_time(); }

 private:
  FakeRunner& m_inner;
};

// Hands the pipeline an OpensshRunner that forwards to a FakeClientRunner the test keeps.
class ForwardingClientRunner final : public probes::OpensshRunner {
 public:
  explicit ForwardingClientRunner(FakeClientRunner& inner) : m_inner(inner) {}
  TurnRuns run_in_turn(const std::vector<probes::TrialSpec>& specs, const ChooseAgain& again = {},
                       const SkipTurn& skip = {}) override {
    return m_inner.run_in_turn(specs, again, skip);
  }
  std::vector<Result<probes::TrialResult>> run_together(const std::vector<probes::TrialSpec>& specs) override {
    return m_inner.run_together(specs);
  }
  void prepare(const std::vector<probes::TrialSpec>& specs) override { m_inner.prepare(specs); }

 private:
  FakeClientRunner& m_inner;
};

// Trial throughput in MB/s per cipher for the fake runner (others move 50 MB/s);
// compressed trials move `compressed_mb_per_s`.
inline void script_speeds(FakeRunner& runner, std::map<std::string, double> speeds, double compressed_mb_per_s = 20) {
  auto normal = runner.on_run;
  runner.on_run = [normal, speeds, compressed_mb_per_s](const probes::TrialSpec& spec) {
    auto result = normal(spec);
    const auto it = speeds.find(spec.cipher);
    const double mb = spec.compression ? compressed_mb_per_s : it != speeds.end() ? it->second : 50.0;
    result.value().bytes = static_cast<std::uint64_t>(mb * 1e6);
    return result;
  };
}

// A CPU-bound host's survey: aes128-gcm 900 MB/s, aes256-gcm 700, chacha20-poly1305 280, others 50.
inline void script_cpu_bound_survey(FakeRunner& runner) {
  script_speeds(
      runner,
      {{"aes128-gcm@openssh.com", 900}, {"aes256-gcm@openssh.com", 700}, {"chacha20-poly1305@openssh.com", 280}});
}

// The fake OpenSSH client's MB/s per cipher (others 40); parallel streams each move `per_stream`
// times the cipher's figure, and compressed trials `compressed_mb_per_s`.
// One OpenSSH trial of `spec` that moved `mb_per_s` for one second.
inline Result<probes::TrialResult> client_trial(const probes::TrialSpec& spec, double mb_per_s) {
  probes::TrialResult result;
  result.kind = spec.kind;
  result.cipher = spec.cipher;
  result.compression = spec.compression;
  result.client = probes::TrialClient::openssh;
  result.bytes = static_cast<std::uint64_t>(mb_per_s * 1e6);
  result.seconds = 1;
  return result;
}

inline void script_client_speeds(FakeClientRunner& client, std::map<std::string, double> speeds,
                                 double per_stream = 1.0, double compressed_mb_per_s = 15) {
  client.on_run = [speeds, per_stream, compressed_mb_per_s](const probes::TrialSpec& spec, std::size_t together) {
    const auto it = speeds.find(spec.cipher);
    const double mb = spec.compression ? compressed_mb_per_s : it != speeds.end() ? it->second : 40.0;
    return client_trial(spec, mb * (together > 1 ? per_stream : 1.0));
  };
}

struct FakeHostWorld {
  FakeRunner runner;
  FakeClientRunner client;
  std::vector<probes::OpensshTarget> client_targets;
  int kexinit_grabs = 0;
  int runners_made = 0;
  std::map<std::string, host::CachedHost> cache;
  int saves = 0;
  int hash_runs = 0;  // sha256sum speeds asked for (400 MB/s each)
  // Each call of the copy tools' timer, its specs; each spec takes `tool_seconds` (a failure: a message).
  std::vector<std::vector<probes::ToolTrialSpec>> tool_calls;
  std::vector<Result<double>> tool_seconds{2.0, 2.5, 3.0};
  // The one clock of every pass: the survey's trials take their slots on it; the OpenSSH client's fake
  // moves it where a test says.
  FakeClock& clock = runner.clock;

  // An environment over this world. The catalog is the repository's; the policy the default.
  host::HostEnvironment environment() {
    host::HostEnvironment env;
    env.client = &sshtune::testing::openssh_9_2_debian_snapshot();
    env.catalog = rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value();
    env.make_runner = [this](const probes::RemoteTarget&) {
      ++runners_made;
      return std::unique_ptr<probes::RemoteRunner>(new ForwardingRunner(runner));
    };
    env.make_client_runner = [this](const probes::OpensshTarget& target) {
      client_targets.push_back(target);
      return std::unique_ptr<probes::OpensshRunner>(new ForwardingClientRunner(client));
    };
    env.fetch_server = [this](const probes::RemoteTarget&) {
      ++kexinit_grabs;
      return Result<probes::ServerAlgorithms>(openssh_defaults());
    };
    env.local_rsync = [] { return probes::RemoteTools{}; };
    env.hash_speed = [this] {
      ++hash_runs;
      return std::optional<double>(400);
    };
    env.time_tool = [this](const probes::OpensshTarget&, const std::vector<probes::ToolTrialSpec>& specs) {
      tool_calls.push_back(specs);
      return probes::ToolTrials{tool_seconds, "", 0.25};
    };
    env.cipher_speeds = [] { return std::vector<probes::CipherSpeed>{}; };
    env.compression_speeds = [](const std::string&) {
      return std::vector<probes::CompressionSpeed>{{"zlib", 6, "ssh", 0.3, 40, 200, 1u << 20}};
    };
    env.load_cache = [this](const std::string& host, std::chrono::seconds) {
      const auto it = cache.find(host);
      return Result<std::optional<host::CachedHost>>(it == cache.end() ? std::nullopt : std::optional(it->second));
    };
    env.save_cache = [this](const host::CachedHost& entry) {
      ++saves;
      cache[entry.host] = entry;
      return Result<void>(ok());
    };
    runner.paced = true;
    env.clock = &clock;
    return env;
  }
};

}  // namespace sshtune::testing
