#include "base/strings.hpp"

#include <algorithm>

namespace sshtune {
namespace {

constexpr std::string_view k_space = " \t\r\n\f\v";

}  // namespace

std::vector<std::string> split_commas(std::string_view list) {
  std::vector<std::string> out;
  for (std::size_t start = 0;;) {
    const std::size_t comma = list.find(',', start);
    out.emplace_back(list.substr(start, comma - start));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

std::string join_commas(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    out += out.empty() ? "" : ",";
    out += name;
  }
  return out;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  for (std::size_t start = text.find_first_not_of(k_space); start != std::string_view::npos;) {
    const std::size_t end = std::min(text.find_first_of(k_space, start), text.size());
    words.emplace_back(text.substr(start, end - start));
    start = text.find_first_not_of(k_space, end);
  }
  return words;
}

std::string_view trim(std::string_view text) {
  const std::size_t first = text.find_first_not_of(k_space);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(k_space) - first + 1);
}

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace sshtune
