#include "tuner/cli/bars.hpp"

#include "base/charset.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

namespace sshtune::cli {
namespace {

std::string_view env(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? std::string_view() : std::string_view(value);
}

// `eighths` eighths of a cell in Unicode blocks: full blocks, then one partial block.
std::string unicode_cells(int eighths) {
  static constexpr std::string_view k_partial[] = {"",       "\u258F", "\u258E", "\u258D",
                                                   "\u258C", "\u258B", "\u258A", "\u2589"};
  std::string out;
  for (int i = 0; i < eighths / 8; ++i) out += "\u2588";
  out += k_partial[eighths % 8];
  return out;
}

}  // namespace

BarStyle bar_style(bool is_tty) {
  BarStyle style;
  style.enabled = is_tty && env("TERM") != "dumb";
  style.unicode = output_charset() == Charset::utf8;
  style.colour = env("NO_COLOR").empty();
  return style;
}

std::string bar(double value, double max, const BarStyle& style, bool best) {
  if (!style.enabled) return "";
  const double share = max > 0 && value > 0 ? std::min(1.0, value / max) : 0.0;
  const int minimum = value > 0 ? 1 : 0;
  const int eighths = std::max(minimum, static_cast<int>(std::lround(share * style.width * 8)));
  const int cells =
      style.unicode ? (eighths + 7) / 8 : std::max(minimum, static_cast<int>(std::lround(share * style.width)));
  const std::string drawn = style.unicode ? unicode_cells(eighths) : std::string(static_cast<std::size_t>(cells), '#');
  const std::string padding(static_cast<std::size_t>(style.width - cells), ' ');
  if (best && style.colour) return "  \033[32m" + drawn + "\033[0m" + padding;
  return "  " + drawn + padding;
}

}  // namespace sshtune::cli
