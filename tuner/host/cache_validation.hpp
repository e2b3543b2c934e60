#pragma once
// A cache entry is data from disk, not ssh-tune's own memory: anyone who could
// write the file chose every value. Before `host` reuses an entry, or `snippet`,
// `ssh` and `audit` read one, every field is checked against what ssh-tune
// itself would have written (see validate_cached_host), and the cached decision
// against the security floor of the policy in force now.

#include "base/result.hpp"
#include "rules/catalog.hpp"
#include "rules/policy.hpp"
#include "tuner/host/host_cache.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace sshtune::host {

// What an entry is checked against: the catalog and policy (the security floor),
// the ciphers the local ssh supports (`ssh -Q cipher`) and the current time.
struct CacheRules {
  rules::Catalog catalog;
  rules::Policy policy;
  std::vector<std::string> client_ciphers;
};

// The shipped catalog, the user's policy and the local ssh's ciphers.
// Errors: ssh missing, a broken rule file.
Result<CacheRules> production_cache_rules();

// Ok when every field of `entry` is one ssh-tune could have written at `now_unix`:
// the host a valid destination name; every text free of control characters and
// of bounded length; algorithm names well-formed; the decided ciphers known to
// the catalog and to the local ssh, without repeats, and above the security
// floor; enum words known; numbers finite and in range; the measurement time not
// in the future. Error (invalid_input) "ORIGIN: FIELD: PROBLEM; refusing it".
Result<void> validate_cached_host(const CachedHost& entry, const CacheRules& rules, std::int64_t now_unix,
                                  const std::string& origin);

// decode_cache_entry (cache_toml.hpp) then validate_cached_host: cache TOML to a
// checked entry, the loader's pure half (and the fuzz target's subject).
Result<CachedHost> parse_cached_host(std::string_view text, const std::string& origin, const CacheRules& rules,
                                     std::int64_t now_unix);

}  // namespace sshtune::host
