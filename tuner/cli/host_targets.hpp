#pragma once
// Which hosts one `ssh-tune host` run tunes: the names on the command line,
// `--hosts FILE` (one `[user@]host[:port]` a line, `#` comments) and `--all`
// (every concrete Host alias of the user's config and its Includes).

#include "base/result.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::cli {

// One host to tune: the alias, and the user and port a --hosts line gave it.
struct HostName {
  std::string host;
  std::optional<std::string> user;
  std::optional<std::string> port;
  bool operator==(const HostName&) const = default;
};

// What the flags select. `fleet` is false only for exactly one name on the
// command line, which keeps `ssh-tune host HOST`'s single-host output.
struct HostSelection {
  std::vector<HostName> hosts;       // in the order given, each once
  std::vector<std::string> skipped;  // --all: Host patterns and negations, in file order
  bool fleet = false;
};

// The one check of a host name the user gave (`where` prefixes the message, e.g.
// "hosts.txt:3"): a single ssh_config Host token. Usage error otherwise.
Result<void> check_host_name(const std::string& host, const std::string& where);

// Parses "[user@]host[:port]"; "[address]:port" for IPv6 (a bare IPv6 address has no port).
Result<HostName> parse_host_entry(std::string_view text, const std::string& where);

// The entries of a --hosts file's `text`; blank lines and `#` comments are skipped.
// Errors name "PATH:LINE"; a file without entries is an error too.
Result<std::vector<HostName>> parse_hosts_file(std::string_view text, const std::string& path);

// The concrete aliases of the Host lines of the user's config (`config_file`, else
// ~/.ssh/config) and everything it includes (that file's lines first, then each
// included file's), each once; patterns
// (`*`, `?`) and negations (`!`) go to `skipped`. Error when the file cannot be read.
struct ConfigAliases {
  std::vector<std::string> aliases;
  std::vector<std::string> skipped;
};
Result<ConfigAliases> config_aliases(const std::optional<std::string>& config_file);

// The selection for `names` (positional), `all` (--all) and `hosts_file`
// (--hosts), in that order, the same host named again dropped. Usage error when
// nothing is selected or one host is named with two different users or ports.
Result<HostSelection> select_hosts(const std::vector<std::string>& names, bool all,
                                   const std::optional<std::string>& hosts_file,
                                   const std::optional<std::string>& config_file);

}  // namespace sshtune::cli
