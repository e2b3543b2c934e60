#pragma once
// Statistics over repeated measurements.

#include <vector>

namespace sshtune {

// The median of `values`: the middle one of an odd count, the upper of the two
// middle ones of an even count (a value that was measured, never an average);
// 0 for none. `values` is taken by value because it is reordered.
double median(std::vector<double> values);

}  // namespace sshtune
