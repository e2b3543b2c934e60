#pragma once
// Number formatting for the reasons the rules engine writes and the messages that quote a file mode.

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace sshtune {

// "412 MB/s" (no decimals above 10, one below).
std::string mbps(double mb_per_s);
// "5%" from 0.05.
std::string percent(double fraction);
// "0.80" style, two decimals.
std::string two_decimals(double value);

// `value` rounded to `decimals` places after the point, for JSON figures that should not show float noise.
double rounded(double value, int decimals);
// A time in UTC by strftime(3) `format` (at most 63 characters of output):
// utc_text(t, "%Y-%m-%dT%H:%M:%SZ") gives "2026-11-30T05:40:00Z".
std::string utc_text(std::int64_t unix_seconds, const char* format);

// A file's permission bits as chmod(1) takes them, four octal digits: "0644",
// "1777"; the file-type bits of an st_mode are ignored.
std::string octal_mode(mode_t mode);

}  // namespace sshtune
