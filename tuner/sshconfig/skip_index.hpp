#pragma once
// Where a walk over one file must look while its block is inactive. In a large
// config most lines sit in blocks that are inactive for the host being evaluated,
// and reading such a line changes nothing when ssh's checks of it are clean. So a
// walk in an inactive block may jump to the next line that could change something:
// a line every walk processes (Include, a line with a notice or an error, a complex
// Host or Match line, StreamLocalBindMask, SyslogFacility) or a Host or Match line
// whose literal patterns name the host.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_file.hpp"

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace sshtune::sshconfig {

// What the lines a walk may skip are tested against at a jump; a null key matches no line.
struct SkipKeys {
  const std::string* host = nullptr;           // what Host patterns match; null in a never-match read
  const std::string* match_host = nullptr;     // Match host's name, lower-cased
  const std::string* original_host = nullptr;  // Match originalhost's name, lower-cased
  bool match_unknown = false;                  // the Match context cannot be computed: visit every Match line
};

// Positions (of lines in a file, or of files an Include matched) a walk must
// visit: those it always visits, and those that matter only when they name a key.
struct NamedPositions {
  using Names = std::unordered_map<std::string, std::vector<std::size_t>>;
  std::size_t size = 0;
  std::vector<std::size_t> always;  // visited by every walk
  std::vector<std::size_t> match;   // with Match lines: visited when the Match context is unknown
  Names host;                       // literal Host pattern -> positions naming it
  Names match_host;                 // lower-cased Match host name -> positions naming it
  Names match_original;             // lower-cased Match originalhost name -> positions naming it

  // The first position at or after `from` to visit given `keys` (`size` when none).
  std::size_t next(std::size_t from, const SkipKeys& keys) const;
  // Records that `position` (not below any recorded before) names `name` in `names`.
  static void add(Names& names, const std::string& name, std::size_t position);
};

// The skippable lines of one file, indexed by the names that can make them match.
class SkipIndex {
 public:
  // Indexes `file` as `client` reads it with `user_config` and IgnoreUnknown unset
  // (a walk with IgnoreUnknown set must not skip).
  SkipIndex(const ConfigFile& file, const ClientCapabilities& client, bool user_config);

  // The first line index at or after `from` that a walk in an inactive block must
  // process given `keys` (the file's line count when none): every line before it
  // is a blank, a comment, a clean directive, or a Host/Match line whose literal
  // patterns cannot match `keys` and whose reading has no other effect.
  std::size_t next_visit(std::size_t from, const SkipKeys& keys) const;

  // Whether the file has skippable Match lines (only they need the Match context).
  bool has_match_lines() const { return !m_lines.match.empty(); }

  // Whether reading the file from its top changes nothing unless one of its Host
  // or Match lines names the host: every line is skippable and no directive
  // comes before its first Host or Match line (whose block then starts inactive).
  bool inert_unless_named() const { return m_lines.always.empty() && !m_directive_first; }

  // The lines: skippable Host lines by literal pattern, skippable Match lines by
  // the lower-cased names of their first host or originalhost criterion.
  const NamedPositions& lines() const { return m_lines; }

  // Whether a skippable Host or Match line lies in [from, to): reading it would
  // have made the rest of the file scoped.
  bool header_between(std::size_t from, std::size_t to) const;

 private:
  void add_host(const ConfigLine& line, std::size_t index);
  void add_match(const ConfigLine& line, std::size_t index, const ClientCapabilities& client);

  NamedPositions m_lines;
  bool m_directive_first = false;      // a directive comes before the first Host or Match line
  std::vector<std::size_t> m_headers;  // skippable Host and Match lines
};

}  // namespace sshtune::sshconfig
