#pragma once
// Test fixtures that keep tests away from the user's real files.

#include <sys/stat.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace sshtune::testing {

// A fresh directory under $TMPDIR (or /tmp), removed with its contents on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return m_path; }
  // Writes `text` to path()/name (creating parent folders) and returns the full path.
  std::filesystem::path write(const std::string& name, const std::string& text) const;

 private:
  std::filesystem::path m_path;
};

// Sets an environment variable for the lifetime of the object, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, const std::string& value);
  ~ScopedEnv();
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string m_name;
  std::optional<std::string> m_old;
};

// Reads a whole file; empty if it cannot be read.
std::string read_file(const std::filesystem::path& path);

// How many times `needle` occurs in `text` (overlapping occurrences count).
int count_of(const std::string& text, const std::string& needle);

// A file's permission bits (0 when it cannot be stat'ed).
mode_t mode_of(const std::filesystem::path& path);

// A file's modification time in nanoseconds, to prove a file was not touched.
std::int64_t mtime_ns_of(const std::filesystem::path& path);

}  // namespace sshtune::testing
