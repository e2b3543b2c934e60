#pragma once
// The algorithm catalog (rules/catalog.toml): every SSH cipher, MAC, key
// exchange and host-key algorithm OpenSSH has shipped, with its security tier.
// Every feature that judges an algorithm reads it from here.

#include "base/algorithm_kind.hpp"
#include "base/result.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::rules {

// Ordered from best to worst; audits map weak to warn, deprecated/removed to fail.
enum class Tier { recommended, acceptable, weak, deprecated, removed };

struct Algorithm {
  std::string name;
  AlgorithmKind kind = AlgorithmKind::cipher;
  Tier tier = Tier::acceptable;
  bool aead = false;           // ciphers: authenticated encryption (no separate MAC)
  bool etm = false;            // MACs: encrypt-then-MAC
  std::string dropped;         // OpenSSH release whose client stopped offering it; "" if never
  std::string dropped_server;  // the release whose sshd stopped offering it; "" if never/unknown
  std::string removed;         // the release that deleted the code; "" if still present
  std::string notes;
  std::vector<std::string> cves;
  int line = 0;  // where it is defined in the catalog file
};

class Catalog {
 public:
  // An empty catalog knows no name (tests fill one with the entries they need).
  Catalog() = default;
  explicit Catalog(std::vector<Algorithm> algorithms) : m_algorithms(std::move(algorithms)) {}

  // The entry for `name` of `kind`, or nullptr when the catalog does not know it.
  const Algorithm* find(AlgorithmKind kind, std::string_view name) const;
  // All entries of one kind, in file order.
  std::vector<const Algorithm*> of_kind(AlgorithmKind kind) const;
  const std::vector<Algorithm>& all() const { return m_algorithms; }

 private:
  std::vector<Algorithm> m_algorithms;
};

std::string_view to_string(Tier tier);
std::string_view to_string(AlgorithmKind kind);
std::optional<Tier> parse_tier(std::string_view text);

// Parses catalog TOML. `origin` names the text in errors, which read
// "ORIGIN:LINE: MESSAGE" (toml++ source regions give the line).
Result<Catalog> parse_catalog(std::string_view text, const std::string& origin);

// Reads and parses a catalog file; errors name the path.
Result<Catalog> load_catalog(const std::filesystem::path& path);

// The shipped catalog, found through data_path("rules", "catalog.toml").
Result<Catalog> load_shipped_catalog();

}  // namespace sshtune::rules
