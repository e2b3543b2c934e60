#pragma once
// Splitting and joining the lists ssh and ssh-tune exchange.

#include <string>
#include <string_view>
#include <vector>

namespace sshtune {

// Splits a comma list as ssh does; empty elements are kept ("a,,b" has three),
// because ssh refuses them and the checks must see them. "" is one empty element.
std::vector<std::string> split_commas(std::string_view list);

// Joins names with commas.
std::string join_commas(const std::vector<std::string>& names);

// The words of `text` separated by any whitespace (none are empty).
std::vector<std::string> split_words(std::string_view text);

// `text` without the whitespace at either end.
std::string_view trim(std::string_view text);

// Whether `names` holds `name`, compared exactly (case-sensitive, as ssh compares
// algorithm names and keywords' values).
bool contains(const std::vector<std::string>& names, std::string_view name);

}  // namespace sshtune
