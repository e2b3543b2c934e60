#pragma once
// `audit --fix`: from the findings of a client audit to precise edits of the
// lines they name (tuner/edit/line_rewrite), per file, with what each fix does
// and why the other findings stay. Pure: edit::rewrite_files() writes the plan.

#include "tuner/audit/config_set.hpp"
#include "tuner/audit/finding.hpp"
#include "tuner/edit/editor.hpp"

#include <sys/types.h>

#include <string>
#include <vector>

namespace sshtune::audit {

// One fix: a line's text before and after (indentation left out), or, with
// `line` 0, the file's mode ("mode 0664" and "mode 0644").
struct FixedLine {
  std::string file;
  std::size_t line = 0;
  std::string before;
  std::string after;
  bool operator==(const FixedLine&) const = default;
};

// A finding --fix leaves as it is, and why (one line).
struct Unfixed {
  std::string file;
  std::size_t line = 0;
  RuleId rule = RuleId::config_error;
  std::string reason;
  bool operator==(const Unfixed&) const = default;
};

// The new bytes of every file to change, and what the change fixes and leaves.
struct FixPlan {
  std::vector<edit::PlannedWrite> writes;  // one per file, in the audit's reading order
  std::vector<FixedLine> fixed;            // by file and line
  std::vector<Unfixed> unfixed;            // by file and line
};

// What the planner reads: the client audit's findings over `configs`, whether
// -F named the files (then system files may be fixed too) and the user's uid.
struct FixInput {
  const std::vector<Finding>& findings;
  const ClientConfigSet& configs;
  bool system_files = false;
  uid_t me = 0;
};

// The fixes:
// - algo-removed, algo-deprecated, algo-reenabled-legacy: drop the name from the
//   list. A '+' or '^' list left with no name is commented out when no other
//   line of the files sets that keyword (ssh then uses its defaults, which is
//   what the emptied list meant); a plain list is never emptied.
// - compression-lan, compression-rsync-stacked: Compression yes → no, when the
//   line's block is `Host HOST` for exactly the finding's host.
// - compression-all-hosts (and every compression finding of that line): the line
//   is commented out, and each of the finding's targets (measured slow links)
//   that no `Host T` block gives a Compression of its own gets a new block
//   `Host T` / `Compression yes` at the end of the file; with no target the line
//   is only commented out.
// - weak-first-cipher: the list's '^' becomes '+' (the names stay, last).
// - file-permissions: drop the group and other write bits of a file the user owns.
// Left alone: files with a config-error (they do not parse), files under /etc
// or read as the system configuration (unless `system_files`), and files whose
// FILE.ssh-tune.bak backup an Include pattern would read (`config.d/*`). Each
// located finding that is not fixed gets an Unfixed entry, except those about no
// single algorithm name on lines the plan rewrites (slow-cipher, say): whether
// they remain, only the audit after the fix can tell.
FixPlan plan_fixes(const FixInput& input);

}  // namespace sshtune::audit
