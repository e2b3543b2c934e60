#include "probes/libssh/libssh_session.hpp"

#include "base/message.hpp"
#include "probes/core/banner_wait.hpp"
#include "probes/libssh/libssh_kexinit_log.hpp"
#include "probes/libssh/libssh_known_hosts.hpp"

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <linux/sockios.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

#include <cstdio>
#include <cstring>
#include <sys/socket.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <vector>

namespace sshtune::probes {
namespace {

// OpenSSH compresses at level 6 (packet.c start_compression_out); libssh's default is 7.
constexpr int k_openssh_zlib_level = 6;

// Passphrase callback that always declines, so an encrypted key fails instead of prompting on the TTY.
int refuse_passphrase(const char*, char*, size_t, int, int, void*) { return -1; }

struct KeyFree {
  void operator()(ssh_key key) const { ssh_key_free(key); }
};

}  // namespace

struct LibsshSession::Counters {
  ssh_counter_struct socket{};  // bytes on the wire
  ssh_counter_struct raw{};     // bytes before compression
  ssh_callbacks_struct callbacks{};
};

struct LibsshSession::Setting {
  ssh_options_e option;
  const void* value;
  std::string what;
};

LibsshSession::LibsshSession(const Clock& clock) : m_counters(std::make_unique<Counters>()), m_clock(&clock) {}

LibsshSession::~LibsshSession() {
  if (m_session != nullptr) {
    ssh_disconnect(m_session);
    ssh_free(m_session);
  }
}

Error LibsshSession::error(const std::string& what) const {
  const std::string reason = ssh_get_error(m_session);
  return Error{ErrorKind::remote, m_host + ": " + what + ": " + (reason.empty() ? "libssh gave no reason" : reason)};
}

Error LibsshSession::connect_error(const RemoteTarget& target, double elapsed_s) const {
  // libssh says "Timeout connecting" both for a host that never answered and for one that
  // accepted and never spoke; a socket still connected to its peer tells the second apart.
  // It closes the socket itself when the peer closes or resets, and says which.
  const std::string reason = ssh_get_error(m_session);
  const socket_t fd = ssh_get_fd(m_session);
  sockaddr_storage peer{};
  socklen_t size = sizeof peer;
  const bool connected = fd != SSH_INVALID_SOCKET && ::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &size) == 0;
  const BannerWait wait{m_host, !target.proxy_command.empty(), elapsed_s, target.timeout, "", 0};
  if (ssh_get_serverbanner(m_session) != nullptr) return error("cannot connect");
  if (reason.find("too large banner") != std::string::npos) return banner_failure(BannerFailure::too_long, wait);
  if (reason == "Socket error: disconnected") return banner_failure(BannerFailure::closed, wait);
  if (reason.find("Connection reset by peer") != std::string::npos) return banner_failure(BannerFailure::reset, wait);
  if (connected && reason.starts_with("Timeout")) return banner_failure(BannerFailure::silent, wait);
  return error("cannot connect");
}

std::string LibsshSession::negotiated_cipher() const {
  const char* name = ssh_get_cipher_out(m_session);
  return name != nullptr ? name : "";
}

std::string LibsshSession::negotiated_mac() const {
  const char* name = ssh_get_hmac_out(m_session);
  return name != nullptr ? name : "";
}

std::uint64_t LibsshSession::socket_bytes_out() const { return m_counters->socket.out_bytes; }
std::uint64_t LibsshSession::socket_bytes_in() const { return m_counters->socket.in_bytes; }
std::uint64_t LibsshSession::payload_bytes_out() const { return m_counters->raw.out_bytes; }

// A byte count the kernel keeps for the session's socket (SIOCOUTQ, SIOCINQ); 0 where it cannot tell.
std::uint64_t LibsshSession::socket_queue(unsigned long request) const {
  int bytes = 0;
  const socket_t fd = ssh_get_fd(m_session);
  if (fd == SSH_INVALID_SOCKET || ioctl(fd, request, &bytes) != 0 || bytes < 0) {
    return 0;
  }
  return static_cast<std::uint64_t>(bytes);
}

std::uint64_t LibsshSession::unacknowledged_bytes_out() const { return socket_queue(SIOCOUTQ); }
std::uint64_t LibsshSession::unread_bytes_in() const { return socket_queue(SIOCINQ); }

