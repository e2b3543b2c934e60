#include "base/byte_size.hpp"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace sshtune {
namespace {

struct Unit {
  std::string_view name;
  std::uint64_t bytes;
};

constexpr std::uint64_t k_kib = 1024;
constexpr std::uint64_t k_mib = k_kib * k_kib;
constexpr std::uint64_t k_gib = k_mib * k_kib;
constexpr std::uint64_t k_tib = k_gib * k_kib;
constexpr std::array<Unit, 14> k_units{{{"", 1},
                                        {"b", 1},
                                        {"k", k_kib},
                                        {"m", k_mib},
                                        {"g", k_gib},
                                        {"t", k_tib},
                                        {"kib", k_kib},
                                        {"mib", k_mib},
                                        {"gib", k_gib},
                                        {"tib", k_tib},
                                        {"kb", 1'000},
                                        {"mb", 1'000'000},
                                        {"gb", 1'000'000'000},
                                        {"tb", 1'000'000'000'000}}};

std::optional<std::uint64_t> unit_bytes(std::string_view unit) {
  std::string lower;
  for (const char c : unit) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Unit& u : k_units) {
    if (lower == u.name) return u.bytes;
  }
  return std::nullopt;
}

// Whole digits times `scale`, exactly; nullopt past 2^64 - 1.
std::optional<std::uint64_t> whole_size(std::string_view digits, std::uint64_t scale) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  if (value > std::numeric_limits<std::uint64_t>::max() / scale) return std::nullopt;
  return value * scale;
}

// A fraction times a unit (`scale` over 1), to the nearest byte.
std::optional<std::uint64_t> fractional_size(std::string_view number, std::uint64_t scale) {
  double value = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (error != std::errc() || end != number.data() + number.size() || scale == 1) return std::nullopt;
  const double bytes = std::round(value * static_cast<double>(scale));
  if (!(bytes < std::ldexp(1.0, 64))) return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace

std::optional<std::uint64_t> parse_byte_size(std::string_view text) {
  const auto digits_end = text.find_first_not_of("0123456789.");
  const std::string_view number = text.substr(0, digits_end);
  const std::string_view unit = digits_end == std::string_view::npos ? "" : text.substr(digits_end);
  if (number.empty() || number.front() == '.' || number.back() == '.') return std::nullopt;
  const auto scale = unit_bytes(unit);
  if (!scale) return std::nullopt;
  if (number.find('.') == std::string_view::npos) return whole_size(number, *scale);
  return fractional_size(number, *scale);
}

std::string byte_size_text(std::uint64_t bytes) {
  constexpr std::array<const char*, 4> names{"TiB", "GiB", "MiB", "KiB"};
  auto scale = static_cast<double>(k_tib);
  char text[48];
  for (const char* name : names) {
    if (static_cast<double>(bytes) >= scale) {
      std::snprintf(text, sizeof text, "%.1f %s", static_cast<double>(bytes) / scale, name);
      return text;
    }
    scale /= static_cast<double>(k_kib);
  }
  return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
}

std::string duration_text(double seconds) {
  char text[48];
  if (seconds < 9.995) {
    std::snprintf(text, sizeof text, "%.2f s", seconds);
  } else if (seconds < 59.5) {
    std::snprintf(text, sizeof text, "%.0f s", seconds);
  } else if (seconds < 3599.5) {
    const long whole = std::lround(seconds);
    std::snprintf(text, sizeof text, "%ld min %ld s", whole / 60, whole % 60);
  } else {
    const long minutes = std::lround(seconds / 60);
    std::snprintf(text, sizeof text, "%ld h %ld min", minutes / 60, minutes % 60);
  }
  return text;
}

}  // namespace sshtune
