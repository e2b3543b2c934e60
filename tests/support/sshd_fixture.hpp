#pragma once
// A real OpenSSH server for integration tests: sshd on 127.0.0.1 with throwaway
// host and client keys, all files in a TempDir, stopped by pid on destruction.

#include "base/result.hpp"
#include "tests/support/openssh_release.hpp"
#include "tests/support/temp_dir.hpp"

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::testing {

// How many connections sshd lets in: `relaxed` raises MaxStartups to 100 so tests that open many
// sessions at once are never dropped; `sshd_defaults` keeps sshd's own MaxStartups and (from 9.8)
// PerSourcePenalties, for the tests that check ssh-tune never gets an address penalised or dropped.
enum class SshdLimits { relaxed, sshd_defaults };

// One running `sshd -D -e -f CONFIG`. Create it with start(); not copyable. Its sessions get an empty
// HOME (sshd's SetEnv), so the remote shell reads none of the rc files in the home of the account
// running the tests: a login shell that starts in milliseconds. sshd keeps only the first SetEnv line:
// a caller's own SetEnv in extra_config replaces it (and must add HOME to keep the shell plain).
class SshdFixture {
 public:
  // Why no sshd of `release` can be started on this machine (missing binaries), or std::nullopt when
  // it can. Tests call GTEST_SKIP() with this reason.
  static std::optional<std::string> unavailable_reason(const OpensshRelease& release = system_openssh());

  // Starts the system's sshd with `extra_config` lines placed before the defaults (sshd keeps the first
  // value, so they win; Match blocks are not supported). Returns once the port accepts connections.
  static Result<std::unique_ptr<SshdFixture>> start(const std::vector<std::string>& extra_config = {});
  // The same with `release`'s sshd (a release with helpers runs its own sshd-session and sshd-auth,
  // named in sshd_config, so the system's are never used) and the given limits.
  static Result<std::unique_ptr<SshdFixture>> start(const OpensshRelease& release,
                                                    const std::vector<std::string>& extra_config,
                                                    SshdLimits limits = SshdLimits::relaxed);

  ~SshdFixture();
  SshdFixture(const SshdFixture&) = delete;
  SshdFixture& operator=(const SshdFixture&) = delete;

  const std::string& host() const { return m_host; }                 // always "127.0.0.1"
  std::uint16_t port() const { return m_port; }                      // the free port sshd listens on
  const std::string& user() const { return m_user; }                 // the local user, authorized by client_key()
  const std::filesystem::path& dir() const { return m_dir.path(); }  // keys, configs and sshd.log live here
  std::filesystem::path client_key() const { return dir() / "id_ed25519"; }    // unencrypted private key
  std::filesystem::path known_hosts() const { return dir() / "known_hosts"; }  // "[127.0.0.1]:port KEY" line
  std::filesystem::path host_public_key() const { return dir() / "ssh_host_ed25519_key.pub"; }
  std::filesystem::path ssh_config() const { return dir() / "ssh_config"; }  // for `ssh -F`, Host host_alias()
  static constexpr const char* host_alias() { return "sshtune-test"; }
  // Everything sshd logged so far (it runs with -e).
  std::string log() const;

  // SIGTERM, then SIGKILL after a grace period; idempotent.
  void stop();
  // SIGKILL for the listener and every session process below it, like a crashed host.
  void kill_all();

 private:
  SshdFixture() = default;
  Result<void> write_files(const std::vector<std::string>& extra_config);
  Result<void> launch();
  Result<void> wait_until_listening();

  TempDir m_dir;
  std::string m_host = "127.0.0.1";
  std::uint16_t m_port = 0;
  std::string m_user;
  pid_t m_pid = -1;
  OpensshRelease m_release;
  SshdLimits m_limits = SshdLimits::relaxed;
};

}  // namespace sshtune::testing
