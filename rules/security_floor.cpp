#include "rules/security_floor.hpp"

#include "base/message.hpp"

#include <algorithm>

namespace sshtune::rules {

std::optional<std::string> below_floor(const std::string& cipher, const Catalog& catalog, const Policy& policy) {
  const Algorithm* entry = catalog.find(AlgorithmKind::cipher, cipher);
  if (entry == nullptr) return std::string("not in the catalog");
  if (entry->tier <= policy.security_floor) return std::nullopt;
  if (std::find(policy.allow.begin(), policy.allow.end(), cipher) != policy.allow.end()) return std::nullopt;
  return std::string(to_string(entry->tier)) + ", below the security floor (" +
         std::string(to_string(policy.security_floor)) + " or better)";
}

Result<void> check_security_floor(const std::vector<std::string>& ciphers, const Catalog& catalog, const Policy& policy,
                                  const std::string& where) {
  for (const std::string& cipher : ciphers) {
    if (const auto reason = below_floor(cipher, catalog, policy)) {
      return Error{ErrorKind::invalid_input,
                   where + ": " + quote_input(cipher) + " is " + *reason + "; refusing to use it"};
    }
  }
  return ok();
}

}  // namespace sshtune::rules
