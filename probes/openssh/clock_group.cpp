#include "probes/openssh/clock_group.hpp"
#include "probes/openssh/openssh_command.hpp"

#include <algorithm>
#include <cmath>

namespace sshtune::probes {
namespace {

using std::chrono::milliseconds;

// One member's count at one moment.
struct Reading {
  Clock::time_point at;
  std::uint64_t delivered = 0;
  TcpSample sample;
};

std::optional<Reading> read_now(const Live& live, const Clock& clock) {
  auto sample = live.stream->tcp_sample();
  if (!sample) return std::nullopt;
  const std::uint64_t delivered = upload(live) ? sample->bytes_acked : sample->bytes_received;
  return Reading{clock.now(), delivered, std::move(*sample)};
}

// Keeps a member's data moving: its input topped up, its outputs drained. A stream that ends before its
// time (ssh or the remote command exited) fails with what ssh said.
void keep_flowing(Live& live) {
  OpensshStream& s = *live.stream;
  if (upload(live)) s.feed(upload_warm_up(s.spec()) + s.spec().byte_cap);
  s.read_stderr();
  if (s.read_stdout()) return;
  const int status = s.finish(milliseconds(500));
  live.error = s.failure("the stream ended (status " + std::to_string(status) + ") before its time");
}

// What a member's stream has taken (an upload) or given (a download) so far.
std::uint64_t streamed(const Live& live) { return upload(live) ? live.stream->written() : live.stream->received(); }

// Streams the group's active members until `until`; `timed`, each member's spec.on_progress hears what it
// streamed since its stretch began.
void flow_until(std::vector<Live*>& group, Clock::time_point until, const Clock& clock, bool timed) {
  while (clock.now() < until) {
    for (Live* live : group) {
      if (!active(*live)) continue;
      keep_flowing(*live);
      const auto& progress = live->stream->spec().on_progress;
      if (timed && progress && active(*live)) progress(streamed(*live) - live->measured_from);
    }
    const auto left = std::chrono::duration_cast<milliseconds>(until - clock.now());
    poll_for(group, true, std::clamp(left, milliseconds(0), k_poll_slice));
  }
}

// Reads every active member's count into `readings` (one per member of the group, in order); a member the
// kernel no longer shows fails.
void read_all(std::vector<Live*>& group, std::vector<std::optional<Reading>>& readings, const Clock& clock) {
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (!active(*group[i])) continue;
    readings[i] = read_now(*group[i], clock);
    if (!readings[i]) group[i]->error = group[i]->stream->failure("its TCP connection closed before its time");
  }
}

// Marks the stretch's start on each member that reached it, as a warm-up's end would.
void mark_warmed(std::vector<Live*>& group, const std::vector<std::optional<Reading>>& readings) {
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (!active(*group[i]) || !readings[i]) continue;
    group[i]->warmed = true, group[i]->warmed_at = readings[i]->at, group[i]->measured_from = streamed(*group[i]);
  }
}

// A member's figure from its readings at its release, at the stretch's start and at its end.
void time_member(Live& live, const Reading& released, const Reading& from, const Reading& to) {
  TrialResult& result = live.result;
  result.bytes = to.delivered - from.delivered;
  result.wire_bytes = result.bytes;
  result.seconds = std::chrono::duration<double>(to.at - from.at).count();
  result.span = client_span(from.at, to.at);
  result.tcp = to.sample;
  // As in a warm-up by bytes: the time it took to reach the stretch, less its bytes at the measured rate.
  const double rate = result.seconds > 0 ? static_cast<double>(result.bytes) / result.seconds : 0;
  const double took = std::chrono::duration<double>(from.at - released.at).count();
  if (rate > 0) result.start_s = std::max(0.0, took - static_cast<double>(from.delivered - released.delivered) / rate);
  live.done = true;
}

// The longest round trip of the group's paths: each member's spec.path_rtt_seconds or its reading's
// smoothed round trip, whichever is longer (0: none known).
double longest_round_trip(const std::vector<Live*>& group, const std::vector<std::optional<Reading>>& readings) {
  double rtt = 0;
  for (std::size_t i = 0; i < group.size(); ++i) {
    rtt = std::max(rtt, readings[i] ? readings[i]->sample.rtt_seconds : 0.0);
    if (group[i]->stream) rtt = std::max(rtt, group[i]->stream->spec().path_rtt_seconds);
  }
  return rtt;
}

}  // namespace

std::optional<milliseconds> clock_warm_up_of(const TrialSpec& spec) {
  return spec.compression ? std::nullopt : spec.openssh.clock_warm_up;
}

milliseconds clock_stretch(milliseconds wanted, int least_round_trips, double rtt_seconds) {
  if (rtt_seconds <= 0) return wanted;
  const double round_trips = std::ceil(std::chrono::duration<double>(wanted).count() / rtt_seconds);
  return milliseconds(static_cast<long long>(std::max(round_trips, double(least_round_trips)) * rtt_seconds * 1000));
}

bool stream_on_clock(std::vector<Live*>& group, milliseconds warm_up, int least_round_trips, const Clock& clock) {
  std::vector<std::optional<Reading>> released(group.size()), from(group.size()), to(group.size());
  milliseconds longest{0};
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (!active(*group[i])) continue;
    released[i] = read_now(*group[i], clock);
    if (!released[i]) return false;
    longest = std::max(longest, group[i]->stream_time);
  }
  const auto start = clock.now() + warm_up;
  flow_until(group, start, clock, false);
  read_all(group, from, clock);
  mark_warmed(group, from);
  flow_until(group, start + clock_stretch(longest, least_round_trips, longest_round_trip(group, from)), clock, true);
  read_all(group, to, clock);
  for (std::size_t i = 0; i < group.size(); ++i) {
    if (active(*group[i]) && from[i] && to[i]) time_member(*group[i], *released[i], *from[i], *to[i]);
  }
  for (Live* live : group) {
    if (live->stream) live->stream->finish(milliseconds(0));  // nothing more to time: end its ssh now
  }
  return true;
}

}  // namespace sshtune::probes
