#pragma once
// Strict typed reads from a parsed TOML table, the one reader of the rules'
// catalog and of the files ssh-tune writes and reads back (tuner/host's caches):
// every value is checked for its type before it reaches a struct.

#include "base/result.hpp"

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// Typed reads from one table of a TOML file (the catalog, a cache) into the fields of a struct. A key
// that is absent leaves its field as it is (the struct's default); a key present with the wrong type, a
// negative count or an unknown enum word is an error "ORIGIN:LINE: PREFIXKEY: PROBLEM", where `prefix`
// ("decision.") names the table. `table` and `origin` must outlive the Fields.
class Fields {
 public:
  Fields(const toml::table& table, const std::string& origin, std::string prefix)
      : m_table(table), m_origin(origin), m_prefix(std::move(prefix)) {}

  Result<void> get(std::string_view key, std::string& out) const { return exact(key, "a string", out); }
  Result<void> get(std::string_view key, bool& out) const { return exact(key, "true or false", out); }
  Result<void> get(std::string_view key, std::uint64_t& out) const;
  Result<void> get(std::string_view key, std::int64_t& out) const;
  Result<void> get(std::string_view key, int& out) const;
  Result<void> get(std::string_view key, double& out) const;
  Result<void> get(std::string_view key, std::optional<double>& out) const;
  Result<void> get(std::string_view key, std::vector<std::string>& out) const;
  // One of `words` (the index of the enum value), left as it is when absent.
  template <typename Enum>
  Result<void> word(std::string_view key, std::span<const std::string_view> words, Enum& out) const;
  Result<Fields> table(std::string_view key) const;
  bool empty() const { return m_table.empty(); }
  Result<std::vector<Fields>> tables(std::string_view key) const;

 private:
  template <typename T>
  Result<void> exact(std::string_view key, const char* expected, T& out) const {
    const toml::node* node = m_table.get(key);
    if (node == nullptr) return ok();
    const auto value = node->value_exact<T>();
    if (!value) return fail(*node, key, std::string("expected ") + expected);
    out = *value;
    return ok();
  }
  Error fail(const toml::node& node, std::string_view key, const std::string& what) const;

  const toml::table& m_table;
  const std::string& m_origin;
  std::string m_prefix;
};

template <typename Enum>
Result<void> Fields::word(std::string_view key, std::span<const std::string_view> words, Enum& out) const {
  const toml::node* node = m_table.get(key);
  if (node == nullptr) return ok();
  std::string text;
  SSHTUNE_TRYV(get(key, text));
  const auto found = std::find(words.begin(), words.end(), text);
  if (found == words.end()) return fail(*node, key, "unknown value");
  out = static_cast<Enum>(found - words.begin());
  return ok();
}

}  // namespace sshtune
