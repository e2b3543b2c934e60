#pragma once
// One authenticated libssh connection with pinned algorithms. The host key is
// verified against the given known_hosts files before authentication; nothing
// under ~/.ssh is read or written and nothing ever prompts.
// Included only by probes/*.cpp; libssh types stay opaque here.

#include "probes/host_trials.hpp"
#include "probes/remote_target.hpp"
#include "probes/result.hpp"

#include <cstdint>
#include <memory>
#include <string>

struct ssh_session_struct;

namespace sshtune {

// Algorithms to require on the connection; empty strings leave libssh's defaults.
struct SessionAlgorithms {
  std::string cipher;
  std::string mac;
  bool compression = false;  // true: zlib@openssh.com only, level 6; false: none only
};

// A connected, host-key-verified, authenticated session; disconnects on destruction.
class LibsshSession {
 public:
  // Connects to `target`, verifies its host key and logs in. Errors are one line naming the host.
  static Result<std::unique_ptr<LibsshSession>> open(const RemoteTarget& target, const SessionAlgorithms& algorithms);
  ~LibsshSession();
  LibsshSession(const LibsshSession&) = delete;
  LibsshSession& operator=(const LibsshSession&) = delete;

  // The underlying libssh session, for channel code in probes/*.cpp; owned by this object.
  ssh_session_struct* handle() const { return m_session; }
  // The verified host key and the authentication method that worked.
  const AccessCheck& access() const { return m_access; }
  const std::string& host() const { return m_host; }  // "host" or "host:port" for messages
  // An Error "HOST: what: <libssh's last error>".
  Error error(const std::string& what) const;
  // Client-to-server algorithms actually negotiated (both directions are pinned alike).
  std::string negotiated_cipher() const;
  std::string negotiated_mac() const;
  // Bytes written to / read from the socket so far (after compression and encryption).
  std::uint64_t socket_bytes_out() const;
  std::uint64_t socket_bytes_in() const;

 private:
  struct Counters;
  LibsshSession();
  Result<void> configure(const RemoteTarget& target, const SessionAlgorithms& algorithms);
  Result<void> configure_algorithms(const SessionAlgorithms& algorithms);
  Result<void> authenticate(const RemoteTarget& target);

  ssh_session_struct* m_session = nullptr;
  std::unique_ptr<Counters> m_counters;  // libssh keeps pointers to these and to the callbacks
  AccessCheck m_access;
  std::string m_host;
};

}  // namespace sshtune
