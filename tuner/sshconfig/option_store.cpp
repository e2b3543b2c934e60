#include "tuner/sshconfig/option_store.hpp"

#include "tuner/sshconfig/line_rules.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <algorithm>

namespace sshtune::config {
namespace {

using K = KeywordKind;

std::vector<std::string> values_of(const ConfigLine& line) {
  std::vector<std::string> values;
  for (const Token& token : line.args) {
    values.push_back(token.value);
  }
  return values;
}

const std::vector<StoredValue> k_empty;

}  // namespace

std::optional<Origin> OptionStore::apply(const KeywordInfo& info, const ConfigLine& line, const Origin& origin,
                                         bool user_config) {
  const std::string slot(info.slot);
  switch (info.kind) {
    case K::identity:
      add_identity(slot, line.args.at(0).value, origin, user_config);
      return std::nullopt;
    case K::forward: {
      std::vector<StoredValue>& list = m_lists[slot];
      StoredValue value{values_of(line), origin, std::string(info.name)};
      const bool seen = std::any_of(list.begin(), list.end(), [&](const StoredValue& v) { return v.args == value.args; });
      if (!seen) list.push_back(std::move(value));
      return std::nullopt;
    }
    case K::send_env:
      apply_send_env(line, origin);
      return std::nullopt;
    case K::command:
      break;
    default:
      break;
  }
  if (const auto it = m_scalars.find(slot); it != m_scalars.end()) {
    return it->second.origin;
  }
  std::vector<std::string> args = info.kind == K::command ? std::vector<std::string>{command_value(line)}
                                                          : values_of(line);
  if (info.kind != K::first_line_list && info.kind != K::other && args.size() > 1) {
    args.resize(1);
  }
  m_scalars[slot] = StoredValue{std::move(args), origin, std::string(info.name)};
  return std::nullopt;
}

void OptionStore::set_if_unset(const std::string& slot, std::vector<std::string> args, const Origin& origin) {
  m_scalars.try_emplace(slot, StoredValue{std::move(args), origin, slot});
}

void OptionStore::replace(const std::string& slot, std::vector<std::string> args, const Origin& origin) {
  m_scalars[slot] = StoredValue{std::move(args), origin, slot};
}

const StoredValue* OptionStore::scalar(const std::string& slot) const {
  const auto it = m_scalars.find(slot);
  return it == m_scalars.end() ? nullptr : &it->second;
}

const std::vector<StoredValue>& OptionStore::list(const std::string& slot) const {
  const auto it = m_lists.find(slot);
  return it == m_lists.end() ? k_empty : it->second;
}

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

}  // namespace sshtune::config
