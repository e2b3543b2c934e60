#pragma once
// The audit's rules, by id. Reports print the ids (listed in ssh-tune(1)); the
// code dispatches on the enum, so a misspelt rule is a compile error.

#include <iosfwd>
#include <string_view>

namespace sshtune::audit {

enum class RuleId {
  algo_removed,               // the name was removed from OpenSSH
  algo_deprecated,            // deprecated (catalog tier)
  algo_weak,                  // weak (catalog tier)
  algo_unknown,               // the local OpenSSH does not know the name
  algo_server_legacy,         // sshd stopped offering it by default
  algo_reenabled_legacy,      // a '+' list brings back what OpenSSH dropped
  compression_lan,            // Compression yes towards a CPU-bound, window-bound or LAN host
  compression_all_hosts,      // Compression yes in a block that applies to every host
  compression_rsync_stacked,  // ssh compression under rsync's own
  compression_preauth_only,   // a server offering only pre-authentication zlib, which 9.9+ clients dropped
  config_error,               // ssh rejects the line or the file
  dsa_key,                    // an IdentityFile holding a DSA key (OpenSSH 10.0 removed DSA)
  file_permissions,           // a config file others may write
  include_missing,            // an Include that matches no file
  include_directory,          // an Include that matches a directory (read as empty)
  ipqos_ignored,              // IPQoS lowdelay/throughput/reliability, ignored from OpenSSH 10.1
  kex_no_post_quantum,        // a KexAlgorithms list without the post-quantum exchange this ssh has
  shadowed_setting,           // a setting an earlier block already decided
  slow_cipher,                // a cipher first that runs far below the fastest
  slow_first_cipher,          // a first cipher clearly slower than the fastest both ends support
  terrapin,                   // CVE-2023-48795 exposure
  weak_first_cipher,          // a '^' list that puts a weak cipher ahead of every default
};

// The id as reports print it: "algo-removed", "compression-lan", ...
std::string_view to_string(RuleId rule);

// Prints to_string(rule) (test failure messages, reports).
std::ostream& operator<<(std::ostream& out, RuleId rule);

}  // namespace sshtune::audit
