#pragma once
// Turning the alias a user types into the explicit RemoteTarget the probes use,
// through the project's own ssh_config evaluator (so HostName, Port, User,
// IdentityFile, UserKnownHostsFile, ProxyJump/ProxyCommand mean what ssh makes
// of them), then applying command-line overrides.

#include "probes/core/remote_target.hpp"
#include "base/result.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>
#include <string>

namespace sshtune::host {

// -F, -p, -l, -i and --accept-new, as given to `ssh-tune host`.
struct TargetOverrides {
  std::optional<std::string> config_file;
  std::optional<std::string> port;
  std::optional<std::string> user;
  std::optional<std::string> identity_file;
  bool accept_new = false;
};

// The evaluator request ssh itself would make for `host` with these overrides.
sshconfig::EvalRequest eval_request(const std::string& host, const TargetOverrides& overrides);

// The probe target for an evaluated configuration: ~ and %d/%u/%h/%r/%p/%% are
// expanded in identity and known-hosts paths, ProxyCommand gets %h/%p/%r, and
// ProxyJump becomes `ssh -W` through the jump host (batch mode: never prompts).
Result<probes::RemoteTarget> resolve_target(const sshconfig::Evaluation& evaluation, const TargetOverrides& overrides);

}  // namespace sshtune::host
