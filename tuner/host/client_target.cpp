#include "tuner/host/client_target.hpp"

#include "base/paths.hpp"
#include "base/ssh_program.hpp"
#include "tuner/edit/ssh_client.hpp"

namespace sshtune::host {
namespace {

bool at_least(const std::string& version, int major, int minor) {
  const auto parsed = edit::parse_ssh_version(version);
  return parsed && (parsed.value().major > major || (parsed.value().major == major && parsed.value().minor >= minor));
}

void add(std::vector<std::string>& argv, const char* flag, const std::optional<std::string>& value) {
  if (value) argv.insert(argv.end(), {flag, *value});
}

}  // namespace

std::string openssh_program() { return ssh_program(); }

std::vector<std::string> batch_session_options(const std::string& version) {
  std::vector<std::string> options;
  for (const char* option :
       {"BatchMode=yes", "ControlMaster=no", "ControlPath=none", "RequestTTY=no", "RemoteCommand=none",
        "PermitLocalCommand=no", "ClearAllForwardings=yes", "ForwardAgent=no", "ForwardX11=no", "LogLevel=INFO"}) {
    options.insert(options.end(), {"-o", option});
  }
  if (at_least(version, 8, 7)) {
    for (const char* option : {"SessionType=default", "StdinNull=no", "ForkAfterAuthentication=no"}) {
      options.insert(options.end(), {"-o", option});
    }
  }
  options.insert(options.end(), {"-e", "none"});
  return options;
}

probes::OpensshTarget openssh_target(const std::string& host, const TargetOverrides& overrides,
                                     const probes::RemoteTarget& resolved,
                                     const sshconfig::ClientCapabilities& client) {
  probes::OpensshTarget target;
  target.program = openssh_program();
  // ssh reads ~/.ssh/config from the passwd entry's home; ssh-tune read the one under $HOME. Where the two
  // differ (HOME pointed elsewhere), name it, so both read the same file.
  std::optional<std::string> config = overrides.config_file;
  if (!config && home_dir() != std::filesystem::path(passwd_home())) config = (home_dir() / ".ssh" / "config").string();
  add(target.options, "-F", config);
  add(target.options, "-p", overrides.port);
  add(target.options, "-l", overrides.user);
  add(target.options, "-i", overrides.identity_file);
  target.session_options = batch_session_options(client.version());
  target.destination = host;
  target.timeout = resolved.timeout;
  target.label = host;
  return target;
}

}  // namespace sshtune::host
