#pragma once
// The local ssh client as the editor needs it: `ssh -G` to verify what was
// written, and the version to choose how Ciphers is spelled.

#include "base/process.hpp"
#include "base/ssh_program.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace sshtune::edit {

struct SshVersion {
  int major = 0;
  int minor = 0;
};

// `ssh -G`, behind a seam so unit tests can stand in for ssh. Names and versions
// come from ClientCapabilities (tuner/sshconfig/client_capabilities.hpp).
class SshClient {
 public:
  virtual ~SshClient() = default;
  // `ssh -G -F CONFIG -- HOST`: the effective settings (stdout) and the exit code.
  virtual Result<ProcessResult> dump_config(const std::filesystem::path& config, const std::string& host) = 0;
};

// The ssh found in PATH (or `program`). Run as root on a config another account
// owns (`sudo -E` with a user's HOME), ssh -G runs as that account (through
// setpriv): ssh refuses included files owned by anyone but root and the user
// running it, so only that account's ssh can say whether the user's ssh accepts them.
class RealSshClient final : public SshClient {
 public:
  explicit RealSshClient(std::string program = ssh_program()) : m_program(std::move(program)) {}
  Result<ProcessResult> dump_config(const std::filesystem::path& config, const std::string& host) override;

 private:
  std::string m_program;
};

// The command that runs `argv` as the owner of `config`: `argv` itself unless
// ssh-tune runs as root and another account owns `config`, then
// {"setpriv", "--reuid=U", "--regid=G", "--clear-groups", argv...}.
std::vector<std::string> as_config_owner(const std::filesystem::path& config, std::vector<std::string> argv);

// Parses "OpenSSH_9.2p1 Debian-2, OpenSSL 3.0" into {9, 2}; an error for anything else.
Result<SshVersion> parse_ssh_version(const std::string& banner);

// The value of `keyword` in `ssh -G` output ("ciphers" → "aes128-ctr,..."), or empty.
std::string dump_value(const std::string& dump, const std::string& keyword);

}  // namespace sshtune::edit
