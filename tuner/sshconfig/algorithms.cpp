#include "tuner/sshconfig/algorithms.hpp"

#include "base/message.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <algorithm>

namespace sshtune::sshconfig {
namespace {

// cipher.c ciphers_valid() and friends: every element up to the first empty one
// must be a supported name; an empty list is invalid.
bool names_valid(AlgorithmKind kind, std::string_view names, const ClientCapabilities& client, std::string* first_bad) {
  if (names.empty()) {
    return false;
  }
  for (const std::string& name : split_commas(names)) {
    if (name.empty()) {
      break;
    }
    if (client.supports(kind, name)) {
      continue;
    }
    // sshkey_names_valid2(allow_wildcard=1): a pattern that matches any key type passes.
    const bool key_kind = kind == AlgorithmKind::key_sig || kind == AlgorithmKind::sig;
    const auto& all = client.supported(AlgorithmKind::key_sig);
    if (key_kind && std::any_of(all.begin(), all.end(),
                                [&](const std::string& k) { return match_pattern_list(k, name, false) != 0; })) {
      continue;
    }
    *first_bad = name;
    return false;
  }
  return true;
}

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// kex_names_cat(): a followed by b's names not already in a; stops at b's first empty element.
std::vector<std::string> names_cat(std::vector<std::string> a, const std::vector<std::string>& b) {
  for (const std::string& name : b) {
    if (name.empty()) {
      break;
    }
    if (!contains(a, name)) {
      a.push_back(name);
    }
  }
  return a;
}

}  // namespace

std::optional<std::string> check_algorithm_argument(AlgorithmKind kind, std::string_view arg,
                                                    const ClientCapabilities& client) {
  if (!arg.empty() && arg[0] == '-') {
    return std::nullopt;
  }
  const std::string_view names = !arg.empty() && (arg[0] == '+' || arg[0] == '^') ? arg.substr(1) : arg;
  std::string bad;
  if (names_valid(kind, names, client, &bad)) {
    return std::nullopt;
  }
  const std::string quoted = "'" + quote_input(arg) + "'.";
  switch (kind) {
    case AlgorithmKind::cipher: return "Bad SSH2 cipher spec " + quoted;
    case AlgorithmKind::mac: return "Bad SSH2 MAC spec " + quoted;
    case AlgorithmKind::kex: return "Bad SSH2 KexAlgorithms " + quoted;
    case AlgorithmKind::key_sig:
    case AlgorithmKind::sig: return "Bad key types " + quoted;
  }
  return "Bad algorithm list " + quoted;
}

std::optional<std::vector<std::string>> assemble_algorithms(const std::optional<std::string>& configured,
                                                            const std::vector<std::string>& defaults,
                                                            const std::vector<std::string>& supported) {
  if (!configured || configured->empty()) {
    return defaults;
  }
  const std::string& value = *configured;
  std::vector<std::string> list;
  if (value[0] == '-') {
    std::vector<std::string> kept;
    for (const std::string& name : defaults) {
      if (match_pattern_list(name, std::string_view(value).substr(1), false) != 1) {
        kept.push_back(name);
      }
    }
    return kept;  // ssh accepts an empty result here ("ciphers " in -G)
  }
  if (value[0] == '+') {
    list = names_cat(defaults, split_commas(value.substr(1)));
  } else if (value[0] == '^') {
    list = names_cat(split_commas(value.substr(1)), defaults);
  } else {
    list = split_commas(value);
  }
  std::vector<std::string> result;
  for (const std::string& pattern : list) {
    if (!pattern.empty() && pattern[0] == '!') {
      return std::nullopt;
    }
    for (const std::string& name : supported) {
      if (match_pattern_list(name, pattern, false) == 1 && !contains(result, name)) {
        result.push_back(name);
      }
    }
  }
  if (result.empty()) {
    return std::nullopt;
  }
  return result;
}

}  // namespace sshtune::sshconfig
