#pragma once
// The server's KEXINIT as libssh logs it while a session connects. libssh 0.10
// keeps the server's name-lists private, but logs them (ssh_list_kex, at
// SSH_LOG_FUNCTIONS) right after "KEXINIT received". Reading them there means the
// lists come from a connection that goes on to authenticate: the server never sees
// a connection closed before authentication (OpenSSH >= 9.8 penalises a source for
// those, PerSourcePenalties), as a bare KEXINIT grab would leave.

#include "probes/core/server_algorithms.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::probes {

// The server's lists from libssh's log lines ("ssh_list_kex: encryption client->server: a,b"), taken
// from the first complete set after "KEXINIT received"; nullopt when no complete set is there (another
// libssh version). `banner` fills ServerAlgorithms::banner.
std::optional<ServerAlgorithms> parse_kexinit_log(const std::vector<std::string>& lines, const std::string& banner);

// While alive, collects libssh's log lines of this thread at SSH_LOG_FUNCTIONS; restores the previous
// level and callback when destroyed. Only one may be alive per thread.
class KexinitLogCapture {
 public:
  KexinitLogCapture();
  ~KexinitLogCapture();
  KexinitLogCapture(const KexinitLogCapture&) = delete;
  KexinitLogCapture& operator=(const KexinitLogCapture&) = delete;

  // The lines logged so far (only ssh_list_kex and ssh_packet_kexinit lines are kept).
  const std::vector<std::string>& lines() const { return m_lines; }

 private:
  static void on_log(int priority, const char* function, const char* buffer, void* self);
  std::vector<std::string> m_lines;
  int m_previous_level = 0;
  void (*m_previous_callback)(int, const char*, const char*, void*) = nullptr;  // libssh's ssh_logging_callback
  void* m_previous_userdata = nullptr;
};

}  // namespace sshtune::probes
