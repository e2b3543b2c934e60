#pragma once
// `ssh-tune host H1 H2 ...`, `host --all` and `host --hosts FILE`: every selected
// host tuned in one run (one environment, one host at a time), a summary table or
// a JSON array, and for --write/--dry-run one edit of every host that succeeded.

#include "tuner/cli/command.hpp"
#include "tuner/cli/host_targets.hpp"
#include "tuner/edit/editor.hpp"
#include "tuner/host/pipeline.hpp"

#include <iosfwd>
#include <string>
#include <vector>

namespace sshtune::cli {

// The output and write flags of a fleet run.
struct FleetFlags {
  bool json = false;     // stdout is the JSON array alone; notes and the edit report go to stderr
  bool write = false;    // one locked, verified edit of every successful host
  bool dry_run = false;  // one diff of that edit, nothing written
};

// Runs `selection` with `base`'s flags (each host's --hosts user and port win over
// -l and -p). Exit 0 when every host succeeded, 1 when any failed; an error only
// when nothing could run (ssh missing, a broken rule file) or the edit failed
// (then no file was modified).
Result<ExitCode> run_host_fleet(const HostSelection& selection, const host::HostRequest& base, const FleetFlags& flags,
                                Io& io);

// One request per selected host: `base` with the host's name, user and port.
std::vector<host::HostRequest> fleet_requests(const HostSelection& selection, const host::HostRequest& base);

// What --write or --dry-run did: the diff (or that nothing would change), or a "wrote PATH" line per file.
void print_write_report(const edit::EditReport& report, bool dry_run, std::ostream& out);

}  // namespace sshtune::cli
