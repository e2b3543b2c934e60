#include "probes/libssh/libssh_kexinit_log.hpp"

#include "base/strings.hpp"

#include <libssh/callbacks.h>
#include <libssh/libssh.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <string_view>

namespace sshtune::probes {
namespace {

constexpr std::string_view k_list_prefix = "ssh_list_kex: ";
constexpr std::string_view k_received = "KEXINIT received";

// ssh_kex_descriptions[] of libssh 0.10, in KEXINIT order.
constexpr std::array<std::string_view, 8> k_descriptions{"kex algos",
                                                         "server host key algo",
                                                         "encryption client->server",
                                                         "encryption server->client",
                                                         "mac algo client->server",
                                                         "mac algo server->client",
                                                         "compression algo client->server",
                                                         "compression algo server->client"};

std::vector<std::string>* field(ServerAlgorithms& server, std::size_t index) {
  std::array<std::vector<std::string>*, 8> fields{
      &server.kex,      &server.host_keys, &server.ciphers_c2s,     &server.ciphers_s2c,
      &server.macs_c2s, &server.macs_s2c,  &server.compression_c2s, &server.compression_s2c};
  return fields[index];
}

// Fills one list from "DESCRIPTION: a,b,c"; false when the line is not one of the eight lists.
bool take_list(std::string_view entry, ServerAlgorithms& server, std::size_t& seen) {
  for (std::size_t i = 0; i < k_descriptions.size(); ++i) {
    const std::string prefix = std::string(k_descriptions[i]) + ": ";
    if (!entry.starts_with(prefix)) continue;
    const std::string_view list = trim(entry.substr(prefix.size()));
    *field(server, i) = list.empty() ? std::vector<std::string>{} : split_commas(list);
    seen |= std::size_t{1} << i;
    return true;
  }
  return false;
}

}  // namespace

std::optional<ServerAlgorithms> parse_kexinit_log(const std::vector<std::string>& lines, const std::string& banner) {
  const auto received = std::find_if(
      lines.begin(), lines.end(), [](const std::string& line) { return line.find(k_received) != std::string::npos; });
  ServerAlgorithms server;
  std::size_t seen = 0;
  for (auto it = received; it != lines.end(); ++it) {
    if (!it->starts_with(k_list_prefix)) continue;
    take_list(std::string_view(*it).substr(k_list_prefix.size()), server, seen);
    if (seen == (std::size_t{1} << k_descriptions.size()) - 1) {
      server.banner = banner;
      server.strict_kex =
          std::find(server.kex.begin(), server.kex.end(), k_strict_kex_server_marker) != server.kex.end();
      return server;
    }
  }
  return std::nullopt;
}

KexinitLogCapture::KexinitLogCapture()
    : m_previous_level(ssh_get_log_level()),
      m_previous_callback(ssh_get_log_callback()),
      m_previous_userdata(ssh_get_log_userdata()) {
  ssh_set_log_userdata(this);
  ssh_set_log_callback(&KexinitLogCapture::on_log);
  ssh_set_log_level(SSH_LOG_FUNCTIONS);
}

KexinitLogCapture::~KexinitLogCapture() {
  ssh_set_log_level(m_previous_level);
  ssh_set_log_callback(m_previous_callback);
  ssh_set_log_userdata(m_previous_userdata);
}

void KexinitLogCapture::on_log(int, const char* function, const char* buffer, void* self) {
  if (function == nullptr || buffer == nullptr) return;
  if (std::strcmp(function, "ssh_list_kex") != 0 && std::strcmp(function, "ssh_packet_kexinit") != 0) return;
  static_cast<KexinitLogCapture*>(self)->m_lines.emplace_back(buffer);
}

}  // namespace sshtune::probes
