#pragma once
// "Did you mean" suggestions for mistyped command names.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::cli {

// Levenshtein distance between `a` and `b` (insert, delete, substitute = 1).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, if it is close enough to be a plausible typo
// (distance at most 2, and less than the word's length). Ties go to the first.
std::optional<std::string> closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace sshtune::cli
