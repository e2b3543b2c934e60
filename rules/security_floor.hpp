#pragma once
// The security floor (policy [security]): which ciphers ssh-tune may ever
// recommend. The ranking applies it to fresh trials; a decision read back from
// the cache is checked against it again before anything uses it, because the
// cache is only data on disk and the policy may have been raised since.

#include "base/result.hpp"
#include "rules/catalog.hpp"
#include "rules/policy.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::rules {

// Why `cipher` may not be recommended under `policy` ("not in the catalog",
// "weak, below the security floor (acceptable or better)"), or nullopt when it may.
std::optional<std::string> below_floor(const std::string& cipher, const Catalog& catalog, const Policy& policy);

// Ok when every cipher passes the floor; else an invalid_input Error
// "WHERE: CIPHER is REASON; refusing to use it".
Result<void> check_security_floor(const std::vector<std::string>& ciphers, const Catalog& catalog, const Policy& policy,
                                  const std::string& where);

}  // namespace sshtune::rules
