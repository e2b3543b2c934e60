#include "tuner/wiring/production.hpp"

#include "base/process.hpp"
#include "probes/bench/cpu_probe.hpp"
#include "probes/bench/hash_bench.hpp"
#include "probes/core/remote_kexinit.hpp"
#include "probes/libssh/library_versions.hpp"
#include "probes/libssh/libssh_runner.hpp"
#include "probes/libssh/logged_in_kexinit.hpp"
#include "probes/openssh/make_openssh_runner.hpp"
#include "probes/openssh/tool_copy.hpp"
#include "tuner/host/cache_validation.hpp"

namespace sshtune::wiring {
namespace {

probes::RemoteTools rsync_on_this_machine() {
  const auto run = run_process({"rsync", "--version"}, {Output::capture, Output::discard});
  return probes::parse_rsync_version(run ? run.value().out : "");
}

std::vector<probes::CipherSpeed> quick_cipher_bench() {
  using namespace std::chrono_literals;
  return probes::run_crypto_bench(
      {1ms, 10ms, probes::CryptoBudget{}.packet_bytes, 1});  // one short round: within the budget
}

}  // namespace

Result<host::HostEnvironment> production_environment(host::ProgressStatus progress) {
  host::HostEnvironment env;
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(policy, rules::load_policy());
  env.client = client;
  env.catalog = std::move(catalog);
  env.policy = std::move(policy);
  const Clock& clock = system_clock();
  env.clock = &clock;
  env.make_runner = [&clock](const probes::RemoteTarget& target) { return probes::make_libssh_runner(target, clock); };
  env.make_client_runner = [&clock, timing = env.policy.timing](const probes::OpensshTarget& target) {
    return probes::make_openssh_runner(target, clock, timing);
  };
  env.fetch_server = [&clock](const probes::RemoteTarget& target) {
    const auto fetch = [&clock](const probes::RemoteTarget& t) { return probes::fetch_server_algorithms(t, clock); };
    return host::guarded_preauth_fetch(target, fetch, clock);
  };
  env.local_rsync = rsync_on_this_machine;
  env.local_tcp = [] { return probes::read_tcp_buffer_limits(); };
  env.hash_speed = [&clock] { return probes::sha256sum_mb_per_s(clock); };
  env.time_tool = [&clock](const probes::OpensshTarget& target, const std::vector<probes::ToolTrialSpec>& specs) {
    return probes::time_tool_copies(target, specs, clock);
  };
  env.cipher_speeds = quick_cipher_bench;
  env.compression_speeds = [](const std::string& sample) {
    // Only ssh's zlib decides a host; `ssh-tune cpu` shows the other codecs.
    return sample.empty() ? std::vector<probes::CompressionSpeed>{}
                          : std::vector<probes::CompressionSpeed>{probes::run_ssh_zlib_bench(sample)};
  };
  env.load_cache = [rules = host::CacheRules{env.catalog, env.policy, client->supported(AlgorithmKind::cipher)},
                    &clock](const std::string& host, std::chrono::seconds max_age) {
    return host::load_cached_host(host, max_age, rules, clock);
  };
  env.save_cache = host::save_cached_host;
  env.progress = std::move(progress);
  return env;
}

host::OfferReaders production_offer_readers(const Clock& clock) {
  return host::OfferReaders{
      probes::host_key_is_known,
      [&clock](const probes::RemoteTarget& target) { return probes::fetch_server_algorithms_logged_in(target, clock); },
      [&clock](const probes::RemoteTarget& target) { return probes::fetch_server_algorithms(target, clock); }};
}

host::CpuBench this_cpu() {
  return host::CpuBench{probes::probe_cpu().model, probes::library_versions().openssl_text, 0, {}};
}

}  // namespace sshtune::wiring
