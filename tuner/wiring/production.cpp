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

namespace sshtune {
namespace {

RemoteTools rsync_on_this_machine() {
  const auto run = run_process({"rsync", "--version"}, {Output::capture, Output::discard});
  return parse_rsync_version(run ? run.value().out : "");
}

std::vector<CipherSpeed> quick_cipher_bench() {
  using namespace std::chrono_literals;
  return run_crypto_bench({1ms, 10ms, CryptoBudget{}.packet_bytes, 1});  // one short round: within the budget
}

}  // namespace

Result<HostEnvironment> production_environment(std::ostream* progress) {
  HostEnvironment env;
  SSHTUNE_TRY(client, local_client_capabilities());
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(policy, rules::load_policy());
  env.client = client;
  env.catalog = std::move(catalog);
  env.policy = std::move(policy);
  const Clock& clock = system_clock();
  env.clock = &clock;
  env.make_runner = [&clock](const RemoteTarget& target) { return make_libssh_runner(target, clock); };
  env.make_client_runner = [&clock, timing = env.policy.timing](const OpensshTarget& target) {
    return make_openssh_runner(target, clock, timing);
  };
  env.fetch_server = [&clock](const RemoteTarget& target) {
    const auto fetch = [&clock](const RemoteTarget& t) { return fetch_server_algorithms(t, clock); };
    return guarded_preauth_fetch(target, fetch, clock);
  };
  env.local_rsync = rsync_on_this_machine;
  env.local_tcp = [] { return read_tcp_buffer_limits(); };
  env.hash_speed = [&clock] { return sha256sum_mb_per_s(clock); };
  env.time_tool = [&clock](const OpensshTarget& target, const std::vector<ToolTrialSpec>& specs) {
    return time_tool_copies(target, specs, clock);
  };
  env.cipher_speeds = quick_cipher_bench;
  env.compression_speeds = [](const std::string& sample) {
    // Only ssh's zlib decides a host; `ssh-tune cpu` shows the other codecs.
    return sample.empty() ? std::vector<CompressionSpeed>{} : std::vector<CompressionSpeed>{run_ssh_zlib_bench(sample)};
  };
  env.load_cache = [rules = CacheRules{env.catalog, env.policy, client->supported(AlgorithmKind::cipher)}, &clock](
                       const std::string& host, std::chrono::seconds max_age) {
    return load_cached_host(host, max_age, rules, clock);
  };
  env.save_cache = save_cached_host;
  env.progress = progress;
  return env;
}

OfferReaders production_offer_readers(const Clock& clock) {
  return OfferReaders{host_key_is_known,
                      [&clock](const RemoteTarget& target) { return fetch_server_algorithms_logged_in(target, clock); },
                      [&clock](const RemoteTarget& target) { return fetch_server_algorithms(target, clock); }};
}

CpuBench this_cpu() { return CpuBench{probe_cpu().model, library_versions().openssl_text, 0, {}}; }

}  // namespace sshtune
