#pragma once
// The copy tools' pass, after the decision: where the CPU sets the advised setting's pace, what scp, sftp
// and rsync cost of their own decides how long the copy the user runs takes, so each is timed as its
// snippet prints it. Where the link, a window or loss sets the pace, the tools' own work hides behind it
// and the stream's figures stand for them (nothing runs).

#include "rules/decision.hpp"
#include "tuner/host/pipeline.hpp"

#include <cstdint>

namespace sshtune::host {

// The size of a tool's trial file: what the advised setting streams in policy.timing.tool_stream, in whole
// MiB from policy.timing.least_tool_mib to most_tool_mib.
std::uint64_t tool_trial_bytes(const rules::Decision& decision, const rules::Policy& policy);

// Whether the tools are timed: an upload (the trials write to the server's null device or a directory of
// its own; nothing there can be read back) whose advised setting is CPU-bound, with env.time_tool set.
bool tools_are_timed(const HostRequest& request, const rules::Decision& decision, const HostEnvironment& env);

// Where tools_are_timed: times scp, sftp and rsync in turn with the decision's ciphers (as -c prints them
// for this client), compression and rsync compression, each copying tool_trial_bytes of m.sample repeated (the data the
// trials carried; zeros when null);
// files each as a trial (TrialRole::scp, ...: bytes, the whole command's seconds and, as setup_s, the log-in
// timed beside them: ToolTrials::login_s), a failure as a note,
// and the pass's time in m.passes.
void time_copy_tools(const HostRequest& request, const ResolvedHost& resolved, const rules::Decision& decision,
                     HostEnvironment& env, Measurement& m);

}  // namespace sshtune::host