double LibsshSession::tcp_rtt_seconds() const {
  tcp_info info{};
  socklen_t size = sizeof info;
  const socket_t fd = ssh_get_fd(m_session);
  if (fd == SSH_INVALID_SOCKET || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) {
    return 0;
  }
  return info.tcpi_rtt / 1e6;
}

std::optional<TcpSample> LibsshSession::tcp_sample() const {
  tcp_info info{};
  socklen_t size = sizeof info;
  const socket_t fd = ssh_get_fd(m_session);
  if (fd == SSH_INVALID_SOCKET || getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0 || info.tcpi_snd_mss == 0) {
    return std::nullopt;
  }
  char congestion[16] = {};
  socklen_t length = sizeof congestion;
  if (getsockopt(fd, IPPROTO_TCP, TCP_CONGESTION, congestion, &length) != 0) length = 0;
  return TcpSample{socket_bytes_out() / info.tcpi_snd_mss, info.tcpi_total_retrans, info.tcpi_snd_mss,
                   std::string(congestion, strnlen(congestion, length))};
}

Result<void> LibsshSession::request_rekey(const SessionAlgorithms& algorithms) {
  SSHTUNE_TRYV(pin_algorithms(algorithms));
  const std::uint32_t one_second = 1;
  if (ssh_options_set(m_session, SSH_OPTIONS_REKEY_TIME, &one_second) != 0) {
    return error("cannot arm a rekey");
  }
  return ok();
}

void LibsshSession::settle_rekey() {
  const std::uint32_t never = 0;
  ssh_options_set(m_session, SSH_OPTIONS_REKEY_TIME, &never);
}

Result<std::unique_ptr<LibsshSession>> LibsshSession::open(const RemoteTarget& target,
                                                           const SessionAlgorithms& algorithms, const Clock& clock,
                                                           bool read_kexinit) {
  std::unique_ptr<LibsshSession> session(new LibsshSession(clock));
  session->m_host = describe(target);
  session->m_session = ssh_new();
  if (session->m_session == nullptr) {
    return Error{ErrorKind::unsupported, session->m_host + ": libssh could not create a session"};
  }
  SSHTUNE_TRYV(session->configure(target, algorithms));
  std::optional<KexinitLogCapture> capture;
  if (read_kexinit) capture.emplace();
  const auto start = clock.now();
  if (ssh_connect(session->m_session) != SSH_OK) {
    return session->connect_error(target, seconds_since(clock, start));
  }
  SSHTUNE_TRY(access, probes::verify_host_key(session->m_session, target));
  session->m_access = std::move(access);
  if (capture) {
    const char* banner = ssh_get_serverbanner(session->m_session);
    session->m_access.server = parse_kexinit_log(capture->lines(), banner != nullptr ? banner : "");
    capture.reset();
  }
  SSHTUNE_TRYV(session->authenticate(target));
  return session;
}

Result<void> LibsshSession::configure(const RemoteTarget& target, const SessionAlgorithms& algorithms) {
  const bool process_config = false;  // the caller resolved the alias; ~/.ssh/config must not override us
  const int port = target.port;
  const long timeout_s = static_cast<long>(target.timeout.count() / 1000);
  const long timeout_us = static_cast<long>(target.timeout.count() % 1000) * 1000;
  const int level = k_openssh_zlib_level;
  const int nodelay = 1;
  // Each option with what to call it when libssh refuses it (its value quoted for the
  // ones that come from the user's configuration).
  std::vector<Setting> settings{
      {SSH_OPTIONS_PROCESS_CONFIG, &process_config, "the option not to read ssh_config"},
      {SSH_OPTIONS_HOST, target.hostname.c_str(), "HostName '" + quote_input(target.hostname) + "'"},
      {SSH_OPTIONS_PORT, &port, "Port " + std::to_string(port)},
      {SSH_OPTIONS_TIMEOUT, &timeout_s, "the timeout"},
      {SSH_OPTIONS_TIMEOUT_USEC, &timeout_us, "the timeout"},
      {SSH_OPTIONS_COMPRESSION_LEVEL, &level, "compression level " + std::to_string(level)},
      {SSH_OPTIONS_NODELAY, &nodelay, "TCP_NODELAY"},
  };
  if (!target.user.empty()) {
    settings.push_back({SSH_OPTIONS_USER, target.user.c_str(), "User '" + quote_input(target.user) + "'"});
  }
  if (!target.proxy_command.empty()) {
    settings.push_back({SSH_OPTIONS_PROXYCOMMAND, target.proxy_command.c_str(),
                        "ProxyCommand '" + quote_input(target.proxy_command) + "'"});
  }
  for (const Setting& setting : settings) {
    SSHTUNE_TRYV(set(setting));
  }
  return configure_algorithms(algorithms);
}

