#pragma once
// OpenSSH's match.c wildcard matching. Not fnmatch(3): only '*' and '?' are
// special, no brackets or escapes, and '/' and leading '.' are ordinary.

#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// match_pattern(): true if `s` matches the whole `pattern` ('*' any run, '?' one char).
bool match_pattern(std::string_view s, std::string_view pattern);

// match_pattern_list(): comma-separated sub-patterns, '!' negates. Returns 1 on a
// positive match, -1 if a negated sub-pattern matched, 0 otherwise. With
// `lower_patterns`, the sub-patterns are lower-cased first (not the string).
int match_pattern_list(std::string_view s, std::string_view patterns, bool lower_patterns);

// match_hostname(): lower-cases `host`, then match_pattern_list with lower-cased patterns.
int match_hostname(std::string_view host, std::string_view patterns);

// ASCII lower-casing as ssh's lowercase() does it.
std::string ascii_lower(std::string_view s);

}  // namespace sshtune::sshconfig
