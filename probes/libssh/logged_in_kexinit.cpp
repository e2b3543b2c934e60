#include "probes/libssh/logged_in_kexinit.hpp"

#include "probes/libssh/libssh_session.hpp"

#include <libssh/libssh.h>

#include <fstream>

namespace sshtune::probes {
namespace {

// Whether `file` has a line for `name` that libssh parses (markers and comments never do).
bool file_knows(const std::filesystem::path& file, const std::string& name) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    ssh_knownhosts_entry* entry = nullptr;
    const bool parsed = ssh_known_hosts_parse_line(name.c_str(), line.c_str(), &entry) == SSH_OK && entry;
    ssh_knownhosts_entry_free(entry);
    if (parsed) return true;
  }
  return false;
}

}  // namespace

bool host_key_is_known(const RemoteTarget& target) {
  const std::string name = known_hosts_name(target);
  for (const auto& file : target.known_hosts_files) {
    if (file_knows(file, name)) return true;
  }
  return false;
}

Result<ServerAlgorithms> fetch_server_algorithms_logged_in(const RemoteTarget& target, const Clock& clock) {
  SSHTUNE_TRY(session, LibsshSession::open(target, SessionAlgorithms{}, clock, true));
  if (!session->access().server) {
    return Error{ErrorKind::remote, describe(target) + ": libssh did not log the server's KEXINIT"};
  }
  return *session->access().server;
}

}  // namespace sshtune::probes
