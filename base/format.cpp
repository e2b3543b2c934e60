#include "base/format.hpp"

#include <cmath>
#include <cstdio>

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

}  // namespace sshtune
