#include "tuner/sshconfig/numbers.hpp"

#include "tuner/sshconfig/destination.hpp"

#include <strings.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <system_error>
#include <utility>

namespace sshtune::sshconfig {
namespace {

constexpr int k_tun_max = k_tun_any - 2;  // SSH_TUNID_MAX
constexpr unsigned k_max_digits = 21;     // fmt_scaled.c MAX_DIGITS (7 units * 3)
constexpr std::string_view k_scale_chars = "BKMGTPE";

// convtime()'s unit multiplier for the character after a number; 0 if invalid.
long unit_of(char c) {
  switch (std::tolower(static_cast<unsigned char>(c))) {
    case '\0':
    case 's': return 1;
    case 'm': return 60;
    case 'h': return 3600;
    case 'd': return 86400;
    case 'w': return 604800;
    default: return 0;
  }
}

// Records errno's text for scan_scaled() and returns false.
bool refuse(std::string* reason, const char* text) {
  *reason = text;
  return false;
}

constexpr const char* k_einval = "Invalid argument";
constexpr const char* k_erange = "Numerical result out of range";

// a2tun() for one side: "any" or 0..SSH_TUNID_MAX.
std::optional<int> tun_side(std::string_view text) {
  if (text.size() == 3 && strncasecmp(text.data(), "any", 3) == 0) return k_tun_any;
  std::string reason;
  const std::optional<long long> value = parse_int(text, &reason);
  if (!value || *value > k_tun_max) return std::nullopt;
  return static_cast<int>(*value);
}

// scan_scaled()'s digits: whole part, fraction digits and the fraction's count.
struct Scaled {
  long long whole = 0;
  long long fraction = 0;
  unsigned fraction_digits = 0;
};

// Reads digits and one '.' from text[at]; false (with ERANGE/EINVAL in `reason`) on overflow or a second '.'.
bool scan_digits(std::string_view text, std::size_t& at, Scaled& s, std::string* reason) {
  unsigned digits = 0;
  for (; at < text.size() && (std::isdigit(static_cast<unsigned char>(text[at])) || text[at] == '.'); ++at) {
    if (text[at] == '.') {
      if (s.fraction_digits > 0) return refuse(reason, k_einval);
      s.fraction_digits = 1;
      continue;
    }
    const int digit = text[at] - '0';
    long long& part = s.fraction_digits > 0 ? s.fraction : s.whole;
    if (s.fraction_digits > 0 && s.fraction_digits >= k_max_digits - 1) continue;
    if (s.fraction_digits > 0) ++s.fraction_digits;
    if (s.fraction_digits == 0 && ++digits >= k_max_digits) return refuse(reason, k_erange);
    if (part > LLONG_MAX / 10 || digit > LLONG_MAX - part * 10) return refuse(reason, k_erange);
    part = part * 10 + digit;
  }
  return true;
}

// The scaled result for a suffix with factor `scale` (fmt_scaled.c's tail of scan_scaled).
std::optional<long long> apply_scale(Scaled s, int sign, long long scale, std::string* reason) {
  if ((s.whole > LLONG_MAX / scale || s.whole < LLONG_MIN / scale) && !refuse(reason, k_erange)) return std::nullopt;
  s.whole *= scale;
  int digits = static_cast<int>(s.fraction_digits);
  while (s.fraction >= LLONG_MAX / scale || s.fraction <= LLONG_MIN / scale) {
    s.fraction /= 10;
    --digits;
  }
  s.fraction *= scale;
  for (int i = 0; i < digits - 1; ++i) s.fraction /= 10;
  return sign == -1 ? s.whole - s.fraction : s.whole + s.fraction;
}

// One piece of 10.3's convtime_double(): a decimal number (digits and at most one
// '.', as strtod reads it with nothing left of the [0-9.] run) and its unit. A
// fraction is allowed for seconds only and must end in a digit. nullopt if invalid.
std::optional<double> time_piece(std::string_view text, std::size_t& at, bool& seen_seconds) {
  const std::size_t start = at;
  while (at < text.size() && (std::isdigit(static_cast<unsigned char>(text[at])) || text[at] == '.')) ++at;
  const std::string_view number = text.substr(start, at - start);
  double value = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (number.empty() || error != std::errc() || end != number.data() + number.size()) return std::nullopt;
  const long multiplier = unit_of(at < text.size() ? text[at] : '\0');
  if (multiplier == 0 || (multiplier == 1 && std::exchange(seen_seconds, true))) return std::nullopt;
  const bool fraction = number.find('.') != std::string_view::npos;
  if (fraction && (multiplier != 1 || !std::isdigit(static_cast<unsigned char>(number.back())))) return std::nullopt;
  if (at < text.size()) ++at;
  return value * static_cast<double>(multiplier);
}

// 10.3's convtime(): convtime_double() cut to whole seconds, at most INT_MAX.
std::optional<long long> parse_time_fraction(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double total = 0;
  bool seen_seconds = false;
  for (std::size_t at = 0; at < text.size();) {
    const std::optional<double> piece = time_piece(text, at, seen_seconds);
    if (!piece) return std::nullopt;
    total += *piece;
  }
  if (total > INT_MAX) return std::nullopt;
  return static_cast<long long>(total);
}

}  // namespace

std::optional<long long> parse_time(std::string_view text, const OpensshVersion& release) {
  if (release.since(10, 3)) return parse_time_fraction(text);
  const bool digits_only = release.since(9, 8);
  const std::string copy(text);
  const char* p = copy.c_str();
  if (*p == '\0') return std::nullopt;
  long long total = 0;
  while (*p != '\0') {
    if (digits_only && !std::isdigit(static_cast<unsigned char>(*p))) return std::nullopt;
    char* end = nullptr;
    const long secs = std::strtol(p, &end, 10);
    if (end == p || secs < 0) return std::nullopt;
    const long multiplier = unit_of(*end);
    if (multiplier == 0) return std::nullopt;
    if (secs > INT_MAX / multiplier || total > INT_MAX - secs * multiplier) return std::nullopt;
    total += secs * multiplier;
    p = *end == '\0' ? end : end + 1;
  }
  return total;
}

std::optional<long long> parse_int(std::string_view text, std::string* reason) {
  if (text.empty()) {
    *reason = "missing";
    return std::nullopt;
  }
  const std::string copy(text);
  char* end = nullptr;
  errno = 0;
  const long long value = std::strtoll(copy.c_str(), &end, 10);
  if (end == copy.c_str() || *end != '\0') {
    *reason = "invalid";
  } else if (value < 0 || (errno == ERANGE && value == LLONG_MIN)) {
    *reason = "too small";
  } else if (value > INT_MAX || errno == ERANGE) {
    *reason = "too large";
  } else {
    return value;
  }
  return std::nullopt;
}

std::optional<int> parse_port(const std::string& text) {
  const int port = a2port(text);
  if (port <= 0) return std::nullopt;
  return port;
}

std::optional<long long> scan_scaled(std::string_view text, std::string* reason) {
  std::size_t at = 0;
  while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
  int sign = 0;
  for (; at < text.size() && (text[at] == '-' || text[at] == '+'); ++at) {
    if (sign != 0 && !refuse(reason, k_einval)) return std::nullopt;
    sign = text[at] == '-' ? -1 : 1;
  }
  Scaled s;
  if (!scan_digits(text, at, s, reason)) return std::nullopt;
  if (sign != 0) s.whole *= sign;
  if (at >= text.size()) return s.whole;
  const std::size_t unit = k_scale_chars.find(static_cast<char>(std::toupper(static_cast<unsigned char>(text[at]))));
  const bool alnum_after = at + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[at + 1]));
  if ((unit == std::string_view::npos || alnum_after) && !refuse(reason, k_einval)) return std::nullopt;
  return apply_scale(s, sign, 1LL << (10 * unit), reason);
}

std::optional<std::pair<int, int>> parse_tun(std::string_view text) {
  const std::size_t colon = text.find(':');
  const std::optional<int> local = tun_side(text.substr(0, colon));
  if (colon == std::string_view::npos) {
    if (!local) return std::nullopt;
    return std::pair{*local, k_tun_any};
  }
  const std::optional<int> remote = tun_side(text.substr(colon + 1));
  if (!local || !remote) return std::nullopt;
  return std::pair{*local, *remote};
}

}  // namespace sshtune::sshconfig
