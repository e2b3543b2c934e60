#include "probes/libssh/libssh_known_hosts.hpp"

#include "probes/libssh/known_hosts_markers.hpp"

#include <libssh/libssh.h>

#include <fstream>
#include <memory>

namespace sshtune::probes {
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

// ssh's REVOKED HOST KEY refusal: a key marked @revoked is never accepted, whatever else the files say.
Result<void> refuse_revoked(const RemoteTarget& target, ssh_key key, const std::string& name) {
  SSHTUNE_TRY(revoked, find_revoked(target.known_hosts_files, name, key));
  if (!revoked) return ok();
  return refused(target, "REVOKED HOST KEY: " + describe_key(key) + " is marked @revoked for " + name + " at " +
                             revoked->file.string() + ":" + std::to_string(revoked->line) + "; refusing");
}

// A host that only a @cert-authority line covers: libssh 0.10 cannot check host certificates.
Result<void> refuse_cert_authority(const RemoteTarget& target, const std::string& name) {
  SSHTUNE_TRY(authority, find_cert_authority(target.known_hosts_files, name));
  if (!authority) return ok();
  return refused(target, "host keys for " + name + " are vouched for by @cert-authority at " +
                             authority->file.string() + ":" + std::to_string(authority->line) +
                             ", which ssh-tune cannot check (libssh 0.10 has no host certificates); add the host's "
                             "own key to known_hosts (ssh-keyscan, then verify it) to measure it");
}

// A damaged entry for the host is an error, never "unknown" (which --accept-new would act on).
Result<void> refuse_broken(const RemoteTarget& target, const std::string& name) {
  SSHTUNE_TRY(broken, find_broken_entry(target.known_hosts_files, name));
  if (!broken) return ok();
  return refused(target, "cannot use known_hosts file " + broken->file.string() + ": line " +
                             std::to_string(broken->line) + " names " + name + " but its key cannot be read");
}

// ssh's HOST KEY CHANGED refusal, naming the stored and the presented keys.
Error changed_key(const RemoteTarget& target, const std::filesystem::path& file, const std::string& name,
                  const std::string& presented) {
  std::string what = "HOST KEY CHANGED: " + file.string() + " has " + stored_keys(file, name);
  what += " for " + name + " but the server presented " + presented;
  what += "; refusing (remove the old entry only if you know why it changed)";
  return refused(target, what);
}

// The key's state in the files, first file first: OK, refused (changed), or nullopt (unknown everywhere).
Result<bool> known_in_files(ssh_session session, const RemoteTarget& target, const std::string& presented,
                            const std::string& name) {
  for (const auto& file : target.known_hosts_files) {
    switch (check_file(session, file)) {
      case SSH_KNOWN_HOSTS_OK: return true;
      case SSH_KNOWN_HOSTS_CHANGED:
      case SSH_KNOWN_HOSTS_OTHER: return changed_key(target, file, name, presented);
      case SSH_KNOWN_HOSTS_ERROR:
        return refused(target, "cannot use known_hosts file " + file.string() + ": " + ssh_get_error(session));
      default: break;  // unknown here, or the file does not exist: try the next file
    }
  }
  return false;
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
  SSHTUNE_TRYV(refuse_revoked(target, key.get(), name));
  SSHTUNE_TRYV(refuse_broken(target, name));
  SSHTUNE_TRY(known, known_in_files(session, target, presented, name));
  if (known) return access;
  SSHTUNE_TRYV(refuse_cert_authority(target, name));
  if (!target.accept_new || target.known_hosts_files.empty()) {
    return refused(target,
                   "host key " + presented + " for " + name +
                       " is not in known_hosts; verify it, then connect once with ssh or rerun with --accept-new");
  }
  SSHTUNE_TRYV(add_key(session, target));
  access.host_key_added = true;
  return access;
}

}  // namespace sshtune::probes
