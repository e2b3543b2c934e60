#pragma once
// One authenticated libssh connection with pinned algorithms. The host key is
// verified against the given known_hosts files before authentication; nothing
// under ~/.ssh is read or written and nothing ever prompts.
// Included only by probes/*.cpp; libssh types stay opaque here.

#include "probes/core/host_trials.hpp"
#include "probes/core/remote_target.hpp"
#include "base/clock.hpp"
#include "base/result.hpp"

#include <chrono>
#include <optional>
#include <cstdint>
#include <memory>
#include <string>

struct ssh_session_struct;

namespace sshtune::probes {

// Algorithms to require on the connection; empty strings leave libssh's defaults.
struct SessionAlgorithms {
  std::string cipher;
  std::string mac;
  bool compression = false;  // true: zlib@openssh.com only, level 6; false: none only
};

// A connected, host-key-verified, authenticated session; disconnects on destruction.
class LibsshSession {
 public:
  // Connects to `target`, verifies its host key and logs in. With `read_kexinit`, access().server holds
  // the server's KEXINIT as libssh logged it during the handshake. Every time this session and its
  // channels read is `clock`'s (it must outlive the session). Errors are one line naming the host.
  static Result<std::unique_ptr<LibsshSession>> open(const RemoteTarget& target, const SessionAlgorithms& algorithms,
                                                     const Clock& clock, bool read_kexinit = false);
  ~LibsshSession();
  LibsshSession(const LibsshSession&) = delete;
  LibsshSession& operator=(const LibsshSession&) = delete;

  // The underlying libssh session, for channel code in probes/*.cpp; owned by this object.
  ssh_session_struct* handle() const { return m_session; }
  // The verified host key and the authentication method that worked.
  const AccessCheck& access() const { return m_access; }
  const std::string& host() const { return m_host; }  // "host" or "host:port" for messages
  const Clock& clock() const { return *m_clock; }     // the clock given to open()
  // An Error "HOST: what: <libssh's last error>" ("libssh gave no reason" when it has none).
  Error error(const std::string& what) const;
  // Why ssh_connect failed `elapsed_s` after it started: a banner that never came
  // (silence, a close, a reset, one too long) is said as probes/core/banner_wait.hpp says it.
  Error connect_error(const RemoteTarget& target, double elapsed_s) const;
  // Client-to-server algorithms actually negotiated (both directions are pinned alike).
  std::string negotiated_cipher() const;
  std::string negotiated_mac() const;
  // Bytes written to / read from the socket so far (after compression and encryption).
  std::uint64_t socket_bytes_out() const;
  std::uint64_t socket_bytes_in() const;
  // Payload bytes handed to the packet layer so far (before compression).
  std::uint64_t payload_bytes_out() const;
  // Bytes written to the socket that the peer's TCP has not acknowledged yet (SIOCOUTQ); 0 where the
  // transport cannot tell (a ProxyCommand pipe).
  std::uint64_t unacknowledged_bytes_out() const;
  // Bytes the socket has received that libssh has not read yet (SIOCINQ); 0 where that cannot be read.
  std::uint64_t unread_bytes_in() const;
  // The kernel's smoothed TCP round-trip time in seconds; 0 where the transport is not TCP.
  double tcp_rtt_seconds() const;
  // The connection's TCP counters so far: segments_out is socket_bytes_out() / MSS; nullopt where the
  // transport is not TCP (a ProxyCommand pipe).
  std::optional<TcpSample> tcp_sample() const;

  // Asks for `algorithms` at the next key exchange and arms a time-based rekey, which libssh starts with
  // the next packet sent at least 1 s after the last exchange it recorded (libssh counts the rekey time
  // in whole seconds, and records an exchange's time only when it ends with the rekey armed). Call
  // settle_rekey() once the exchange is under way (then it is not recorded: the next request starts at
  // once) and again once the switch is seen.
  Result<void> request_rekey(const SessionAlgorithms& algorithms);
  // Disarms the time-based rekey armed by request_rekey().
  void settle_rekey();

  // How long this session's set-up took: its remote commands' start (ExecChannel::wait_for_marker: the
  // remote shell's start-up, rc files included) and a new sink's warm-up; no trial's time.
  Clock::duration setup_time() const { return m_setup_time; }
  void add_setup_time(Clock::duration waited) { m_setup_time += waited; }

 private:
  std::uint64_t socket_queue(unsigned long request) const;
  struct Counters;
  struct Setting;  // one libssh option, its value and what to call it in an error
  explicit LibsshSession(const Clock& clock);
  Result<void> configure(const RemoteTarget& target, const SessionAlgorithms& algorithms);
  // Sets one option; "HOST: invalid connection options: libssh refused WHAT" when refused.
  Result<void> set(const Setting& setting);
  Result<void> configure_algorithms(const SessionAlgorithms& algorithms);
  Result<void> pin_algorithms(const SessionAlgorithms& algorithms);
  Result<void> authenticate(const RemoteTarget& target);

  ssh_session_struct* m_session = nullptr;
  std::unique_ptr<Counters> m_counters;  // libssh keeps pointers to these and to the callbacks
  AccessCheck m_access;
  std::string m_host;
  Clock::duration m_setup_time{};
  const Clock* m_clock;
};

}  // namespace sshtune::probes
