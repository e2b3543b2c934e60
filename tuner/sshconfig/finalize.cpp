#include "tuner/sshconfig/finalize.hpp"

#include "tuner/sshconfig/destination.hpp"
#include "tuner/sshconfig/numbers.hpp"
#include "tuner/sshconfig/pattern.hpp"
#include "tuner/sshconfig/tokens.hpp"

#include <strings.h>
#include <sys/stat.h>

#include <array>

namespace sshtune::sshconfig {
namespace {

// fill_default_options()'s CLEAR_ON_NONE and CLEAR_ON_NONE_ARRAY lists by release:
// "none" leaves a string unset (no `ssh -G` line); a list of only "none" is
// emptied, which `ssh -G` prints as "none".
struct ClearOnNone {
  const char* slot;
  bool list;
  OpensshVersion since = {};
  OpensshVersion until = {99, 0, 0};
};
constexpr std::array<ClearOnNone, 10> k_clear_on_none{{
    {"localcommand", false},
    {"remotecommand", false},
    {"proxycommand", false},
    {"controlpath", false},
    {"revokedhostkeys", false, {}, {10, 3, 0}},
    {"pkcs11provider", false},
    {"securitykeyprovider", false},
    {"knownhostscommand", false},
    {"channeltimeout", true, {9, 6, 0}},
    {"revokedhostkeys", true, {10, 3, 0}},
}};

Error refused_at(const Origin& origin, const std::string& message) {
  return Error{ErrorKind::invalid_input, origin.to_string() + ": " + message};
}

// The multistate value of a flag slot, or -1 when unset.
int state_of(const OptionStore& store, const std::string& slot) { return store.state(slot).value_or(-1); }

// A string option that is set and not cleared.
const StoredValue* present(const OptionStore& store, const std::string& slot) {
  const StoredValue* value = store.scalar(slot);
  return value != nullptr && !value->args.empty() ? value : nullptr;
}

void clear_forwardings(OptionStore& store) {
  const StoredValue* clear = store.scalar("clearallforwardings");
  if (state_of(store, "clearallforwardings") != 1) return;
  store.forwards(false).clear();
  store.forwards(true).clear();
  store.replace("tunnel", {"no"}, clear->origin);  // clear_forwardings() also turns Tunnel off
}

// fill_default_options(): the values it clears after the passes.
void clear_none_values(OptionStore& store, const OpensshVersion& release) {
  for (const ClearOnNone& clear : k_clear_on_none) {
    const StoredValue* value = store.scalar(clear.slot);
    if (!(clear.since <= release && release < clear.until) || !value || value->args.empty()) continue;
    if (clear.list && value->args.size() != 1) continue;
    if (strcasecmp(value->args.front().c_str(), "none") != 0) continue;
    store.replace(clear.slot, clear.list ? std::vector<std::string>{"none"} : std::vector<std::string>{},
                  value->origin);
  }
  if (store.jump() && jump_is_none(store.jump()->jump)) store.jump().reset();
  const StoredValue* cnames = store.scalar("canonicalizepermittedcnames");
  if (cnames && cnames->args.size() == 1 && cnames->args[0].ends_with(":") &&
      strncasecmp(cnames->args[0].c_str(), "none:", 5) == 0) {
    store.erase("canonicalizepermittedcnames");
  }
}

// fill_default_options(): the defaults that depend on other options (and, for
// UpdateHostKeys, on the release: before 8.5 it defaults to no).
void fill_dependent_defaults(OptionStore& store, const OpensshVersion& release) {
  // Debian's keepalive patch: BatchMode makes ServerAliveInterval default to 300.
  if (state_of(store, "batchmode") == 1) store.set_if_unset("serveraliveinterval", {"300"}, Origin{});
  // UpdateHostKeys defaults to yes only with the default known_hosts file and without VerifyHostKeyDNS.
  const StoredValue* files = store.scalar("userknownhostsfile");
  const bool default_files = !files || (files->args.size() == 1 && files->args[0] == "~/.ssh/known_hosts");
  const bool dns = state_of(store, "verifyhostkeydns") > 0;
  store.set_if_unset("updatehostkeys", {release.since(8, 5) && !dns && default_files ? "yes" : "no"}, Origin{});
}

int port_or_default(int port) { return port > 0 ? port : parse_port("ssh").value_or(22); }

// ssh.c: the ProxyJump checks, and fd passing off with a jump.
Result<void> check_jump(OptionStore& store, const FinalFacts& facts) {
  if (!store.jump()) return ok();
  const StoredJump& jump = *store.jump();
  const StoredValue* port = store.scalar("port");
  const int target_port = port_or_default(port ? parse_port(port->args.front()).value_or(0) : 0);
  const std::string& user = store.scalar("user")->args.front();
  if (jump.jump.host == facts.host && target_port == port_or_default(jump.jump.port) &&
      user == jump.jump.user.value_or(user)) {
    return refused_at(jump.origin, "jumphost loop via " + jump.jump.host);
  }
  const StoredValue* command = present(store, "proxycommand");
  if (command && strcasecmp(command->args.front().c_str(), "none") != 0) {
    return refused_at(command->origin, "inconsistent options: ProxyCommand+ProxyJump");
  }
  store.replace("proxyusefdpass", {"no"}, jump.origin);
  return ok();
}

// ssh.c's "Tidy and check options" before the dump.
Result<void> check_options(OptionStore& store) {
  if (const StoredValue* alias = present(store, "hostkeyalias")) {
    store.replace("hostkeyalias", {ascii_lower(alias->args.front())}, alias->origin);
  }
  const StoredValue* command = present(store, "proxycommand");
  if (command && command->args.front() == "-" && state_of(store, "proxyusefdpass") == 1) {
    return refused_at(command->origin, "ProxyCommand=- and ProxyUseFDPass are incompatible");
  }
  const StoredValue* attempts = store.scalar("connectionattempts");
  if (attempts && attempts->args.front() == "0") {
    return refused_at(attempts->origin, "Invalid number of ConnectionAttempts");
  }
  const StoredValue* fork = store.scalar("forkafterauthentication");
  if (state_of(store, "forkafterauthentication") == 1 && !present(store, "remotecommand") &&
      state_of(store, "sessiontype") != 0) {
    return refused_at(fork->origin, "Cannot fork into background without a command to execute.");
  }
  return ok();
}

// UpdateHostKeys=ask is turned off where ssh could not ask.
void tidy_update_host_keys(OptionStore& store) {
  const StoredValue* update = store.scalar("updatehostkeys");
  if (state_of(store, "updatehostkeys") != 2) return;
  const StoredValue* persist = store.scalar("controlpersist");
  const bool persisting = persist && persist->args.front() != "no";
  const StoredValue* level = store.scalar("loglevel");
  const bool quiet =
      level && (level->args.front() == "SILENT" || level->args.front() == "FATAL" || level->args.front() == "ERROR");
  if ((persisting && present(store, "controlpath")) || present(store, "remotecommand") ||
      state_of(store, "requesttty") == 1 || quiet) {
    store.replace("updatehostkeys", {"no"}, update->origin);
  }
}

// How a stored value is expanded: %-tokens only (RemoteCommand), %-tokens and
// ${VAR} (User, VersionAddendum, SetEnv values), or a path: ~, %-tokens and ${VAR}.
enum class Expansion { tokens, tokens_and_env, path };

Result<std::string> expand_one(const std::string& arg, const Tokens& tokens, Expansion how) {
  Result<std::string> tilde = how == Expansion::path ? tilde_expand(arg) : Result<std::string>(arg);
  return tilde ? expand_tokens(tilde.value(), tokens, how != Expansion::tokens) : std::move(tilde);
}

// One expansion of a stored path or command, in place; errors name the line.
Result<void> expand_slot(OptionStore& store, const std::string& slot, const Tokens& tokens, Expansion how) {
  const StoredValue* value = present(store, slot);
  if (value == nullptr) return ok();
  const Origin origin = value->origin;
  std::vector<std::string> expanded;
  for (const std::string& arg : value->args) {
    Result<std::string> done = expand_one(arg, tokens, how);
    if (!done) return refused_at(origin, slot + ": " + done.error().message);
    expanded.push_back(std::move(done).value());
  }
  store.replace(slot, std::move(expanded), origin);
  return ok();
}

// SetEnv (10.0): the value of each NAME=VALUE is expanded, the name is not.
Result<void> expand_set_env(OptionStore& store, const Tokens& tokens) {
  const StoredValue* value = present(store, "setenv");
  if (value == nullptr) return ok();
  const Origin origin = value->origin;
  std::vector<std::string> expanded;
  for (const std::string& entry : value->args) {
    const std::size_t equals = entry.find('=');
    Result<std::string> done = expand_tokens(std::string_view(entry).substr(equals + 1), tokens, true);
    if (!done) return refused_at(origin, "setenv: " + done.error().message);
    expanded.push_back(entry.substr(0, equals + 1) + done.value());
  }
  store.replace("setenv", std::move(expanded), origin);
  return ok();
}

Result<void> expand_forwards(OptionStore& store, const Tokens& tokens) {
  for (bool remote : {false, true}) {
    for (StoredForward& stored : store.forwards(remote)) {
      Result<Forward> expanded = expand_forward_paths(stored.forward, tokens);
      if (!expanded) return refused_at(stored.origin, "forwarding path: " + expanded.error().message);
      stored.forward = std::move(expanded).value();
    }
  }
  return ok();
}

// A ForwardAgent socket that does not exist is fatal only with ExitOnForwardFailure
// (and not before 8.5: bullseye's 8.4 does not look).
Result<void> check_agent_socket(const OptionStore& store, const OpensshVersion& release) {
  const StoredValue* path = present(store, "forwardagent.path");
  if (!release.since(8, 5)) return ok();
  struct stat st {};
  if (path == nullptr || stat(path->args.front().c_str(), &st) == 0) return ok();
  if (state_of(store, "exitonforwardfailure") != 1) return ok();
  return refused_at(path->origin, "Cannot forward agent socket path \"" + path->args.front() + "\"");
}

ConnectionFacts connection_of(const OptionStore& store, const FinalFacts& facts) {
  const StoredValue* alias = present(store, "hostkeyalias");
  ConnectionFacts conn;
  conn.local_host = facts.local_hostname;
  conn.host = facts.host;
  conn.host_arg = facts.host_arg;
  conn.key_alias = alias ? alias->args.front() : facts.host_arg;
  conn.port = parse_port(store.scalar("port")->args.front()).value_or(22);
  conn.remote_user = store.scalar("user")->args.front();
  conn.local_user = facts.local_user;
  conn.home = facts.home;
  conn.uid = facts.uid;
  if (store.jump()) conn.jump_host = store.jump()->jump.host;
  return conn;
}

// The user check of ssh.c (valid_ruser()).
Result<void> check_user_name(const OptionStore& store) {
  if (valid_remote_user(store.scalar("user")->args.front())) return ok();
  return refused_at(store.scalar("user")->origin, "remote username contains invalid characters");
}

// User after the passes, by release. Before 10.0 it is not expanded; a user given
// on the command line was checked as the command line was read, and (`check_user`,
// Debian's 9.2, not bullseye's 8.4) the final one is too. 10.0 expands User with %-tokens (not %r or %C) and ${VAR}
// whatever set it, and checks the result. From 10.1 on only a User from the
// configuration (or -o) is expanded, and it is checked where the expansion changed
// it; a user from -l or the destination is checked, the local user is not.
Result<void> expand_user(OptionStore& store, const FinalFacts& facts) {
  if (!facts.release.since(10, 0)) return facts.check_user && facts.release.since(9, 2) ? check_user_name(store) : ok();
  const StoredValue* user = store.scalar("user");
  // 10.6 also takes an ssh:// destination's User as given: not expanded, checked.
  const bool as_given = facts.user_on_command_line || (facts.release.since(10, 6) && facts.check_user);
  if (facts.release.since(10, 1) && as_given) return check_user_name(store);
  if (facts.release.since(10, 1) && user->origin.is_default()) return ok();
  const std::string before = user->args.front();
  SSHTUNE_TRYV(expand_slot(store, "user", connection_tokens_without_user(connection_of(store, facts), facts.release),
                           Expansion::tokens_and_env));
  if (facts.release.since(10, 1) && store.scalar("user")->args.front() == before) return ok();
  return check_user_name(store);
}

// ssh.c's expansions before the dump: %-tokens in RemoteCommand; ~, %-tokens and
// ${VAR} in the paths (RevokedHostKeys from 9.4, each of its files from 10.3); %-tokens and ${VAR} in
// VersionAddendum and the SetEnv values (10.0); UserKnownHostsFile "none" stays
// as it is printed.
Result<void> expand_all(OptionStore& store, const FinalFacts& facts) {
  SSHTUNE_TRYV(expand_user(store, facts));
  const Tokens tokens = connection_tokens(connection_of(store, facts), facts.release);
  SSHTUNE_TRYV(expand_slot(store, "remotecommand", tokens, Expansion::tokens));
  for (const char* slot : {"controlpath", "identityagent", "forwardagent.path"}) {
    SSHTUNE_TRYV(expand_slot(store, slot, tokens, Expansion::path));
  }
  if (facts.release.since(9, 4)) {
    SSHTUNE_TRYV(expand_slot(store, "revokedhostkeys", tokens, Expansion::path));
  }
  SSHTUNE_TRYV(expand_slot(store, "versionaddendum", tokens, Expansion::tokens_and_env));
  const StoredValue* known = present(store, "userknownhostsfile");
  if (known && strcasecmp(known->args.front().c_str(), "none") != 0) {
    SSHTUNE_TRYV(expand_slot(store, "userknownhostsfile", tokens, Expansion::path));
  }
  if (facts.release.since(10, 0)) {
    SSHTUNE_TRYV(expand_set_env(store, tokens));
  }
  SSHTUNE_TRYV(check_agent_socket(store, facts.release));
  return expand_forwards(store, tokens);
}

}  // namespace

Result<void> finalize(OptionStore& store, const FinalFacts& facts) {
  clear_forwardings(store);
  fill_dependent_defaults(store, facts.release);
  clear_none_values(store, facts.release);
  store.set_if_unset("user", {facts.local_user}, Origin{});
  SSHTUNE_TRYV(check_jump(store, facts));
  store.set_if_unset("port", {std::to_string(port_or_default(0))}, Origin{});
  SSHTUNE_TRYV(check_options(store));
  tidy_update_host_keys(store);
  return expand_all(store, facts);
}

}  // namespace sshtune::sshconfig
