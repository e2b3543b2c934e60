// libFuzzer target for the cache loader's pure half: any bytes as a cache file
// (TOML -> CachedHost, then every field check and the security floor) must
// never crash; an entry that passes must hold only what the checks promise and
// survive being written and read again.

#include "tuner/host/cache_toml.hpp"
#include "tuner/host/cache_validation.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tests/support/openssh_snapshot.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

namespace {

const sshtune::host::CacheRules& cache_rules() {
  static const sshtune::host::CacheRules k_rules{
      sshtune::rules::load_catalog(std::filesystem::path(SSHTUNE_SOURCE_DIR) / "rules" / "catalog.toml").value(),
      sshtune::rules::Policy{},
      sshtune::testing::openssh_9_2_debian_snapshot().supported(sshtune::AlgorithmKind::cipher)};
  return k_rules;
}

bool has_control(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace sshtune;
  constexpr std::int64_t k_now = 1'790'000'000;
  const std::string text(reinterpret_cast<const char*>(data), size);
  const Result<host::CachedHost> parsed = host::parse_cached_host(text, "fuzz.toml", cache_rules(), k_now);
  if (!parsed) return 0;
  const host::CachedHost& entry = parsed.value();
  if (entry.decision.ciphers.empty() || has_control(entry.host) || has_control(entry.server_banner)) std::abort();
  for (const std::string& cipher : entry.decision.ciphers) {
    if (has_control(cipher) || cipher.find(' ') != std::string::npos) std::abort();
  }
  if (!host::parse_cached_host(host::render_cache_entry(entry), "again.toml", cache_rules(), k_now)) std::abort();
  return 0;
}
