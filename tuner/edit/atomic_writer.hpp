#pragma once
// Crash-safe replacement of one file: temp file in the target's directory, write,
// fsync, keep mode and owner, re-check the target, rename over the real target
// (so symlinks survive), fsync the directory. The caller holds the FileLock.

#include "tuner/edit/file_system.hpp"
#include "tuner/edit/snapshot.hpp"

#include <filesystem>
#include <optional>
#include <string_view>

namespace sshtune::edit {

// Mode of files ssh-tune creates: ssh refuses included files writable by others.
inline constexpr mode_t k_new_file_mode = 0600;

struct WriteOptions {
  // Copy the old content to TARGET.ssh-tune.bak first, unless that backup already
  // exists (it keeps the state from before ssh-tune's first change).
  bool backup = false;
  // Give the file this mode instead of keeping the old one (a repair of unsafe modes).
  std::optional<mode_t> mode = {};
};

class AtomicWriter {
 public:
  explicit AtomicWriter(FileSystem& fs) : m_fs(fs) {}

  // Replaces before.target with `content`, keeping its mode (unless options.mode
  // sets one) and owner (0600 and the caller's ids for a new file). On any error
  // the target is left as it was; refuses a read-only target and one that
  // changed since `before` was taken.
  Result<void> replace(const FileSnapshot& before, std::string_view content, const WriteOptions& options = {});

  // Deletes before.target, refusing if it changed since `before` was taken.
  Result<void> remove(const FileSnapshot& before);

  // Rollback: puts back what `before` recorded (content and mode, or no file at
  // all), whatever is there now.
  Result<void> restore(const FileSnapshot& before);

 private:
  Result<void> write_via_temp(const std::filesystem::path& target, std::string_view content, const FileState& meta,
                              const FileSnapshot* must_be_unchanged);
  // Writes, chmods/chowns and fsyncs the temp file.
  Result<void> fill_temp(TempFile& temp, std::string_view content, const FileState& meta);
  Result<void> write_backup(const FileSnapshot& before);

  FileSystem& m_fs;
};

// Deletes temp files that a killed writer of `target` or of its backup left in its directory.
// Call only while holding the target's lock: any such file is then orphaned.
void remove_stale_temps(const std::filesystem::path& target);

// The refusal of a write because `target` is no longer what ssh-tune read:
// "TARGET: changed since ssh-tune read it; nothing was written, run the command again".
Error changed_since_read(const std::filesystem::path& target);

// Where replace() keeps the pre-ssh-tune copy of `target`: "TARGET.ssh-tune.bak".
std::filesystem::path backup_path_for(const std::filesystem::path& target);

}  // namespace sshtune::edit
