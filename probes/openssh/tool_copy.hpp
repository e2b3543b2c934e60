#pragma once
// Runs a copy tool's trial (probes/core/tool_trial.hpp) with the user's programs: `scp` and `sftp` from
// PATH with -S naming the ssh the trials use, `rsync -e` with that ssh; the host's alias and the user's
// -F/-p/-l/-i as `ssh` got them (-p as scp's -P, -l as -o User=), BatchMode so nothing prompts.

#include "base/clock.hpp"
#include "probes/core/tool_trial.hpp"

#include <string>
#include <vector>

namespace sshtune::probes {

// The argv of `spec`'s tool copying `source` into the server's `remote_dir` (sftp: the batch file `batch`
// puts it there); exposed for tests. Error when an argument cannot pass through rsync's -e (a single quote)
// or the alias cannot be scp's and sftp's destination (a colon).
Result<std::vector<std::string>> tool_trial_argv(const OpensshTarget& target, const ToolTrialSpec& spec,
                                                 const std::string& source, const std::string& batch,
                                                 const std::string& remote_dir);

// Makes a directory on the server (`mktemp -d` through the user's ssh), then for each spec writes
// spec.bytes of spec.payload into a private temporary directory here (under /dev/shm, else $TMPDIR or /tmp), runs the
// tool copying it into the server's directory and times it on `clock` from its start to its exit; then
// removes both directories; the directory's command is timed as ToolTrials::login_s. Each tool writes a new file
// there, named after it, as a first copy to DEST does: rsync would send a delta against an earlier copy, and scp and
// sftp would first truncate it, which a first copy never pays. A spec fails when its file cannot be
// written, its tool cannot start, exits non-zero (its last line of stderr) or runs past target.timeout plus a minute;
// every spec fails when the server's directory cannot be made.
ToolTrials time_tool_copies(const OpensshTarget& target, const std::vector<ToolTrialSpec>& specs, const Clock& clock);

}  // namespace sshtune::probes
