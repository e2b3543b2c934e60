#pragma once
// The audit's host facts from `ssh-tune host`'s cache: every fresh entry's link
// class, bottleneck, RTT, server KEXINIT, trials and recommendation, with what
// this run's --server probes learned laid over them.

#include "tuner/audit/measured_host.hpp"
#include "tuner/host/cache_validation.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::cli {

// Facts of the fresh cache entries (younger than k_cache_max_age). A cache file
// that cannot be read or fails the cache checks (cache_validation.hpp) counts as absent.
class CachedMeasuredHosts final : public audit::MeasuredHostLookup {
 public:
  explicit CachedMeasuredHosts(host::CacheRules rules) : m_rules(std::move(rules)) {}
  // The cached facts for `host`, with a --server probe's KEXINIT in place of the cached one.
  std::optional<audit::MeasuredHost> find(const std::string& host) const override;
  // The hosts of every fresh cache entry, then the probed ones, each once.
  std::vector<std::string> names() const override;

  audit::MeasuredHostMap probes;  // what this run's --server probes found, by --host name

 private:
  host::CacheRules m_rules;
};

}  // namespace sshtune::cli
