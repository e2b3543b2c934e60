#pragma once
// The options gathered while reading configuration: first value wins for
// scalars; IdentityFile, forwards and SendEnv accumulate as ssh's do.

#include "tuner/sshconfig/config_file.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/sshconfig/keywords.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::config {

// One stored value: the arguments (or raw command text as one argument) and origin.
struct StoredValue {
  std::vector<std::string> args;
  Origin origin;
  std::string keyword;  // the keyword that set it (ProxyJump and ProxyCommand share a slot)
};

// The option table of one evaluation (ssh's Options struct), keyed by slot.
class OptionStore {
 public:
  // Applies an active line of a known keyword (already checked). Returns the
  // winner's origin when the line was ignored because the option was already set.
  std::optional<Origin> apply(const KeywordInfo& info, const ConfigLine& line, const Origin& origin,
                              bool user_config);
  // Sets a scalar slot if unset (command-line flags such as -l, -p, -C).
  void set_if_unset(const std::string& slot, std::vector<std::string> args, const Origin& origin);
  // Replaces a scalar slot (ssh overwrites HostName after pass 1).
  void replace(const std::string& slot, std::vector<std::string> args, const Origin& origin);

  // The scalar value of a slot, if set.
  const StoredValue* scalar(const std::string& slot) const;
  // The accumulated values of a list slot (empty if none).
  const std::vector<StoredValue>& list(const std::string& slot) const;

 private:
  void add_identity(const std::string& slot, const std::string& path, const Origin& origin, bool user_config);
  void apply_send_env(const ConfigLine& line, const Origin& origin);

  std::map<std::string, StoredValue> m_scalars;
  std::map<std::string, std::vector<StoredValue>> m_lists;
  std::map<std::string, std::vector<bool>> m_user_provided;  // IdentityFile de-duplication key part
};

}  // namespace sshtune::config
