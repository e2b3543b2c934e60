#pragma once
// Why a server's SSH banner never came, told the same way by every probe (the
// KEXINIT probe's own socket and the libssh session): silence until the
// timeout, a connection closed or reset first, or a banner line too long; each
// with the time it really took. A drop before any byte gets the hint that
// sshd may be refusing this address (PerSourcePenalties, MaxStartups).

#include "base/result.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace sshtune::probes {

enum class BannerFailure {
  silent,    // connected, nothing arrived before the timeout
  closed,    // the server closed the connection (FIN) first
  reset,     // the connection was reset (RST) first
  too_long,  // the banner line ran past the limit without its end
};

// What the probe saw while it waited.
struct BannerWait {
  std::string host;        // describe(target): "HOST" or "HOST:PORT"
  bool via_proxy = false;  // through a ProxyCommand rather than TCP
  double elapsed_s = 0;    // from the start of the connection to the failure
  std::chrono::milliseconds timeout{0};
  std::string received;   // the bytes that came before the failure
  std::size_t limit = 0;  // too_long: the banner limit passed; 0 when libssh's own
};

// What sshd (OpenSSH 9.8 or later) writes before it drops a penalised or
// MaxStartups-refused connection (sshd.c drop_connection()).
inline constexpr std::string_view k_sshd_drop_line = "Not allowed at this time";
// PerSourcePenalties' default max (servconf.c, OpenSSH 9.8 to 10.x): the longest a
// penalty refuses an address.
inline constexpr int k_default_penalty_max_s = 600;

// True when `received` holds a whole line starting with "SSH-" (the version line).
bool banner_arrived(std::string_view received);

// The one-line error for `failure` (ErrorKind::remote; invalid_input when bytes other
// than sshd's refusal line came before a drop: not an SSH server), e.g.
// "HOST: TCP connected, but the server sent no SSH banner within 10 s".
Error banner_failure(BannerFailure failure, const BannerWait& wait);

}  // namespace sshtune::probes
