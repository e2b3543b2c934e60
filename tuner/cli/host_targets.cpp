#include "tuner/cli/host_targets.hpp"

#include "base/read_file.hpp"
#include "base/strings.hpp"
#include "tuner/audit/config_set.hpp"
#include "tuner/edit/host_settings.hpp"
#include "tuner/sshconfig/names.hpp"
#include "tuner/edit/text_lines.hpp"

#include <algorithm>
#include <charconv>

namespace sshtune::cli {
namespace {

Error usage(const std::string& message) { return Error{ErrorKind::usage, message}; }

bool is_pattern(const std::string& token) {
  return token.empty() || token.front() == '!' || token.find_first_of("*?") != std::string::npos;
}

Result<void> check_port(std::string_view port, const std::string& where) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), value);
  if (port.empty() || error != std::errc() || end != port.data() + port.size() || value == 0 || value > 65535) {
    return usage(where + ": bad port '" + std::string(port) + "'");
  }
  return ok();
}

// Splits "host:port", "[address]:port", "[address]" or "host" (a bare IPv6 address has no port).
Result<HostName> split_port(std::string_view text, const std::string& where) {
  HostName name;
  std::size_t colon = std::string_view::npos;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return usage(where + ": unbalanced '[' in '" + std::string(text) + "'");
    name.host = std::string(text.substr(1, close - 1));
    if (close + 1 < text.size() && text[close + 1] != ':') return usage(where + ": expected ':' after ']'");
    colon = close + 1 < text.size() ? close + 1 : colon;
  } else if (std::count(text.begin(), text.end(), ':') == 1) {
    colon = text.find(':');
    name.host = std::string(text.substr(0, colon));
  } else {
    name.host = std::string(text);
  }
  if (colon != std::string_view::npos) {
    SSHTUNE_TRYV(check_port(text.substr(colon + 1), where));
    name.port = std::string(text.substr(colon + 1));
  }
  return name;
}

// Adds `name` unless the same host is there already; a second user or port for it is an error.
Result<void> add_host(std::vector<HostName>& hosts, HostName name) {
  const auto it = std::find_if(hosts.begin(), hosts.end(), [&](const HostName& h) { return h.host == name.host; });
  if (it == hosts.end()) {
    hosts.push_back(std::move(name));
  } else if (*it != name) {
    return usage("host: " + name.host + " is named twice, with different users or ports");
  }
  return ok();
}

void add_once(std::vector<std::string>& list, const std::string& value) {
  if (std::find(list.begin(), list.end(), value) == list.end()) list.push_back(value);
}

Result<void> add_config_aliases(HostSelection& selection, const std::optional<std::string>& config_file) {
  SSHTUNE_TRY(found, config_aliases(config_file));
  if (found.aliases.empty()) {
    return usage("host: --all: no concrete Host alias in " + config_file.value_or("~/.ssh/config"));
  }
  for (const std::string& alias : found.aliases) {
    SSHTUNE_TRYV(add_host(selection.hosts, HostName{alias, {}, {}}));
  }
  selection.skipped = std::move(found.skipped);
  return ok();
}

Result<void> add_hosts_file(HostSelection& selection, const std::string& path) {
  SSHTUNE_TRY(text, read_file(path));
  SSHTUNE_TRY(entries, parse_hosts_file(text, path));
  for (HostName& entry : entries) {
    SSHTUNE_TRYV(add_host(selection.hosts, std::move(entry)));
  }
  return ok();
}

}  // namespace

Result<void> check_host_name(const std::string& host, const std::string& where) {
  const auto checked = sshconfig::check_host_alias(host);
  if (!checked) return usage(where + ": " + checked.error().message);
  return ok();
}

Result<HostName> parse_host_entry(std::string_view text, const std::string& where) {
  const auto at = text.rfind('@');
  std::optional<std::string> user;
  if (at != std::string_view::npos) {
    if (at == 0) return usage(where + ": empty user in '" + std::string(text) + "'");
    user = std::string(text.substr(0, at));
    if (const auto checked = sshconfig::check_remote_user(*user); !checked) {
      return usage(where + ": " + checked.error().message);
    }
    text = text.substr(at + 1);
  }
  SSHTUNE_TRY(name, split_port(text, where));
  SSHTUNE_TRYV(check_host_name(name.host, where));
  name.user = std::move(user);
  return name;
}

Result<std::vector<HostName>> parse_hosts_file(std::string_view text, const std::string& path) {
  std::vector<HostName> entries;
  const std::vector<std::string> lines = edit::split_lines(std::string(text));
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = trim(std::string_view(lines[i]).substr(0, lines[i].find('#')));
    const std::string where = path + ":" + std::to_string(i + 1);
    if (line.empty()) continue;
    if (split_words(line).size() != 1) {
      return usage(where + ": expected one [user@]host[:port], not '" + std::string(line) + "'");
    }
    SSHTUNE_TRY(entry, parse_host_entry(line, where));
    entries.push_back(std::move(entry));
  }
  if (entries.empty()) return usage(path + ": no hosts in the file");
  return entries;
}

Result<ConfigAliases> config_aliases(const std::optional<std::string>& config_file) {
  const std::filesystem::path path = config_file ? std::filesystem::path(*config_file) : audit::default_user_config();
  SSHTUNE_TRY(set, audit::load_config_tree(path, true, false));
  ConfigAliases found;
  for (const audit::LoadedFile& loaded : set.files) {
    for (const sshconfig::ConfigLine& line : loaded.file.lines) {
      if (line.keyword_lower != "host") continue;
      for (const sshconfig::Token& token : line.args) {
        const bool usable = !is_pattern(token.value) && check_host_name(token.value, "");
        add_once(usable ? found.aliases : found.skipped, token.value);
      }
    }
  }
  return found;
}

Result<HostSelection> select_hosts(const std::vector<std::string>& names, bool all,
                                   const std::optional<std::string>& hosts_file,
                                   const std::optional<std::string>& config_file) {
  HostSelection selection;
  selection.fleet = all || hosts_file || names.size() != 1;
  for (const std::string& name : names) {
    if (selection.fleet) {
      SSHTUNE_TRYV(check_host_name(name, "host"));
    }
    SSHTUNE_TRYV(add_host(selection.hosts, HostName{name, {}, {}}));
  }
  if (all) {
    SSHTUNE_TRYV(add_config_aliases(selection, config_file));
  }
  if (hosts_file) {
    SSHTUNE_TRYV(add_hosts_file(selection, *hosts_file));
  }
  if (selection.hosts.empty()) return usage("host: no host to tune");
  return selection;
}

}  // namespace sshtune::cli
