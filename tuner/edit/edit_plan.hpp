#pragma once
// Pure planning of apply and revert: from snapshots of the user's config and the
// managed file to the exact new bytes of each file (nothing is written here).

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/edit/edit_targets.hpp"
#include "tuner/edit/managed_file.hpp"
#include "tuner/edit/snapshot.hpp"

#include <optional>
#include <string>
#include <vector>

namespace sshtune::edit {

// One file to change; `after` is nullopt when the file is to be deleted.
struct FileChange {
  FileSnapshot before;
  std::optional<std::string> after;
  bool backup = false;              // a user file: keep a .ssh-tune.bak copy before the first change
  std::optional<mode_t> mode = {};  // a new mode for the file, else its mode is kept
};

// The changes in the order they are made. Empty when nothing would change.
struct EditPlan {
  std::vector<FileChange> changes;
};

// What planning reads: both files as they are now and the client's facts.
struct PlanContext {
  EditTargets targets;
  FileSnapshot config;
  FileSnapshot managed;
  const sshconfig::ClientCapabilities& client;
};

// Puts `block` into the managed file (in place if the host has one) and the
// Include line at the top of the config if it is missing. The config and the
// new managed text must pass sshconfig::parse_checked. The managed file is written first.
Result<EditPlan> plan_apply(const PlanContext& context, const ManagedBlock& block);

// plan_apply for several blocks at once (each in place or appended, in order).
Result<EditPlan> plan_apply(const PlanContext& context, const std::vector<ManagedBlock>& blocks);

// Removes the block for `host` (every block when nullopt). When no block is left,
// also the managed file, the Include line, and the config itself if ssh-tune
// created it and nothing else is in it. The config is changed first.
Result<EditPlan> plan_revert(const PlanContext& context, const std::optional<std::string>& host);

// plan_revert for the blocks of several hosts (those without a block are ignored).
Result<EditPlan> plan_revert(const PlanContext& context, const std::vector<std::string>& hosts);

}  // namespace sshtune::edit
