#include "tuner/sshconfig/option_store.hpp"

#include "tuner/sshconfig/pattern.hpp"

#include <algorithm>

namespace sshtune::sshconfig {
namespace {

using K = KeywordKind;

const std::vector<StoredValue> k_empty;

}  // namespace

std::optional<Origin> OptionStore::apply(const KeywordInfo& info, const ConfigLine& line, const LineCheck& check,
                                         const Origin& origin, bool user_config, bool active) {
  if (info.name == "streamlocalbindmask" && !m_release.since(10, 6)) {
    replace("streamlocalbindmask", check.assignments.at(0).values, origin);  // the last line anywhere wins
    return std::nullopt;
  }
  if (info.name == "syslogfacility") return assign(check.assignments, origin, "syslogfacility");  // scope ignored
  if (!active) return std::nullopt;
  if (!m_release.since(8, 5) && (info.name == "ipqos" || info.name == "tunneldevice")) {
    for (const Assignment& assignment : check.assignments) replace(assignment.slot, assignment.values, origin);
    return std::nullopt;  // before 8.5 the last active line wins
  }
  if (check.jump) return apply_jump(*check.jump, origin);
  if (check.forward) {
    add_forward(*check.forward, info.name == "remoteforward", origin);
    return std::nullopt;
  }
  if (info.kind == K::identity) {
    add_identity(std::string(info.slot), line.args.at(0).value, origin, user_config);
    return std::nullopt;
  }
  if (info.kind == K::send_env) {
    apply_send_env(line, origin);
    return std::nullopt;
  }
  // readconf.c ignores ProxyCommand once any ProxyJump is set; Debian's 9.2 still
  // takes it after "ProxyJump none" (as observed), 8.4 and 10.0 to 10.2 do not. 10.3
  // drops the rule: a real jump has already set ProxyCommand to "none", "none" has not.
  const bool none_blocks = !m_release.since(8, 5) || (m_release.since(10, 0) && !m_release.since(10, 3));
  const bool jump_blocks = m_jump && (none_blocks || !jump_is_none(m_jump->jump));
  if (info.name == "proxycommand" && jump_blocks) return m_jump->origin;
  return assign(check.assignments, origin, std::string(info.name));
}

std::optional<Origin> OptionStore::assign(const Assignments& assignments, const Origin& origin,
                                          const std::string& keyword) {
  std::optional<Origin> winner;
  for (const Assignment& assignment : assignments) {
    const auto [it, inserted] = m_scalars.try_emplace(assignment.slot, StoredValue{assignment.values, origin, keyword});
    if (!inserted && !winner) winner = it->second.origin;
  }
  return winner;
}

std::optional<Origin> OptionStore::apply_jump(const Jump& jump, const Origin& origin) {
  // parse_jump(): "none" only needs ProxyJump unset; a real jump needs both unset and
  // then also fills ProxyCommand (with "none"), so a later ProxyCommand is ignored.
  if (m_jump) return m_jump->origin;
  const StoredValue* command = scalar("proxycommand");
  if (!jump_is_none(jump) && command != nullptr) return command->origin;
  m_jump = StoredJump{jump, origin};
  if (!jump_is_none(jump)) set_if_unset("proxycommand", {"none"}, origin);
  return std::nullopt;
}

void OptionStore::add_forward(const Forward& forward, bool remote, const Origin& origin) {
  std::vector<StoredForward>& list = forwards(remote);
  const bool seen = std::any_of(list.begin(), list.end(), [&](const StoredForward& f) { return f.forward == forward; });
  if (!seen) list.push_back(StoredForward{forward, origin});
}

void OptionStore::set_if_unset(const std::string& slot, std::vector<std::string> args, const Origin& origin) {
  m_scalars.try_emplace(slot, StoredValue{std::move(args), origin, slot});
}

void OptionStore::replace(const std::string& slot, std::vector<std::string> args, const Origin& origin) {
  m_scalars[slot] = StoredValue{std::move(args), origin, slot};
}

void OptionStore::erase(const std::string& slot) { m_scalars.erase(slot); }

const StoredValue* OptionStore::scalar(const std::string& slot) const {
  const auto it = m_scalars.find(slot);
  return it == m_scalars.end() ? nullptr : &it->second;
}

std::optional<int> OptionStore::state(const std::string& slot) const {
  const StoredValue* value = scalar(slot);
  if (value == nullptr || value->args.empty()) return std::nullopt;
  return parse_state(find_keyword(slot)->states, value->args.front());
}

const std::vector<StoredValue>& OptionStore::list(const std::string& slot) const {
  const auto it = m_lists.find(slot);
  return it == m_lists.end() ? k_empty : it->second;
}

std::vector<StoredForward>& OptionStore::forwards(bool remote) { return remote ? m_remote_forwards : m_local_forwards; }

const std::vector<StoredForward>& OptionStore::forwards(bool remote) const {
  return remote ? m_remote_forwards : m_local_forwards;
}

std::optional<StoredJump>& OptionStore::jump() { return m_jump; }

const std::optional<StoredJump>& OptionStore::jump() const { return m_jump; }

void OptionStore::add_identity(const std::string& slot, const std::string& path, const Origin& origin,
                               bool user_config) {
  // add_identity_file(): a path is skipped if already present with the same
  // "user-provided" flag (a system-config duplicate of a user path is kept).
  std::vector<StoredValue>& list = m_lists[slot];
  std::vector<bool>& flags = m_user_provided[slot];
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (flags[i] == user_config && list[i].args.front() == path) return;
  }
  list.push_back(StoredValue{{path}, origin, slot});
  flags.push_back(user_config);
}

void OptionStore::apply_send_env(const ConfigLine& line, const Origin& origin) {
  std::vector<StoredValue>& list = m_lists["sendenv"];
  for (const Token& token : line.args) {
    if (token.value[0] != '-') {
      list.push_back(StoredValue{{token.value}, origin, "sendenv"});
      continue;
    }
    const std::string pattern = token.value.substr(1);
    std::erase_if(list, [&](const StoredValue& v) { return match_pattern(v.args.front(), pattern); });
  }
}

}  // namespace sshtune::sshconfig
