#pragma once
// readconf.c read_config_file_depth() and process_config_line_depth(): reads one
// configuration file (and what it includes) line by line into the option store,
// switching blocks at Host and Match lines as the client's release does.

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_cache.hpp"
#include "tuner/sshconfig/evaluator.hpp"
#include "tuner/sshconfig/option_store.hpp"
#include "tuner/sshconfig/skip_index.hpp"

#include <optional>
#include <set>
#include <string>
#include <utility>

namespace sshtune::sshconfig {

// How a file is read: as a user config (relative Includes in ~/.ssh, '~' allowed),
// inside an inactive block (nothing in it applies), with ssh's permission check.
struct FileFlags {
  bool user_config = true;
  bool never_match = false;
  bool check_perm = false;
};

// The "file" name of -o options in messages and origins.
inline constexpr const char* k_command_line = "command-line";

// The facts Host and Match lines are tested against, for one pass.
struct PassFacts {
  std::string host;           // what Host patterns are matched against
  std::string original_host;  // the destination as typed
  std::string local_user;
  std::string local_hostname;
  std::string home;  // the passwd home (%d)
  unsigned long uid = 0;
  bool final_pass = false;
};

// Reads files and -o options into `store`; notes, dead lines and skipped exec
// commands go to `evaluation`.
class Walker {
 public:
  Walker(const ClientCapabilities& client, OptionStore& store, Evaluation& evaluation, const ExecRunner& exec)
      : m_client(client), m_store(store), m_evaluation(evaluation), m_exec(exec) {}

  PassFacts facts;
  bool want_final_pass = false;  // a Match final was seen (before 10.1 even a negated one)
  // Files read through this memo (for this walker's client), skipping what the skip
  // index proves inert; null: every file read from disk and every line processed.
  ConfigCache* cache = nullptr;

  // read_config_file_depth(): one file; its bad lines make the whole read fail
  // (one error naming the first, with a count of the others).
  Result<void> read_file(const std::string& path, FileFlags flags, bool& active, int depth);
  // One -o option, processed as ssh's command-line line 0.
  Result<void> command_line_option(const std::string& text);

 private:
  Result<void> read_cached(const std::string& path, FileFlags flags, bool& active, int depth);
  Result<void> walk(const ConfigFile& file, const SkipIndex* index, FileFlags flags, bool& active, int depth);
  struct SkipNames {  // the lower-cased names SkipKeys point to
    std::string match_host;
    std::string original_host;
  };
  std::size_t next_line(std::size_t i, const SkipIndex* index, FileFlags flags, bool active, bool& scoped) const;
  std::size_t next_file(const IncludeIndex* index, std::size_t from, bool never_match) const;
  SkipKeys skip_keys(bool never_match, bool match_lines, SkipNames& names) const;
  // The errno of a file that cannot be opened; nullopt when it opens or is refused by kind (read_file says why).
  std::optional<int> open_error(const std::string& path) const;
  // One line as the client's release reads it (as_read()); a message where ssh refuses it.
  Result<std::optional<std::string>> process(const ConfigLine& written, const std::string& path, FileFlags flags,
                                             bool& active, int depth, bool& scoped);
  std::optional<std::string> process_host(const ConfigLine& line, FileFlags flags, bool& active) const;
  Result<std::optional<std::string>> process_match(const ConfigLine& line, const std::string& path, FileFlags flags,
                                                   bool& active);
  // One Include line: each path's files read in turn; `where` (the file) names notes.
  Result<std::optional<std::string>> process_include(const ConfigLine& line, const std::string& where, FileFlags flags,
                                                     bool& active, int depth);
  Result<MatchContext> match_context() const;
  // An Include argument as `release` expands it (9.9 on: Match exec's %-tokens and
  // ${VAR}); nullopt when a ${VAR} does not expand, which ssh reports and skips.
  Result<std::optional<std::string>> include_path(const std::string& argument) const;
  void store(const KeywordInfo& info, const ConfigLine& line, const LineCheck& check, const Origin& origin,
             FileFlags flags, bool active, bool scoped);

  const ClientCapabilities& m_client;
  OptionStore& m_store;
  Evaluation& m_evaluation;
  const ExecRunner& m_exec;
  std::set<std::pair<std::string, std::size_t>> m_dead;  // the origins in m_evaluation.dead_lines
};

// Whether ssh's fopen() of a configuration file would succeed (a directory opens), or
// ssh-tune refuses it by kind (a FIFO, a device): reading it then reports why.
bool config_readable(const std::string& path);

// percent_expand(value, "h", host): the only token HostName allows.
Result<std::string> expand_hostname(const std::string& value, const std::string& host);

}  // namespace sshtune::sshconfig
