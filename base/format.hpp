#pragma once
// Number formatting for the reasons the rules engine writes.

#include <string>

namespace sshtune {

// "412 MB/s" (no decimals above 10, one below).
std::string mbps(double mb_per_s);
// "5%" from 0.05.
std::string percent(double fraction);
// "0.80" style, two decimals.
std::string two_decimals(double value);

}  // namespace sshtune
