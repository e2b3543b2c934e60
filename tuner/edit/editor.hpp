#pragma once
// One locked, verified edit of the user's ssh configuration: plan, write every
// file atomically, check the result with the real `ssh -G`, roll back on failure.

#include "base/clock.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/edit/edit_targets.hpp"
#include "tuner/edit/file_system.hpp"
#include "tuner/edit/host_settings.hpp"
#include "tuner/edit/ssh_client.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::edit {

// The outside world of an edit; tests swap in faulty file systems or a fake ssh.
struct EditEnv {
  FileSystem& fs;
  const sshconfig::ClientCapabilities& client;
  SshClient& ssh;
  const Clock& clock;  // waits for another process's lock, and the stamps of backups and blocks
};

// What an edit did (or, for a dry run, would do).
struct EditReport {
  std::vector<std::filesystem::path> changed;  // files written or deleted, as named
  std::vector<std::filesystem::path> removed;  // the subset of `changed` that is (to be) deleted
  std::string diff;                            // unified diff of every change (dry run only)
};

// `ssh-tune apply` (and `host --write`): writes the block for settings.host
// (stamped `written_at`), adding the Include line if needed. The alias must pass
// sshconfig::check_host_alias and the rendered block check_block before anything
// is read or written. Nothing is written when the settings are already there.
// On error nothing is modified and the message names the file.
Result<EditReport> apply_settings(const EditTargets& targets, const HostSettings& settings,
                                  const std::string& written_at, bool dry_run, EditEnv& env);

// `ssh-tune host --write` for several hosts: every host's block in one locked,
// verified edit (ssh -G must show each host's settings afterwards, else all is
// restored). Nothing is written when every block is already there; an empty list
// changes nothing. Errors as apply_settings.
Result<EditReport> apply_all_settings(const EditTargets& targets, const std::vector<HostSettings>& all,
                                      const std::string& written_at, bool dry_run, EditEnv& env);

// `ssh-tune revert`: removes the block for `host` (all blocks when nullopt), and
// the Include line and managed file once no block is left.
// Apply and revert hold the locks of the config and of the managed file while
// they plan again, write and verify; stale temp files (of the files and their
// backups) that a killed writer left are removed under those locks.
Result<EditReport> revert_settings(const EditTargets& targets, const std::optional<std::string>& host, bool dry_run,
                                   EditEnv& env);

// `ssh-tune revert H1 H2...`: removes the blocks for `hosts` in one edit (as
// revert_settings; hosts without a block are ignored); an empty list changes nothing.
Result<EditReport> revert_hosts(const EditTargets& targets, const std::vector<std::string>& hosts, bool dry_run,
                                EditEnv& env);

// One file of a rewrite (`audit --fix`): the bytes ssh-tune read and planned
// from, and the bytes (and, for a repair of unsafe modes, the mode) to give it.
struct PlannedWrite {
  std::filesystem::path path;
  std::string before;
  std::string after;
  std::optional<mode_t> mode = {};
};

// Writes `writes` as one edit: locks `check_config` (the lock apply and revert take
// for that configuration, so the two kinds of edit exclude each other) and every
// file (in one order), refuses if any no
// longer holds its `before` bytes, writes each atomically with a .ssh-tune.bak
// backup, keeping owner and mode unless a new mode is planned, and restores them
// all if `ssh -G -F check_config` rejects the result (when it accepted the files
// before). A dry run writes nothing and reports the unified diff. On error nothing
// is modified and the message names the file.
Result<EditReport> rewrite_files(const std::vector<PlannedWrite>& writes, const std::filesystem::path& check_config,
                                 bool dry_run, EditEnv& env);

// The current UTC time to the minute, as blocks record it: "2026-11-30T05:40Z".
std::string utc_minute_stamp(const Clock& clock);

}  // namespace sshtune::edit
