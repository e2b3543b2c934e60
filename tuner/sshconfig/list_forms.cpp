// The first-line lists: keywords with several arguments where only the first line
// that sets them counts (readconf.c checks every argument of every line, also in
// inactive blocks). Stored in the form `ssh -G` prints.

#include "tuner/sshconfig/destination.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/value_forms.hpp"

#include <strings.h>

#include <array>

namespace sshtune::sshconfig {
namespace {

bool is_word(const std::string& text, const char* word) { return strcasecmp(text.c_str(), word) == 0; }

// 9.7 and later refuse a list line whose arguments are all a comment ("SetEnv # x").
bool nothing_specified(const std::vector<std::string>& args, const OpensshVersion& release) {
  return args.empty() && release.since(9, 7);
}

Error none_specified(const std::string& keyword) { return refusal("no " + keyword + " specified"); }

// "none" (case-insensitive) may only appear alone.
std::string alone_problem(const std::string& keyword, const std::vector<std::string>& args, std::size_t i,
                          const char* word) {
  if (!is_word(args[i], word) || args.size() == 1) return "";
  return "keyword " + keyword + " \"" + (std::string_view(word) == "none" ? "none" : args[i]) +
         "\" argument must appear alone.";
}

// parse_char_array (GlobalKnownHostsFile, UserKnownHostsFile) and LogVerbose.
Result<Assignments> plain_list(const std::string& keyword, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].empty()) return refusal("keyword " + keyword + " empty argument");
    if (std::string problem = alone_problem(keyword, args, i, "none"); !problem.empty()) return refusal(problem);
  }
  return Assignments{Assignment{keyword, args}};
}

Result<Assignments> read_global_known_hosts(const std::vector<std::string>& args, const OpensshVersion&) {
  return plain_list("globalknownhostsfile", args);
}

Result<Assignments> read_user_known_hosts(const std::vector<std::string>& args, const OpensshVersion&) {
  return plain_list("userknownhostsfile", args);
}

// RevokedHostKeys (10.3): several files, "none" alone; a line of only a comment is fatal.
Result<Assignments> read_revoked_host_keys(const std::vector<std::string>& args, const OpensshVersion&) {
  if (args.empty()) return none_specified("revokedhostkeys");
  return plain_list("revokedhostkeys", args);
}

Result<Assignments> read_log_verbose(const std::vector<std::string>& args, const OpensshVersion&) {
  return plain_list("logverbose", args);
}

// CanonicalDomains: valid_domain() lower-cases each suffix and drops a trailing '.'.
// An empty suffix has its own message before 9.7; from 9.7 on valid_domain() refuses it.
Result<Assignments> read_canonical_domains(const std::vector<std::string>& args, const OpensshVersion& release) {
  if (nothing_specified(args, release)) return none_specified("canonicaldomains");
  std::vector<std::string> domains = args;
  for (std::size_t i = 0; i < domains.size(); ++i) {
    if (domains[i].empty() && !release.since(9, 7)) return refusal("keyword canonicaldomains empty argument");
    const std::string problem = release.since(8, 5) ? alone_problem("canonicaldomains", args, i, "none") : "";
    if (!problem.empty()) return refusal(problem);
    std::string why;
    if (!valid_domain(domains[i], true, &why)) return refusal(why);
  }
  return Assignments{Assignment{"canonicaldomains", domains}};
}

// CanonicalizePermittedCNAMEs: "none" alone (from 8.5), "*", or lower-cased "SOURCES:TARGETS".
// CanonicalDomains "none" is the domain "none" before 8.5, which prints the same.
Result<Assignments> read_permitted_cnames(const std::vector<std::string>& args, const OpensshVersion& release) {
  if (nothing_specified(args, release)) return none_specified("canonicalizepermittedcnames");
  std::vector<std::string> rules;
  const bool none = release.since(8, 5);
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string problem = none ? alone_problem("canonicalizepermittedcnames", args, i, "none") : "";
    if (!problem.empty()) return refusal(problem);
    if (none && is_word(args[i], "none")) {
      rules.push_back(args[i] + ":");
      continue;
    }
    const std::string rule = args[i] == "*" ? "*:*" : ascii_lower(args[i]);
    const std::size_t colon = rule.find(':');
    if (colon == std::string::npos || colon + 1 == rule.size()) {
      return refusal("Invalid permitted CNAME \"" + rule + "\"");
    }
    rules.push_back(rule);
  }
  return Assignments{Assignment{"canonicalizepermittedcnames", rules}};
}

