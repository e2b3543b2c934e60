#include "tuner/edit/snapshot.hpp"

#include <sys/stat.h>

namespace sshtune::edit {
Result<std::filesystem::path> resolve_target(const std::filesystem::path& path) {
  std::error_code error;
  const auto link = std::filesystem::symlink_status(path, error);
  if (error && error != std::errc::no_such_file_or_directory) {
    return Error{ErrorKind::io, path.string() + ": " + error.message()};
  }
  if (!std::filesystem::exists(link)) {
    return std::filesystem::absolute(path).lexically_normal();
  }
  auto real = std::filesystem::canonical(path, error);
  if (error) {
    return Error{ErrorKind::io, path.string() + ": is a symlink to a missing file (" + error.message() + ")"};
  }
  return real;
}

namespace {

// Ok for a regular file; the refusal naming what else `path` is.
Result<void> check_editable(const std::filesystem::path& path, const FileState& state) {
  if (state.null_device) {
    return Error{ErrorKind::invalid_input, path.string() +
                                               ": is the null device; ssh-tune writes only regular files: name your "
                                               "own config with -F, or leave -F out"};
  }
  if (state.kind == FileKind::directory) return Error{ErrorKind::io, path.string() + ": is a directory"};
  if (state.kind != FileKind::regular) {
    return Error{ErrorKind::invalid_input, not_regular_message(path.string(), state.kind)};
  }
  return ok();
}

}  // namespace

Result<FileSnapshot> take_snapshot(FileSystem& fs, const std::filesystem::path& path) {
  FileSnapshot snapshot;
  snapshot.path = path;
  SSHTUNE_TRY(target, resolve_target(path));
  snapshot.target = target;
  std::error_code ignored;
  snapshot.via_symlink = std::filesystem::is_symlink(path, ignored);
  SSHTUNE_TRY(state, fs.stat(snapshot.target));
  snapshot.state = state;
  if (!state.exists) {
    return snapshot;
  }
  SSHTUNE_TRYV(check_editable(path, state));
  SSHTUNE_TRY(content, fs.read(snapshot.target));
  snapshot.content = std::move(content);
  return snapshot;
}

Result<bool> unchanged_since(FileSystem& fs, const FileSnapshot& before) {
  SSHTUNE_TRY(now, fs.stat(before.target));
  if (now.exists != before.state.exists) {
    return false;
  }
  if (!now.exists) {
    return true;
  }
  if (now.inode != before.state.inode || now.device != before.state.device || now.size != before.state.size ||
      now.mtime_ns != before.state.mtime_ns) {
    return false;
  }
  SSHTUNE_TRY(content, fs.read(before.target));
  return content == before.content;
}

}  // namespace sshtune::edit