Result<void> LibsshSession::set(const Setting& setting) {
  if (ssh_options_set(m_session, setting.option, setting.value) == 0) return ok();
  // libssh refuses some values (a host name with shell characters) without saying why.
  const std::string reason = ssh_get_error(m_session);
  return Error{ErrorKind::invalid_input, m_host + ": invalid connection options: libssh refused " + setting.what +
                                             (reason.empty() ? "" : " (" + reason + ")")};
}

Result<void> LibsshSession::configure_algorithms(const SessionAlgorithms& algorithms) {
  SSHTUNE_TRYV(pin_algorithms(algorithms));
  ssh_set_counters(m_session, &m_counters->socket, &m_counters->raw);
  m_counters->callbacks.auth_function = refuse_passphrase;
  ssh_callbacks_init(&m_counters->callbacks);
  ssh_set_callbacks(m_session, &m_counters->callbacks);
  return ok();
}

Result<void> LibsshSession::pin_algorithms(const SessionAlgorithms& algorithms) {
  const char* compression = algorithms.compression ? "zlib@openssh.com" : "none";
  if (ssh_options_set(m_session, SSH_OPTIONS_COMPRESSION, compression) != 0) {
    return error("libssh cannot set compression");
  }
  const char* cipher = algorithms.cipher.c_str();
  if (!algorithms.cipher.empty() && (ssh_options_set(m_session, SSH_OPTIONS_CIPHERS_C_S, cipher) != 0 ||
                                     ssh_options_set(m_session, SSH_OPTIONS_CIPHERS_S_C, cipher) != 0)) {
    return error("libssh does not support cipher " + algorithms.cipher);
  }
  const char* mac = algorithms.mac.c_str();
  if (!algorithms.mac.empty() && (ssh_options_set(m_session, SSH_OPTIONS_HMAC_C_S, mac) != 0 ||
                                  ssh_options_set(m_session, SSH_OPTIONS_HMAC_S_C, mac) != 0)) {
    return error("libssh does not support MAC " + algorithms.mac);
  }
  return ok();
}

Result<void> LibsshSession::authenticate(const RemoteTarget& target) {
  std::string tried;
  const char* agent = std::getenv("SSH_AUTH_SOCK");
  if (target.use_agent && agent != nullptr && *agent != '\0') {
    if (ssh_userauth_agent(m_session, nullptr) == SSH_AUTH_SUCCESS) {
      m_access.auth_method = "agent";
      return ok();
    }
    tried = "agent";
  }
  for (const auto& file : target.identity_files) {
    std::error_code ignored;
    if (!std::filesystem::is_regular_file(file, ignored)) {
      continue;
    }
    tried += (tried.empty() ? "" : ", ") + file.string();
    ssh_key raw = nullptr;
    // Reads the private key only; unlike ssh_userauth_publickey_auto this never writes a .pub file.
    if (ssh_pki_import_privkey_file(file.c_str(), nullptr, refuse_passphrase, nullptr, &raw) != SSH_OK) {
      continue;  // unreadable or passphrase-protected: ssh-tune never prompts
    }
    const std::unique_ptr<ssh_key_struct, KeyFree> key(raw);
    if (ssh_userauth_publickey(m_session, nullptr, key.get()) == SSH_AUTH_SUCCESS) {
      m_access.auth_method = file.string();
      return ok();
    }
  }
  return Error{ErrorKind::remote, m_host + ": public key authentication failed (tried " +
                                      (tried.empty() ? std::string("nothing: no agent and no identity file") : tried) +
                                      "); ssh-tune never prompts, so load passphrase-protected keys into ssh-agent"};
}

}  // namespace sshtune::probes
