#pragma once
// What the rules tests share: the shipped catalog, and a decision's reasons to assert on.

#include "rules/catalog.hpp"
#include "rules/decision.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace sshtune::rules::testing {

// OpenSSH 9.x's default Ciphers, in its order (chacha20 first).
inline const std::vector<std::string> k_ciphers = {
    "chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr", "aes128-gcm@openssh.com",
    "aes256-gcm@openssh.com"};

// The catalog the package ships (rules/catalog.toml), loaded once.
inline const Catalog& catalog() {
  static const Catalog loaded = load_shipped_catalog().value();
  return loaded;
}

// True when one of the decision's reasons is exactly `text`.
inline bool has_reason(const Decision& d, const std::string& text) {
  return std::find(d.reasons.begin(), d.reasons.end(), text) != d.reasons.end();
}

// Every reason, a line each: what a failed has_reason prints.
inline std::string all_reasons(const Decision& d) {
  std::string joined;
  for (const auto& r : d.reasons) joined += r + "\n";
  return joined;
}

}  // namespace sshtune::rules::testing
