#include "base/format.hpp"

#include <cmath>
#include <cstdio>
#include <ctime>

namespace sshtune {

std::string mbps(double mb_per_s) {
  char text[32];
  std::snprintf(text, sizeof text, mb_per_s >= 10 ? "%.0f MB/s" : "%.1f MB/s", mb_per_s);
  return text;
}

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%.0f%%", std::round(fraction * 100));
  return text;
}

std::string two_decimals(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

std::string utc_text(std::int64_t unix_seconds, const char* format) {
  const std::time_t time = static_cast<std::time_t>(unix_seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[64];
  return std::strftime(text, sizeof text, format, &utc) > 0 ? text : "";
}

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

}  // namespace sshtune
