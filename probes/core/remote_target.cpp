#include "probes/core/remote_target.hpp"

namespace sshtune::probes {

std::string describe(const RemoteTarget& target) {
  if (target.port == 22) {
    return target.hostname;
  }
  return target.hostname + ":" + std::to_string(target.port);
}

std::string known_hosts_name(const RemoteTarget& target) {
  if (target.port == 22) {
    return target.hostname;
  }
  return "[" + target.hostname + "]:" + std::to_string(target.port);
}

}  // namespace sshtune::probes
