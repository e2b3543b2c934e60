#include "tuner/audit/rule_id.hpp"

#include <ostream>

namespace sshtune::audit {

std::string_view to_string(RuleId rule) {
  switch (rule) {
    case RuleId::algo_removed: return "algo-removed";
    case RuleId::algo_deprecated: return "algo-deprecated";
    case RuleId::algo_weak: return "algo-weak";
    case RuleId::algo_unknown: return "algo-unknown";
    case RuleId::algo_server_legacy: return "algo-server-legacy";
    case RuleId::algo_reenabled_legacy: return "algo-reenabled-legacy";
    case RuleId::compression_lan: return "compression-lan";
    case RuleId::compression_all_hosts: return "compression-all-hosts";
    case RuleId::compression_rsync_stacked: return "compression-rsync-stacked";
    case RuleId::compression_preauth_only: return "compression-preauth-only";
    case RuleId::config_error: return "config-error";
    case RuleId::dsa_key: return "dsa-key";
    case RuleId::file_permissions: return "file-permissions";
    case RuleId::include_missing: return "include-missing";
    case RuleId::include_directory: return "include-directory";
    case RuleId::ipqos_ignored: return "ipqos-ignored";
    case RuleId::kex_no_post_quantum: return "kex-no-post-quantum";
    case RuleId::shadowed_setting: return "shadowed-setting";
    case RuleId::slow_cipher: return "slow-cipher";
    case RuleId::slow_first_cipher: return "slow-first-cipher";
    case RuleId::terrapin: return "terrapin";
    case RuleId::weak_first_cipher: return "weak-first-cipher";
  }
  return "unknown-rule";
}

std::ostream& operator<<(std::ostream& out, RuleId rule) { return out << to_string(rule); }

}  // namespace sshtune::audit
