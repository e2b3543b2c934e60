#include "base/toml/toml_fields.hpp"

#include "base/toml/toml_errors.hpp"

#include <limits>

namespace sshtune {

Error Fields::fail(const toml::node& node, std::string_view key, const std::string& what) const {
  return toml_error(m_origin, node, m_prefix + std::string(key) + ": " + what);
}

Result<void> Fields::get(std::string_view key, std::int64_t& out) const {
  std::int64_t value = out;
  SSHTUNE_TRYV(exact(key, "an integer", value));
  if (value < 0) return fail(*m_table.get(key), key, "must not be negative");
  out = value;
  return ok();
}

Result<void> Fields::get(std::string_view key, std::uint64_t& out) const {
  std::int64_t value = static_cast<std::int64_t>(out);
  SSHTUNE_TRYV(get(key, value));
  out = static_cast<std::uint64_t>(value);
  return ok();
}

Result<void> Fields::get(std::string_view key, int& out) const {
  std::int64_t value = out;
  SSHTUNE_TRYV(get(key, value));
  if (value > std::numeric_limits<int>::max()) return fail(*m_table.get(key), key, "too large");
  out = static_cast<int>(value);
  return ok();
}

Result<void> Fields::get(std::string_view key, std::optional<double>& out) const {
  const toml::node* node = m_table.get(key);
  if (node == nullptr) return ok();
  if (!node->is_integer() && !node->is_floating_point()) return fail(*node, key, "expected a number");
  if (node->is_floating_point()) {
    out = *node->value<double>();
    return ok();
  }
  // An integer a double cannot hold exactly (past 2^53): out of range, never an exception.
  constexpr std::int64_t k_exact = std::int64_t{1} << 53;
  const std::int64_t integer = *node->value<std::int64_t>();
  if (integer > k_exact || integer < -k_exact) return fail(*node, key, "out of range");
  out = static_cast<double>(integer);
  return ok();
}

Result<void> Fields::get(std::string_view key, double& out) const {
  std::optional<double> value;
  SSHTUNE_TRYV(get(key, value));
  out = value.value_or(out);
  return ok();
}

Result<void> Fields::get(std::string_view key, std::vector<std::string>& out) const {
  const toml::node* node = m_table.get(key);
  if (node == nullptr) return ok();
  const toml::array* array = node->as_array();
  if (array == nullptr) return fail(*node, key, "expected an array of strings");
  out.clear();
  for (const toml::node& item : *array) {
    if (!item.is_string()) return fail(item, key, "expected an array of strings");
    out.push_back(*item.value<std::string>());
  }
  return ok();
}

Result<Fields> Fields::table(std::string_view key) const {
  static const toml::table k_empty;
  const toml::node* node = m_table.get(key);
  const std::string prefix = m_prefix + std::string(key) + ".";
  if (node == nullptr) return Fields(k_empty, m_origin, prefix);
  if (const toml::table* sub = node->as_table()) return Fields(*sub, m_origin, prefix);
  return fail(*node, key, "expected a table");
}

Result<std::vector<Fields>> Fields::tables(std::string_view key) const {
  const toml::node* node = m_table.get(key);
  std::vector<Fields> out;
  if (node == nullptr) return out;
  const toml::array* array = node->as_array();
  if (array == nullptr) return fail(*node, key, "expected an array of tables");
  for (std::size_t i = 0; i < array->size(); ++i) {
    const toml::table* item = (*array)[i].as_table();
    if (item == nullptr) return fail((*array)[i], key, "expected an array of tables");
    out.emplace_back(*item, m_origin, m_prefix + std::string(key) + "[" + std::to_string(i) + "].");
  }
  return out;
}

}  // namespace sshtune
