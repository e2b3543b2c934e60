#include "tuner/host/write.hpp"

namespace sshtune::host {

Result<edit::EditReport> write_decision(const HostOutcome& outcome, const std::optional<std::string>& config,
                                        bool dry_run, edit::EditEnv& env) {
  const auto flag = config ? std::optional<std::filesystem::path>(*config) : std::nullopt;
  SSHTUNE_TRY(targets, edit::edit_targets(flag));
  const edit::HostSettings settings{outcome.entry.host, outcome.entry.decision.ciphers,
                                    outcome.entry.decision.compression};
  return edit::apply_settings(targets, settings, edit::utc_minute_stamp(env.clock), dry_run, env);
}

}  // namespace sshtune::host
