#include "tuner/sshconfig/tokens.hpp"

#include "base/paths.hpp"
#include "tuner/sshconfig/sha1.hpp"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace sshtune::sshconfig {
namespace {

Error bad(const std::string& reason) { return Error{ErrorKind::invalid_input, reason}; }

// One ${VAR} starting at text[at] ("${"); appends its value and returns the index after '}'.
Result<std::size_t> expand_variable(std::string_view text, std::size_t at, std::string& out) {
  const std::size_t close = text.find('}', at + 2);
  if (close == std::string_view::npos) {
    return bad("environment variable '" + std::string(text.substr(at + 2)) + "' missing closing '}'");
  }
  const std::string name(text.substr(at + 2, close - at - 2));
  if (name.empty()) return bad("zero-length environment variable");
  const char* value = std::getenv(name.c_str());
  if (value == nullptr) return bad("env var ${" + name + "} has no value");
  out += value;
  return close + 1;
}

// One %X at text[at]; appends its expansion and returns the index after it.
Result<std::size_t> expand_percent(std::string_view text, std::size_t at, const Tokens& tokens, std::string& out) {
  if (at + 1 >= text.size()) return bad("invalid format");
  const char key = text[at + 1];
  if (key == '%') {
    out += '%';
    return at + 2;
  }
  for (const TokenValue& token : tokens) {
    if (token.key == key) {
      out += token.value;
      return at + 2;
    }
  }
  return bad(std::string("unknown key %") + key);
}

// The passwd entry's home for "~" (nullptr user) or "~user"; error when unknown.
Result<std::string> home_of(const std::string* user) {
  if (user == nullptr) return passwd_home();
  const passwd* entry = getpwnam(user->c_str());
  if (entry == nullptr) return bad("No such user " + *user);
  return std::string(entry->pw_dir);
}

}  // namespace

Result<std::string> expand_tokens(std::string_view text, const Tokens& tokens, bool dollar) {
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    if (dollar && text.compare(at, 2, "${") == 0) {
      SSHTUNE_TRY(next, expand_variable(text, at, out));
      at = next;
    } else if (text[at] == '%' && !tokens.empty()) {
      SSHTUNE_TRY(next, expand_percent(text, at, tokens, out));
      at = next;
    } else {
      out += text[at++];
    }
  }
  return out;
}

Result<std::string> dollar_expand(std::string_view text) { return expand_tokens(text, {}, true); }

Result<std::string> tilde_expand(std::string_view path) {
  if (path.empty() || path[0] != '~') return std::string(path);
  std::string_view rest = path.substr(1);
  const std::size_t slash = rest.find('/');
  const std::string user(rest.substr(0, slash));
  rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash);
  while (!rest.empty() && rest.front() == '/') rest.remove_prefix(1);
  SSHTUNE_TRY(home, home_of(user.empty() ? nullptr : &user));
  const bool slash_needed = home.empty() || home.back() != '/';
  return home + (slash_needed ? "/" : "") + std::string(rest);
}

std::string connection_hash(const std::string& local_host, const std::string& host, const std::string& port,
                            const std::string& user, const std::string& jump_host) {
  return sha1_hex(local_host + host + port + user + jump_host);
}

Tokens connection_tokens_without_user(const ConnectionFacts& facts, const OpensshVersion& release) {
  Tokens tokens{
      {'L', facts.local_host.substr(0, facts.local_host.find('.'))},
      {'i', std::to_string(facts.uid)},
      {'k', facts.key_alias},
      {'l', facts.local_host},
      {'n', facts.host_arg},
      {'p', std::to_string(facts.port)},
      {'d', facts.home},
      {'h', facts.host},
      {'u', facts.local_user},
  };
  if (release.since(9, 6)) tokens.push_back({'j', facts.jump_host});
  return tokens;
}

Tokens connection_tokens(const ConnectionFacts& facts, const OpensshVersion& release) {
  Tokens tokens = connection_tokens_without_user(facts, release);
  const std::string jump = release.since(9, 6) ? facts.jump_host : "";
  tokens.push_back(
      {'C', connection_hash(facts.local_host, facts.host, std::to_string(facts.port), facts.remote_user, jump)});
  tokens.push_back({'r', facts.remote_user});
  return tokens;
}

std::string local_host_name() {
  char buffer[1025] = {};
  gethostname(buffer, sizeof buffer - 1);
  return buffer;
}

}  // namespace sshtune::sshconfig
