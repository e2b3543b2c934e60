#include "tuner/sshconfig/pattern.hpp"

#include <cctype>

namespace sshtune::sshconfig {

bool match_pattern(std::string_view s, std::string_view pattern) {
  std::size_t si = 0;
  std::size_t pi = 0;
  for (;;) {
    if (pi == pattern.size()) {
      return si == s.size();
    }
    if (pattern[pi] == '*') {
      while (pi < pattern.size() && pattern[pi] == '*') {
        ++pi;
      }
      if (pi == pattern.size()) {
        return true;
      }
      const std::string_view rest = pattern.substr(pi);
      for (; si < s.size(); ++si) {
        if ((rest[0] == '?' || s[si] == rest[0]) && match_pattern(s.substr(si), rest)) {
          return true;
        }
      }
      return false;
    }
    if (si == s.size() || (pattern[pi] != '?' && pattern[pi] != s[si])) {
      return false;
    }
    ++si;
    ++pi;
  }
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

int match_pattern_list(std::string_view s, std::string_view patterns, bool lower_patterns) {
  constexpr std::size_t k_max_sub = 1023;  // ssh's sub[1024] buffer: longer sub-patterns never match
  bool positive = false;
  std::size_t i = 0;
  while (i < patterns.size()) {
    const bool negated = patterns[i] == '!';
    if (negated) {
      ++i;
    }
    const std::size_t comma = patterns.find(',', i);
    const std::size_t end = comma == std::string_view::npos ? patterns.size() : comma;
    if (end - i >= k_max_sub) {
      return 0;
    }
    std::string sub(patterns.substr(i, end - i));
    if (lower_patterns) {
      sub = ascii_lower(sub);
    }
    i = comma == std::string_view::npos ? end : end + 1;
    if (match_pattern(s, sub)) {
      if (negated) {
        return -1;
      }
      positive = true;
    }
  }
  return positive ? 1 : 0;
}

int match_hostname(std::string_view host, std::string_view patterns) {
  return match_pattern_list(ascii_lower(host), patterns, true);
}

}  // namespace sshtune::sshconfig
