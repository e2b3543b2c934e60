#pragma once
// compression-rsync-stacked: ssh's zlib stacked under rsync's own compression, so
// the data is compressed twice (slower, never smaller). Two sources of evidence:
// RSYNC_RSH forcing ssh compression for every rsync, and Compression yes for a
// host whose measured recommendation compresses with rsync (-z/--compress-choice).

#include "tuner/audit/finding.hpp"
#include "tuner/audit/measured_host.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <optional>
#include <string>

namespace sshtune::audit {

// A warn when the RSYNC_RSH value turns ssh compression on (-C, or a
// Compression=yes option); nullopt otherwise or when unset.
std::optional<Finding> audit_rsync_rsh(const std::optional<std::string>& rsync_rsh);

// A warn at the Compression line when it is on for a host whose facts say rsync
// itself compresses (MeasuredHost::rsync_compress non-empty) and ssh compression
// does not pay; nullopt otherwise. Where the measurement recommended Compression
// yes too (a slow link), that line is ssh-tune's own advice for ssh, scp and sftp,
// and its rsync snippet and `ssh-tune ssh` turn ssh compression off under rsync.
std::optional<Finding> audit_rsync_stacking(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts);

}  // namespace sshtune::audit
