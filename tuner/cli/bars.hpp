#pragma once
// Bars in tables ("look, don't read"): the host trials and the cpu cipher table
// draw one per row on a terminal, so the winner and the gap show at a glance.
// Plain text everywhere else; colour only where NO_COLOR allows it.

#include <string>

namespace sshtune::cli {

// How a table draws its bars.
struct BarStyle {
  bool enabled = false;  // draw bars at all
  bool unicode = false;  // eighth blocks (U+2588..U+258F) rather than '#'
  bool colour = false;   // the winning row's bar in green
  int width = 24;        // cells of the longest bar
};

// The style for a stream: bars when it is a TTY and TERM is not "dumb"; Unicode
// when the locale (LC_ALL, else LC_CTYPE, else LANG) is UTF-8; colour unless
// NO_COLOR is set to a non-empty value (no-color.org).
BarStyle bar_style(bool is_tty);

// A bar of `value` out of `max`, `style.width` cells wide with blanks after it, led
// by two blanks; "" when bars are off. A value above zero shows at least a sliver.
// `best` (the winning row: the fastest cipher, or the recommended one) colours it
// when the style allows.
std::string bar(double value, double max, const BarStyle& style, bool best = false);

}  // namespace sshtune::cli
