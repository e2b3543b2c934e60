#include "probes/libssh/known_hosts_markers.hpp"

#include "base/read_file.hpp"
#include "base/strings.hpp"

#include <libssh/libssh.h>

#include <memory>
#include <sstream>

namespace sshtune::probes {
namespace {

struct EntryFree {
  void operator()(ssh_knownhosts_entry* entry) const { ssh_knownhosts_entry_free(entry); }
};
using EntryPtr = std::unique_ptr<ssh_knownhosts_entry, EntryFree>;

// The rest of a line after `marker` and its blanks, or nullopt when the line has another marker or none.
std::optional<std::string> after_marker(std::string_view line, std::string_view marker) {
  const std::string_view text = trim(line);
  if (!text.starts_with(marker) || text.size() == marker.size() ||
      (text[marker.size()] != ' ' && text[marker.size()] != '\t')) {
    return std::nullopt;
  }
  return std::string(trim(text.substr(marker.size())));
}

// The known_hosts entry of a marker line's rest when its host patterns match `name`.
EntryPtr matching_entry(const std::string& rest, const std::string& name) {
  ssh_knownhosts_entry* raw = nullptr;
  if (ssh_known_hosts_parse_line(name.c_str(), rest.c_str(), &raw) != SSH_OK) {
    ssh_knownhosts_entry_free(raw);
    return nullptr;
  }
  return EntryPtr(raw);
}

// The text of a known_hosts file; nullopt when it does not exist (ssh skips it too).
Result<std::optional<std::string>> read_known_hosts(const std::filesystem::path& file) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::optional<std::string>();
  SSHTUNE_TRY(text, read_file(file));
  return std::optional<std::string>(std::move(text));
}

// The first line of `files` for which `take(line)` holds; missing files are skipped.
template <typename Take>
Result<std::optional<MarkerLine>> first_line(const std::vector<std::filesystem::path>& files, Take take) {
  for (const auto& file : files) {
    SSHTUNE_TRY(text, read_known_hosts(file));
    if (!text) continue;
    std::istringstream lines(*text);
    std::size_t number = 0;
    for (std::string line; std::getline(lines, line);) {
      ++number;
      if (take(line)) return std::optional<MarkerLine>(MarkerLine{file, number});
    }
  }
  return std::optional<MarkerLine>();
}

// The first line of `files` with `marker` whose entry matches `name` and passes `accept`.
template <typename Accept>
Result<std::optional<MarkerLine>> find_marker(const std::vector<std::filesystem::path>& files, const std::string& name,
                                              std::string_view marker, Accept accept) {
  return first_line(files, [&](const std::string& line) {
    const auto rest = after_marker(line, marker);
    if (!rest) return false;
    const EntryPtr entry = matching_entry(*rest, name);
    return entry && accept(*entry);
  });
}

}  // namespace

Result<std::optional<MarkerLine>> find_revoked(const std::vector<std::filesystem::path>& files, const std::string& name,
                                               ssh_key key) {
  return find_marker(files, name, "@revoked", [key](const ssh_knownhosts_entry& entry) {
    return entry.publickey != nullptr && ssh_key_cmp(entry.publickey, key, SSH_KEY_CMP_PUBLIC) == 0;
  });
}

Result<std::optional<MarkerLine>> find_broken_entry(const std::vector<std::filesystem::path>& files,
                                                    const std::string& name) {
  return first_line(files, [&](const std::string& line) {
    const std::string entry(trim(line));
    if (entry.empty() || entry.front() == '#' || entry.front() == '@') return false;
    ssh_knownhosts_entry* raw = nullptr;
    const int rc = ssh_known_hosts_parse_line(name.c_str(), entry.c_str(), &raw);
    ssh_knownhosts_entry_free(raw);
    return rc == SSH_ERROR;  // SSH_AGAIN: a line for another host
  });
}

Result<std::optional<MarkerLine>> find_cert_authority(const std::vector<std::filesystem::path>& files,
                                                      const std::string& name) {
  return find_marker(files, name, "@cert-authority", [](const ssh_knownhosts_entry&) { return true; });
}

}  // namespace sshtune::probes
