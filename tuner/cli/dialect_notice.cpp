#include "tuner/cli/dialect_notice.hpp"

#include "tuner/sshconfig/release.hpp"

#include <ostream>

namespace sshtune::cli {

void notice_newer_release(const sshconfig::ClientCapabilities& client, Io& io) {
  const std::optional<OpensshVersion> newer = sshconfig::newer_than_known(client);
  if (!newer) return;
  const std::string known = sshconfig::dialect_name(sshconfig::k_newest_known_release);
  io.err << "ssh-tune: OpenSSH " << sshconfig::dialect_name(*newer)
         << " is newer than the releases ssh-tune knows (up to " << known << "); reading its config as " << known
         << " \u2014 please report at " << k_report_address << '\n';
}

std::string dialect_field(const sshconfig::ClientCapabilities& client) {
  return sshconfig::dialect_name(sshconfig::dialect_of(client));
}

}  // namespace sshtune::cli
