#pragma once
// The options gathered while reading configuration (ssh's Options struct): first
// value wins per slot; IdentityFile, CertificateFile, SendEnv and the forwardings
// accumulate as ssh's do; ProxyJump and ProxyCommand exclude each other; and the
// two keywords ssh reads outside Host/Match scope: StreamLocalBindMask (before
// 10.6 the last line anywhere wins; from 10.6 it is scoped, first wins, like the
// rest) and SyslogFacility (the first line anywhere wins). Before 8.5 IPQoS and
// TunnelDevice are the last active line's.

#include "tuner/sshconfig/config_file.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/sshconfig/forwards.hpp"
#include "tuner/sshconfig/jump.hpp"
#include "tuner/sshconfig/keywords.hpp"
#include "tuner/sshconfig/line_rules.hpp"
#include "tuner/sshconfig/release.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

// One stored value: its values in `ssh -G` form (or raw where ssh expands them
// later) and where it came from. No values: ssh cleared the option ("none"), so
// `ssh -G` prints no line for it.
struct StoredValue {
  std::vector<std::string> args;
  Origin origin;
  std::string keyword;  // the keyword that set it
};

// One forwarding and the line that added it.
struct StoredForward {
  Forward forward;
  Origin origin;
};

// The ProxyJump in force and the line that set it.
struct StoredJump {
  Jump jump;
  Origin origin;
};

// The option table of one evaluation, keyed by slot (the `ssh -G` keyword, plus
// "rekeyinterval" and "forwardagent.path" for the parts ssh keeps apart).
class OptionStore {
 public:
  // A store for the dialect of `release`.
  explicit OptionStore(const OpensshVersion& release = k_newest_known_release) : m_release(release) {}

  // Applies a checked line whose reading is `check`. Lines of inactive blocks only
  // count for StreamLocalBindMask and SyslogFacility. Returns the winner's origin
  // when an active line was ignored because the option was already set.
  std::optional<Origin> apply(const KeywordInfo& info, const ConfigLine& line, const LineCheck& check,
                              const Origin& origin, bool user_config, bool active);
  // Sets a scalar slot if unset (command-line flags such as -l, -p).
  void set_if_unset(const std::string& slot, std::vector<std::string> args, const Origin& origin);
  // Replaces a scalar slot (ssh overwrites HostName after pass 1, expands paths at the end).
  void replace(const std::string& slot, std::vector<std::string> args, const Origin& origin);
  // Forgets a slot, as if it had never been set.
  void erase(const std::string& slot);

  // The scalar value of a slot, if set.
  const StoredValue* scalar(const std::string& slot) const;
  // The value of a flag slot in its keyword's multistate table (Tunnel yes is 1,
  // RequestTTY no is 1, ...), or nullopt when unset.
  std::optional<int> state(const std::string& slot) const;
  // The accumulated values of identityfile, certificatefile or sendenv (empty if none).
  const std::vector<StoredValue>& list(const std::string& slot) const;
  // The local (LocalForward and DynamicForward) or remote forwardings.
  std::vector<StoredForward>& forwards(bool remote);
  const std::vector<StoredForward>& forwards(bool remote) const;
  // The ProxyJump in force, if any.
  std::optional<StoredJump>& jump();
  const std::optional<StoredJump>& jump() const;

 private:
  std::optional<Origin> assign(const Assignments& assignments, const Origin& origin, const std::string& keyword);
  std::optional<Origin> apply_jump(const Jump& jump, const Origin& origin);
  void add_forward(const Forward& forward, bool remote, const Origin& origin);
  void add_identity(const std::string& slot, const std::string& path, const Origin& origin, bool user_config);
  void apply_send_env(const ConfigLine& line, const Origin& origin);

  std::map<std::string, StoredValue> m_scalars;
  std::map<std::string, std::vector<StoredValue>> m_lists;
  std::map<std::string, std::vector<bool>> m_user_provided;  // IdentityFile de-duplication key part
  std::vector<StoredForward> m_local_forwards;
  std::vector<StoredForward> m_remote_forwards;
  std::optional<StoredJump> m_jump;
  OpensshVersion m_release;
};

}  // namespace sshtune::sshconfig
