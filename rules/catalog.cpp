#include "rules/catalog.hpp"
#include "base/read_file.hpp"

#include "base/data_path.hpp"
#include "base/toml/toml_errors.hpp"
#include "base/toml/toml_fields.hpp"

#include <algorithm>
#include <array>
#include <fstream>
#include <set>
#include <sstream>

namespace sshtune::rules {
namespace {

constexpr std::array k_tier_names{"recommended", "acceptable", "weak", "deprecated", "removed"};

struct KindSection {
  const char* key;
  AlgorithmKind kind;
};
constexpr std::array k_sections{KindSection{"cipher", AlgorithmKind::cipher}, KindSection{"mac", AlgorithmKind::mac},
                                KindSection{"kex", AlgorithmKind::kex},
                                KindSection{"host_key", AlgorithmKind::key_sig}};

const std::set<std::string> k_known_fields{"name",           "tier",    "aead",  "etm", "dropped",
                                           "dropped_server", "removed", "notes", "cves"};

Result<void> check_fields(const toml::table& entry, const std::string& origin) {
  for (const auto& [key, value] : entry) {
    if (!k_known_fields.contains(std::string(key.str()))) {
      return toml_error(origin, value, "unknown field '" + std::string(key.str()) + "'");
    }
  }
  return ok();
}

Result<Tier> required_tier(const toml::table& entry, const std::string& origin) {
  const toml::node* node = entry.get("tier");
  if (node == nullptr) {
    return toml_error(origin, entry, "entry has no 'tier'");
  }
  const auto text = node->value<std::string>();
  const auto tier = text ? parse_tier(*text) : std::nullopt;
  if (!tier) {
    return toml_error(
        origin, *node,
        "unknown tier '" + text.value_or("?") + "' (expected recommended, acceptable, weak, deprecated or removed)");
  }
  return *tier;
}

Result<Algorithm> parse_entry(const toml::table& entry, AlgorithmKind kind, const std::string& origin) {
  SSHTUNE_TRYV(check_fields(entry, origin));
  Algorithm algorithm;
  algorithm.kind = kind;
  algorithm.line = static_cast<int>(entry.source().begin.line);
  const Fields fields(entry, origin, "");
  SSHTUNE_TRYV(fields.get("name", algorithm.name));
  if (algorithm.name.empty()) {
    return toml_error(origin, entry, "entry has no 'name'");
  }
  SSHTUNE_TRY(tier, required_tier(entry, origin));
  algorithm.tier = tier;
  SSHTUNE_TRYV(fields.get("aead", algorithm.aead));
  SSHTUNE_TRYV(fields.get("etm", algorithm.etm));
  SSHTUNE_TRYV(fields.get("dropped", algorithm.dropped));
  SSHTUNE_TRYV(fields.get("dropped_server", algorithm.dropped_server));
  SSHTUNE_TRYV(fields.get("removed", algorithm.removed));
  SSHTUNE_TRYV(fields.get("notes", algorithm.notes));
  SSHTUNE_TRYV(fields.get("cves", algorithm.cves));
  return algorithm;
}

Result<void> parse_section(const toml::table& root, const KindSection& section, const std::string& origin,
                           std::vector<Algorithm>& out) {
  const toml::node* node = root.get(section.key);
  if (node == nullptr) {
    return ok();
  }
  const toml::array* entries = node->as_array();
  if (entries == nullptr) {
    return toml_error(origin, *node,
                      std::string("'") + section.key + "' must be an array of tables ([[" + section.key + "]])");
  }
  for (const auto& item : *entries) {
    const toml::table* entry = item.as_table();
    if (entry == nullptr) {
      return toml_error(origin, item, std::string("each '") + section.key + "' entry must be a table");
    }
    SSHTUNE_TRY(algorithm, parse_entry(*entry, section.kind, origin));
    out.push_back(std::move(algorithm));
  }
  return ok();
}

Result<void> check_top_level(const toml::table& root, const std::string& origin) {
  for (const auto& [key, value] : root) {
    const std::string_view name = key.str();  // clang 14 cannot capture a structured binding
    const bool known =
        std::any_of(k_sections.begin(), k_sections.end(), [name](const KindSection& s) { return name == s.key; });
    if (!known) {
      return toml_error(origin, value,
                        "unknown section '" + std::string(key.str()) + "' (expected cipher, mac, kex or host_key)");
    }
  }
  return ok();
}

Result<void> check_duplicates(const std::vector<Algorithm>& algorithms, const std::string& origin) {
  std::set<std::pair<AlgorithmKind, std::string>> seen;
  for (const auto& algorithm : algorithms) {
    if (!seen.emplace(algorithm.kind, algorithm.name).second) {
      return Error{ErrorKind::invalid_input, origin + ":" + std::to_string(algorithm.line) + ": duplicate " +
                                                 std::string(to_string(algorithm.kind)) + " '" + algorithm.name + "'"};
    }
  }
  return ok();
}

}  // namespace

std::string_view to_string(Tier tier) { return k_tier_names.at(static_cast<std::size_t>(tier)); }

std::string_view to_string(AlgorithmKind kind) { return k_sections.at(static_cast<std::size_t>(kind)).key; }

std::optional<Tier> parse_tier(std::string_view text) {
  for (std::size_t i = 0; i < k_tier_names.size(); ++i) {
    if (text == k_tier_names[i]) {
      return static_cast<Tier>(i);
    }
  }
  return std::nullopt;
}

const Algorithm* Catalog::find(AlgorithmKind kind, std::string_view name) const {
  const auto it = std::find_if(m_algorithms.begin(), m_algorithms.end(),
                               [&](const Algorithm& a) { return a.kind == kind && a.name == name; });
  return it == m_algorithms.end() ? nullptr : &*it;
}

std::vector<const Algorithm*> Catalog::of_kind(AlgorithmKind kind) const {
  std::vector<const Algorithm*> matches;
  for (const auto& algorithm : m_algorithms) {
    if (algorithm.kind == kind) {
      matches.push_back(&algorithm);
    }
  }
  return matches;
}

Result<Catalog> parse_catalog(std::string_view text, const std::string& origin) {
  SSHTUNE_TRY(root, parse_toml(text, origin));
  SSHTUNE_TRYV(check_top_level(root, origin));
  std::vector<Algorithm> algorithms;
  for (const auto& section : k_sections) {
    SSHTUNE_TRYV(parse_section(root, section, origin, algorithms));
  }
  SSHTUNE_TRYV(check_duplicates(algorithms, origin));
  return Catalog(std::move(algorithms));
}

Result<Catalog> load_catalog(const std::filesystem::path& path) {
  SSHTUNE_TRY(text, read_file(path));
  return parse_catalog(text, path.string());
}

Result<Catalog> load_shipped_catalog() {
  SSHTUNE_TRY(path, data_path("rules", "catalog.toml"));
  return load_catalog(path);
}

}  // namespace sshtune::rules
