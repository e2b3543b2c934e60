#include "tuner/host/fleet_write.hpp"

namespace sshtune::host {

Result<edit::EditReport> write_fleet(const std::vector<FleetResult>& results, const std::optional<std::string>& config,
                                     bool dry_run, edit::EditEnv& env) {
  std::vector<edit::HostSettings> all;
  for (const FleetResult& result : results) {
    if (!result.outcome) continue;
    const CachedHost& entry = result.outcome->entry;
    all.push_back(edit::HostSettings{entry.host, entry.decision.ciphers, entry.decision.compression});
  }
  if (all.empty()) return edit::EditReport{};
  const auto flag = config ? std::optional<std::filesystem::path>(*config) : std::nullopt;
  SSHTUNE_TRY(targets, edit::edit_targets(flag));
  return edit::apply_all_settings(targets, all, edit::utc_minute_stamp(env.clock), dry_run, env);
}

}  // namespace sshtune::host
