#include "tuner/cli/dialect_notice.hpp"

#include "tuner/sshconfig/release.hpp"

#include <ostream>

namespace sshtune {

void notice_newer_release(const ClientCapabilities& client, Io& io) {
  const std::optional<OpensshVersion> newer = config::newer_than_known(client);
  if (!newer) return;
  const std::string known = config::dialect_name(config::k_newest_known_release);
  io.err << "ssh-tune: OpenSSH " << config::dialect_name(*newer) << " is newer than the releases ssh-tune knows (up to "
         << known << "); reading its config as " << known << " \u2014 please report at " << k_report_address << '\n';
}

std::string dialect_field(const ClientCapabilities& client) { return config::dialect_name(config::dialect_of(client)); }

}  // namespace sshtune
