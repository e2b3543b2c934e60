#pragma once
// A group of sessions streaming together, timed over one stretch of the runner's clock by what each
// connection delivered, as the kernel counts it (TCP_INFO through sock_diag). Timed by their warm-up bytes
// instead (stream_group), the group waits for its slowest warm-up: on a path that loses packets one session
// that lost its first segments can take many seconds over a warm-up the others crossed in one, and the
// group's streams run on meanwhile. On the clock none waits: the stretch starts a fixed time after the
// release, past TCP's slow start, and each session counts what it moved in it. Included only by
// probes/*.cpp.

#include "probes/openssh/openssh_turn.hpp"

#include <chrono>
#include <optional>
#include <vector>

namespace sshtune::probes {

// The wait before a stretch on the clock that `spec` asks for (OpensshFeed::clock_warm_up), or none: not
// asked, or a compressed trial, whose connection carries less than its payload.
std::optional<std::chrono::milliseconds> clock_warm_up_of(const TrialSpec& spec);

// The stretch a group is timed over: the whole round trips that cover `wanted`, at least
// `least_round_trips` of them; `wanted` when no round trip is known (rtt_seconds 0). A session held by its
// window delivers a window per round trip in one burst, so a stretch of 2.5 round trips counts two or
// three of them.
std::chrono::milliseconds clock_stretch(std::chrono::milliseconds wanted, int least_round_trips, double rtt_seconds);

// Streams every active member of `group` (released already) for `warm_up`, then for the longest
// stream_time among them (clock_stretch, with the longest round trip among their specs' path_rtt_seconds
// and their connections' smoothed ones), and times each
// over that stretch by its connection's delivered bytes: an upload's bytes acknowledged by the server, a
// download's bytes received (SSH's framing, well under 1% of them, counts too). Each member is then done,
// its ssh ended, or failed (its stream ended early). Returns false at once, having streamed nothing, when
// the kernel shows no TCP connection for some member (its ssh reaches the host through a ProxyCommand):
// the caller then times the group with stream_group.
bool stream_on_clock(std::vector<Live*>& group, std::chrono::milliseconds warm_up, int least_round_trips,
                     const Clock& clock);

}  // namespace sshtune::probes