// One PermitRemoteOpen entry other than any/none: host:port with port '*' or valid.
std::string remote_open_problem(const std::string& entry) {
  const std::optional<HostField> field = split_host_field(entry);
  if (!field || field->delim == '/') return "missing host in permitremoteopen";
  if (!field->rest) return "bad port number in permitremoteopen";
  const std::string port(*field->rest);
  if (port != "*" && a2port(port) <= 0) return "bad port number in permitremoteopen";
  return "";
}

Result<Assignments> read_permit_remote_open(const std::vector<std::string>& args, const OpensshVersion&) {
  if (args.empty()) return refusal("missing permitremoteopen specification");
  for (std::size_t i = 0; i < args.size(); ++i) {
    for (const char* word : {"none", "any"}) {
      if (std::string problem = alone_problem("permitremoteopen", args, i, word); !problem.empty()) {
        return refusal(problem);
      }
    }
    if (is_word(args[i], "none") || is_word(args[i], "any")) continue;
    if (std::string problem = remote_open_problem(args[i]); !problem.empty()) return refusal(problem);
  }
  return Assignments{Assignment{"permitremoteopen", args}};
}

// SetEnv: NAME=VALUE entries; a repeated NAME on the line keeps its first value
// (before 8.5 every entry is kept, repeats too).
Result<Assignments> read_set_env(const std::vector<std::string>& args, const OpensshVersion& release) {
  if (nothing_specified(args, release)) return none_specified("setenv");
  std::vector<std::string> entries;
  for (const std::string& entry : args) {
    const std::size_t equals = entry.find('=');
    if (equals == std::string::npos) return refusal("Invalid SetEnv.");
    bool seen = false;
    for (const std::string& kept : entries) seen = seen || kept.compare(0, kept.find('='), entry, 0, equals) == 0;
    if (!seen || !release.since(8, 5)) entries.push_back(entry);
  }
  return Assignments{Assignment{"setenv", entries}};
}

// ChannelTimeout (9.6): "none" alone, or TYPE=INTERVAL entries (parse_pattern_interval()).
Result<Assignments> read_channel_timeout(const std::vector<std::string>& args, const OpensshVersion& release) {
  if (nothing_specified(args, release)) return none_specified("channeltimeout");
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (std::string problem = alone_problem("channeltimeout", args, i, "none"); !problem.empty()) {
      return refusal(problem);
    }
    if (is_word(args[i], "none")) continue;
    const std::size_t equals = args[i].find('=');
    const bool valid = equals != std::string::npos && equals > 0 && parse_time(args[i].substr(equals + 1), release);
    if (!valid) return refusal("invalid channel timeout " + args[i]);
  }
  return Assignments{Assignment{"channeltimeout", args}};
}

constexpr std::array<ValueFormInfo, 9> k_lists{{
    {"globalknownhostsfile", read_global_known_hosts, k_any_count},
    {"userknownhostsfile", read_user_known_hosts, k_any_count},
    {"logverbose", read_log_verbose, k_any_count},
    {"canonicaldomains", read_canonical_domains, k_any_count},
    {"canonicalizepermittedcnames", read_permitted_cnames, k_any_count},
    {"permitremoteopen", read_permit_remote_open, k_any_count},
    {"setenv", read_set_env, k_any_count},
    {"channeltimeout", read_channel_timeout, k_any_count},
    {"revokedhostkeys", read_revoked_host_keys, k_any_count, {10, 3, 0}},
}};

}  // namespace

const ValueFormInfo* find_list_form(std::string_view keyword, const OpensshVersion& release) {
  for (const ValueFormInfo& form : k_lists) {
    if (form.keyword == keyword && form.since <= release) return &form;
  }
  return nullptr;
}

}  // namespace sshtune::sshconfig
