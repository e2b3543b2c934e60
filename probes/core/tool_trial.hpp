#pragma once
// A copy tool's own trial: scp, sftp or rsync run the way `host` prints it (templates/*.tmpl) over the
// user's ssh, copying one file of spec.bytes, timed whole. What the tool itself costs (its processes, its
// reads, rsync's checksums and pipeline) shows where the CPU, not the link, sets the pace. Nothing stays
// on the server: the tools write into a directory the server's `mktemp -d` makes for the trials, removed
// after them (a real copy writes its DEST, so the server's writing is timed too).
// The interface lives here so the host pipeline can use it without linking the adapter;
// probes/openssh implements it (tool_copy.hpp).

#include "base/copy_tool.hpp"
#include "base/result.hpp"
#include "probes/core/openssh_runner.hpp"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::probes {

struct ToolTrialSpec {
  CopyTool tool = CopyTool::scp;
  std::string ciphers;                         // -c as the snippet prints it ("^a,b" or "a,b"); empty: none given
  bool compression = false;                    // ssh's Compression (rsync's snippet never asks ssh to compress)
  std::string rsync_compress;                  // rsync's own flag as printed ("--compress-choice=zstd", "-z") or ""
  std::uint64_t bytes = 0;                     // the file's size
  std::shared_ptr<const std::string> payload;  // its content, repeated; null: zeros
};

// What the tools' trials gave: for each spec in order, the seconds its whole command took (log-in
// included) or why it could not run or failed ("rsync: bash: rsync: command not found"); and, when the
// server's directory could not be removed, what is left there and why ("" otherwise); and what the
// command that made that directory took, a log-in and a remote command beside the tools' own (what of a
// tool's time is not its copying; nullopt when it failed).
struct ToolTrials {
  std::vector<Result<double>> seconds;
  std::string left_behind;
  std::optional<double> login_s;
};

// The pipeline's seam: production binds probes/openssh's time_tool_copies to the real clock.
using ToolTimer = std::function<ToolTrials(const OpensshTarget& target, const std::vector<ToolTrialSpec>& specs)>;

}  // namespace sshtune::probes
