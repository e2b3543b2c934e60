#include "tuner/cli/list_hosts.hpp"

#include "tuner/audit/client_audit.hpp"
#include "tuner/audit/config_set.hpp"

#include <ostream>

namespace sshtune::cli {

Result<ExitCode> list_hosts(const std::optional<std::string>& config_file, Io& io) {
  audit::ClientSources sources;
  if (config_file) sources.config_file = *config_file;
  sources.user_config = audit::default_user_config();
  SSHTUNE_TRY(configs, audit::load_client_configs(sources));
  for (const std::string& host : audit::hosts_named_in(configs)) io.out << host << '\n';
  return ExitCode::ok;
}

}  // namespace sshtune::cli
