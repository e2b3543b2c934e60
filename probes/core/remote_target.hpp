#pragma once
// The explicit description of one SSH server to probe. Resolving a Host alias
// through ssh_config happens in the caller; probes never read ~/.ssh/config.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace sshtune::probes {

// Where and how to connect. Every path is used as given (no ~ expansion).
struct RemoteTarget {
  std::string hostname;                                  // DNS name or address to connect to
  std::uint16_t port = 22;                               // TCP port
  std::string user;                                      // login name; empty means the local user
  std::vector<std::filesystem::path> identity_files;     // private keys tried after the agent, in order
  std::vector<std::filesystem::path> known_hosts_files;  // checked in order; the first one receives accept_new entries
  std::string proxy_command;                 // ProxyCommand text with %h/%p already expanded; empty for none
  std::chrono::milliseconds timeout{10000};  // cap for every single network step
  bool use_agent = true;                     // try keys from $SSH_AUTH_SOCK first
  bool accept_new = false;                   // add an unknown host key instead of refusing (never a changed one)
};

// "host" for port 22, otherwise "host:port"; used to prefix every message about the target.
std::string describe(const RemoteTarget& target);

// The name known_hosts files use for the target: "host", or "[host]:port" when port != 22.
std::string known_hosts_name(const RemoteTarget& target);

}  // namespace sshtune::probes
