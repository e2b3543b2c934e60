#include "probes/libssh_known_hosts.hpp"

#include <libssh/libssh.h>

#include <fstream>
#include <memory>

namespace sshtune {
namespace {

struct KeyFree {
  void operator()(ssh_key key) const { ssh_key_free(key); }
};
using KeyPtr = std::unique_ptr<ssh_key_struct, KeyFree>;

struct EntryFree {
  void operator()(ssh_knownhosts_entry* entry) const { ssh_knownhosts_entry_free(entry); }
};
using EntryPtr = std::unique_ptr<ssh_knownhosts_entry, EntryFree>;

// "SHA256:base64" as ssh-keygen -l prints it.
std::string fingerprint(ssh_key key) {
  unsigned char* hash = nullptr;
  size_t length = 0;
  if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK) {
    return "(no fingerprint)";
  }
  char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
  ssh_clean_pubkey_hash(&hash);
  std::string result = text != nullptr ? text : "(no fingerprint)";
  ssh_string_free_char(text);
  return result;
}

std::string describe_key(ssh_key key) {
  return std::string(ssh_key_type_to_char(ssh_key_type(key))) + " " + fingerprint(key);
}

// The keys stored for `name` in `file`, described as "type SHA256:...", for the changed-key message.
std::string stored_keys(const std::filesystem::path& file, const std::string& name) {
  std::ifstream in(file);
  std::string line, keys;
  while (std::getline(in, line)) {
    ssh_knownhosts_entry* raw = nullptr;
    if (ssh_known_hosts_parse_line(name.c_str(), line.c_str(), &raw) != SSH_OK || raw == nullptr) {
      continue;
    }
    EntryPtr entry(raw);
    keys += (keys.empty() ? "" : ", ") + describe_key(entry->publickey);
  }
  return keys.empty() ? "(unreadable entry)" : keys;
}

Error refused(const RemoteTarget& target, const std::string& what) {
  return Error{ErrorKind::remote, describe(target) + ": " + what};
}

// State of the server key in one file; libssh checks its "user" and "global" file, so point both at it.
ssh_known_hosts_e check_file(ssh_session session, const std::filesystem::path& file) {
  ssh_options_set(session, SSH_OPTIONS_KNOWNHOSTS, file.c_str());
  ssh_options_set(session, SSH_OPTIONS_GLOBAL_KNOWNHOSTS, file.c_str());
  return ssh_session_is_known_server(session);
}

Result<void> add_key(ssh_session session, const RemoteTarget& target) {
  const auto& file = target.known_hosts_files.front();
  ssh_options_set(session, SSH_OPTIONS_KNOWNHOSTS, file.c_str());
  if (ssh_session_update_known_hosts(session) != SSH_OK) {
    return refused(target, "cannot add the host key to " + file.string() + ": " + ssh_get_error(session));
  }
  return ok();
}

}  // namespace

Result<AccessCheck> verify_host_key(ssh_session session, const RemoteTarget& target) {
  ssh_key raw_key = nullptr;
  if (ssh_get_server_publickey(session, &raw_key) != SSH_OK) {
    return refused(target, std::string("server sent no host key: ") + ssh_get_error(session));
  }
  const KeyPtr key(raw_key);
  AccessCheck access{ssh_key_type_to_char(ssh_key_type(key.get())), fingerprint(key.get()), false, "", std::nullopt};
  const std::string presented = describe_key(key.get());
  const std::string name = known_hosts_name(target);
  for (const auto& file : target.known_hosts_files) {
    switch (check_file(session, file)) {
      case SSH_KNOWN_HOSTS_OK:
        return access;
      case SSH_KNOWN_HOSTS_CHANGED:
      case SSH_KNOWN_HOSTS_OTHER:
        return refused(target, "HOST KEY CHANGED: " + file.string() + " has " + stored_keys(file, name) +
                                   " for " + name + " but the server presented " + presented +
                                   "; refusing (remove the old entry only if you know why it changed)");
      default:
        break;  // unknown here, or the file does not exist: try the next file
    }
  }
  if (!target.accept_new || target.known_hosts_files.empty()) {
    return refused(target, "host key " + presented + " for " + name +
                               " is not in known_hosts; verify it, then connect once with ssh or rerun with --accept-new");
  }
  SSHTUNE_TRYV(add_key(session, target));
  access.host_key_added = true;
  return access;
}

}  // namespace sshtune
