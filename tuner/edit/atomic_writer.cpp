#include "tuner/edit/atomic_writer.hpp"

#include "base/format.hpp"
#include "tuner/edit/new_file_owner.hpp"

#include <sys/stat.h>
#include <unistd.h>

namespace sshtune::edit {
namespace {

// The owner and mode the written file gets: the old file's, or 0600 and the
// owner that owner_for_new_file() gives for its directory.
Result<FileState> wanted_meta(FileSystem& fs, const FileSnapshot& before) {
  if (before.state.exists) {
    return before.state;
  }
  const auto dir = before.target.parent_path();
  SSHTUNE_TRY(dir_state, fs.stat(dir));
  SSHTUNE_TRY(owner, owner_for_new_file(dir, dir_state));
  FileState meta;
  meta.mode = k_new_file_mode;
  meta.uid = owner.uid;
  meta.gid = owner.gid;
  return meta;
}

// The refusal to replace a file with other hard links: a rename would split them.
Error splits_hard_links(const FileSnapshot& before) {
  return Error{ErrorKind::invalid_input,
               before.path.string() + ": has " + std::to_string(before.state.links) +
                   " hard links; ssh-tune writes a new file and renames it over the old one, which would split "
                   "them: keep one name and make the others symlinks to it, then run again"};
}

Error not_written(const std::filesystem::path& target, const Error& cause) {
  return Error{cause.kind, target.string() + ": not changed: " + cause.message};
}

// Unlinks the temp file unless the rename consumed it.
class TempGuard {
 public:
  TempGuard(FileSystem& fs, TempFile& file) : m_fs(fs), m_file(file) {}
  ~TempGuard() {
    if (!m_committed) {
      m_fs.discard(m_file);
    }
  }
  TempGuard(const TempGuard&) = delete;
  TempGuard& operator=(const TempGuard&) = delete;
  void commit() { m_committed = true; }

 private:
  FileSystem& m_fs;
  TempFile& m_file;
  bool m_committed = false;
};

}  // namespace

Error changed_since_read(const std::filesystem::path& target) {
  return Error{ErrorKind::io,
               target.string() + ": changed since ssh-tune read it; nothing was written, run the command again"};
}

std::filesystem::path backup_path_for(const std::filesystem::path& target) { return target.string() + ".ssh-tune.bak"; }

void remove_stale_temps(const std::filesystem::path& target) {
  // The same pattern as PosixFileSystem::create_temp: ".NAME.ssh-tune-XXXXXX", for the
  // target and for its backup (".NAME.ssh-tune.bak.ssh-tune-XXXXXX"), written under the same lock.
  const std::string prefixes[] = {"." + target.filename().string() + ".ssh-tune-",
                                  "." + backup_path_for(target).filename().string() + ".ssh-tune-"};
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(target.parent_path(), error)) {
    const std::string name = entry.path().filename().string();
    for (const std::string& prefix : prefixes) {
      if (name.size() == prefix.size() + 6 && name.starts_with(prefix) && entry.is_regular_file(error)) {
        std::filesystem::remove(entry.path(), error);
      }
    }
  }
}

Result<void> AtomicWriter::replace(const FileSnapshot& before, std::string_view content, const WriteOptions& options) {
  if (before.state.exists && (before.state.mode & S_IWUSR) == 0) {
    return Error{ErrorKind::io, before.target.string() + ": is read-only (mode " + octal_mode(before.state.mode) +
                                    "); refusing to replace it"};
  }
  if (before.state.exists && before.state.links > 1) {
    return splits_hard_links(before);
  }
  SSHTUNE_TRY(meta, wanted_meta(m_fs, before));
  if (options.backup && before.state.exists) {
    SSHTUNE_TRYV(write_backup(before));
  }
  meta.mode = options.mode.value_or(meta.mode);
  return write_via_temp(before.target, content, meta, &before);
}

Result<void> AtomicWriter::remove(const FileSnapshot& before) {
  if (!before.state.exists) {
    return ok();
  }
  SSHTUNE_TRY(same, unchanged_since(m_fs, before));
  if (!same) {
    return changed_since_read(before.target);
  }
  if (auto removed = m_fs.remove(before.target); !removed) {
    return not_written(before.target, removed.error());
  }
  return m_fs.sync_dir(before.target.parent_path());
}

Result<void> AtomicWriter::restore(const FileSnapshot& before) {
  if (before.state.exists) {
    return write_via_temp(before.target, before.content, before.state, nullptr);
  }
  SSHTUNE_TRY(now, m_fs.stat(before.target));
  if (!now.exists) {
    return ok();
  }
  SSHTUNE_TRYV(m_fs.remove(before.target));
  return m_fs.sync_dir(before.target.parent_path());
}

Result<void> AtomicWriter::write_backup(const FileSnapshot& before) {
  const auto backup = backup_path_for(before.target);
  std::error_code ignored;
  if (std::filesystem::is_symlink(backup, ignored)) {
    return Error{ErrorKind::invalid_input,
                 backup.string() + ": is a symlink; ssh-tune writes its backup only as a file of its own"};
  }
  SSHTUNE_TRY(existing, m_fs.stat(backup));
  if (existing.exists) {
    return ok();
  }
  FileState meta = before.state;
  meta.mode = k_new_file_mode;
  return write_via_temp(backup, before.content, meta, nullptr);
}

Result<void> AtomicWriter::fill_temp(TempFile& temp, std::string_view content, const FileState& meta) {
  SSHTUNE_TRYV(m_fs.write_all(temp, content));
  SSHTUNE_TRYV(m_fs.set_owner_and_mode(temp, meta));
  return m_fs.sync_and_close(temp);
}

Result<void> AtomicWriter::write_via_temp(const std::filesystem::path& target, std::string_view content,
                                          const FileState& meta, const FileSnapshot* must_be_unchanged) {
  const auto dir = target.parent_path();
  auto temp = m_fs.create_temp(dir, target.filename().string());
  if (!temp) {
    return not_written(target, temp.error());
  }
  TempGuard guard(m_fs, temp.value());
  auto filled = fill_temp(temp.value(), content, meta);
  if (!filled) {
    return not_written(target, filled.error());
  }
  if (must_be_unchanged != nullptr) {
    SSHTUNE_TRY(same, unchanged_since(m_fs, *must_be_unchanged));
    if (!same) {
      return changed_since_read(target);
    }
  }
  if (auto renamed = m_fs.rename(temp.value().path, target); !renamed) {
    return not_written(target, renamed.error());
  }
  guard.commit();
  return m_fs.sync_dir(dir);
}

}  // namespace sshtune::edit
