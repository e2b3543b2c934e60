#pragma once
// Findings that say the same thing in many places: the same severity, rule,
// message and fix, wherever they are (50,000 copies of one Ciphers line are one
// problem). The text report shows the first few of each kind and folds the rest
// into one line after them.

#include "tuner/audit/finding.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace sshtune::audit {

// How many findings of one kind the text report shows before folding the rest.
inline constexpr std::size_t k_shown_repeats = 3;

// One finding's part in a folded report.
struct Repeat {
  bool shown = true;                // among the first `shown` of its kind, in report order
  std::vector<std::size_t> folded;  // on the last one shown: the indexes of the findings folded after it
};

// For each finding of `findings` (in order), whether it is shown and, on the last
// shown finding of a kind that occurs more than `shown` times, the findings of that
// kind folded after it (in order). `shown` is at least 1.
std::vector<Repeat> fold_repeats(const std::vector<Finding>& findings, std::size_t shown = k_shown_repeats);

// `count` with a comma between groups of three digits: "49,997".
std::string grouped_count(std::size_t count);

}  // namespace sshtune::audit
