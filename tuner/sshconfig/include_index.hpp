#pragma once
// Which of the files one Include argument matched a walk must read. A file is
// inert for a host when reading it can change nothing: it opens, ssh accepts its
// owner and mode, its skip index says it is inert unless named, and none of its
// Host or Match lines names the host. A walk may pass over such files unread, so
// an Include of thousands of one-host files costs what the host's own files cost.

#include "tuner/sshconfig/skip_index.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace sshtune::sshconfig {

class ConfigCache;

// The matched files of one Include argument, indexed by the names that make them matter.
class IncludeIndex {
 public:
  // Indexes `files` (in reading order) as read through `cache` with `user_config`.
  IncludeIndex(const std::vector<std::string>& files, ConfigCache& cache, bool user_config);

  // The first position at or after `from` of a file a walk must read given `keys`
  // (the number of files when none): every file before it is inert for them.
  std::size_t next_file(std::size_t from, const SkipKeys& keys) const;

  // Whether any inert-unless-named file has Match lines (only they need the Match context).
  bool has_match_lines() const { return !m_files.match.empty(); }

 private:
  void add_file(const NamedPositions& lines, std::size_t position);

  NamedPositions m_files;  // positions in the matched files' list
};

}  // namespace sshtune::sshconfig
