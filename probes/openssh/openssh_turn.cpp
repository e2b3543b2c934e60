#include "probes/openssh/openssh_turn.hpp"
#include "probes/openssh/openssh_command.hpp"

#include "base/clock.hpp"

#include <poll.h>

#include <algorithm>

namespace sshtune::probes {
namespace {

using std::chrono::milliseconds;

// How long a stream may take to end once its data is out (the last window drains, the process exits).
constexpr milliseconds k_exit_grace{3000};

std::uint64_t warm_up(const Live& live) {
  return upload(live) ? upload_warm_up(live.stream->spec()) : live.stream->spec().warm_up_bytes;
}

// An upload's clock starts once ssh has taken this much of its input: its first turn's warm-up and
// read-ahead, or in a later turn spec.warm_up_bytes more (the pause drained only the pipeline).
std::uint64_t warm_up_end(const Live& live) {
  return live.first_turn ? warm_up(live) : live.turn_from + live.stream->spec().warm_up_bytes;
}

// Whether an upload's warm-up is over. One the server times (a pipe's) is warm once the server's first
// clock reading arrives, its `head` having taken the warm-up: ssh reads its input up to a window ahead
// of what it sent, and sends a window unacknowledged, so its own count would start the clock while a long
// path's slow start still holds the warm-up back, and the server would time a burst. Any other once ssh
// has taken it.
bool warm_up_done(const Live& live) {
  if (live.first_turn && !upload_timed_here(live.stream->spec())) {
    return live.stream->output().find('\n') != std::string::npos;
  }
  return live.stream->written() >= warm_up_end(live);
}

// Reads both outputs; an end of stdout before the marker is the connection's failure.
void read_outputs(Live& live) {
  live.stream->read_stderr();
  const bool open = live.stream->read_stdout();
  if (!open && !live.stream->ready()) {
    const int status = live.stream->finish(milliseconds(500));
    live.error = live.stream->failure("the OpenSSH client ended (status " + std::to_string(status) +
                                      ") before the remote command started");
  }
}

// The seconds `live`'s stream lost before it ran at its measured rate (TrialResult::start_s; every timed
// stream was released); none when nothing was timed.
void record_start_cost(Live& live) {
  if (!live.first_turn) return;  // a later turn's session was past its start long ago
  const double rate = live.result.seconds > 0 ? static_cast<double>(live.result.bytes) / live.result.seconds : 0;
  if (rate <= 0) return;
  const double warm_up_took = std::chrono::duration<double>(live.warmed_at - live.released_at).count();
  // What crossed from its turn's start to its warm-up's end: what ssh took, or for an upload the server
  // times, what the server's warm-up took (ssh had read further ahead).
  const auto& spec = live.stream->spec();
  const std::uint64_t warmed_with =
      upload(live) && !upload_timed_here(spec) ? std::max(upload_warm_up(spec), live.before_turn) : live.measured_from;
  const double in_turn = static_cast<double>(warmed_with - live.before_turn);
  live.result.start_s = std::max(0.0, warm_up_took - in_turn / rate);
}

// Fails `live` unless the server's count covers what ssh sent (less means data was lost on the way).
bool server_received_all(Live& live) {
  const auto counted = server_count(live.stream->output());
  if (counted && *counted >= live.sent_at_end) return true;
  live.error = live.stream->failure("the server counted " + (counted ? std::to_string(*counted) : "nothing") +
                                    " of the " + std::to_string(live.sent_at_end) + " bytes sent");
  return false;
}

// What ssh took from its input between the warm-up's end and the input's end, on this side's clock: by
// then ssh's buffers, the socket and the channel window are full, and as full when the input ends, so on a
// fast link that is what the server received.
void time_here(Live& live) {
  live.result.bytes = live.sent_at_end - live.measured_from;
  live.result.seconds = std::chrono::duration<double>(*live.ended_at - live.warmed_at).count();
  live.result.span = client_span(live.warmed_at, *live.ended_at);
  record_start_cost(live);
  live.done = true;
}

// A pipe's upload (a slower link) is the server's count over its two clock readings: ssh takes its input
// a window adjust (1 MiB) at a time, too coarse to time a slow link by. A remote date without %N leaves
// this side's clock.
void time_on_the_server(Live& live) {
  const auto server = server_interval(live.stream->output());
  if (!server) return time_here(live);
  live.result.bytes = server->bytes;
  live.result.seconds = server->seconds;
  live.result.span = TrialResult::Span{server->start, server->start + server->seconds, true};
  record_start_cost(live);
  live.done = true;
}

// What TCP counted on the session's connection, from its start to its first turn's end (later turns of
// the same connection would count the same segments again). Taken as the timed interval ends, while ssh
// still holds the connection: by the end of its output it has closed it.
void record_tcp(Live& live) {
  if (live.first_turn) live.result.tcp = live.stream->tcp_sample();
}

// Ends a memory file's turn without ending its input: its ssh stops where it is (what it took is on
// this side's clock, as for an ended input), so a later turn streams on. close_paused() checks the count.
void pause(Live& live) {
  live.stream->hold();
  live.paused = true;
  time_here(live);
}

void finish_upload(Live& live) {
  const int status = live.stream->finish(k_exit_grace);
  if (status != 0) {
    live.error = live.stream->failure("the upload ended with status " + std::to_string(status));
    return;
  }
  if (!live.ended_at) {
    live.error = live.stream->failure("the remote command ended before the upload did");
    return;
  }
  if (!upload_timed_here(live.stream->spec())) return time_on_the_server(live);
  if (server_received_all(live)) time_here(live);
}

// Whether a warmed stream has streamed its time: its own stream_time, or until its group's common end.
bool past_stream_time(const Live& live, milliseconds stream_time) {
  if (live.ends_at) return live.clock->now() >= *live.ends_at;
  return live.clock->now() - live.warmed_at >= stream_time;
}

void step_upload(Live& live, milliseconds stream_time) {
  OpensshStream& s = *live.stream;
  const std::uint64_t limit = warm_up_end(live) + s.spec().byte_cap;  // M counts from this turn's warm-up
  s.feed(limit);
  if (!live.warmed && warm_up_done(live)) {
    live.warmed = true, live.warmed_at = live.clock->now(), live.measured_from = s.written();
  }
  if (live.warmed && s.spec().on_progress) s.spec().on_progress(s.written() - live.measured_from);
  const bool time_up = live.warmed && past_stream_time(live, stream_time);
  if (!live.ended_at && live.warmed && (s.written() >= limit || time_up)) {
    live.ended_at = live.clock->now(), live.sent_at_end = s.written();
    record_tcp(live);
    if (live.pause_at_end) return pause(live);
    s.end_input();
  }
  s.read_stderr();
  if (!s.read_stdout()) finish_upload(live);
}

void step_download(Live& live, milliseconds stream_time) {
  OpensshStream& s = *live.stream;
  s.read_stderr();
  const bool open = s.read_stdout();
  if (!live.warmed && s.received() >= warm_up(live)) {
    live.warmed = true, live.warmed_at = live.clock->now(), live.measured_from = s.received();
  }
  if (live.warmed && s.spec().on_progress) s.spec().on_progress(s.received() - live.measured_from);
  const bool time_up = live.warmed && past_stream_time(live, stream_time);
  if (open && !time_up) return;
  if (!live.warmed) {
    live.error = s.failure("the download ended before its warm-up");
    return;
  }
  live.result.bytes = s.received() - live.measured_from;
  live.result.seconds = seconds_since(*live.clock, live.warmed_at);
  live.result.span = client_span(live.warmed_at, live.clock->now());
  record_start_cost(live);
  live.done = true;
  // Its remote side would send on until ssh's window is full (2 MiB: most of a second at 20 Mbit/s),
  // sharing the link with the next trial: end its ssh now.
  s.finish(milliseconds(0));
}

// One look at a member that is starting: its early bytes, its outputs. True while it is still starting;
// once its remote command has started, its result's setup_s says how long that took.
bool starting(Live& live) {
  if (live.error || live.stream == nullptr || live.stream->ready()) return false;
  if (live.stream->spec().openssh.early_bytes > 0) live.stream->feed(live.stream->spec().openssh.early_bytes);
  read_outputs(live);
  if (live.error) return false;
  if (!live.stream->ready()) return true;
  live.result.setup_s = std::chrono::duration<double>(live.clock->now() - live.started_at).count();
  return false;
}

void fail_to_start(Live& live) { live.error = live.stream->failure("the remote command did not start in time"); }

}  // namespace

TrialResult::Span client_span(Clock::time_point since, Clock::time_point until) {
  const auto seconds = [](Clock::time_point t) { return std::chrono::duration<double>(t.time_since_epoch()).count(); };
  return {seconds(since), seconds(until), false};
}

bool upload(const Live& live) { return live.stream->spec().kind != TrialKind::download; }

bool active(const Live& live) { return !live.error && !live.done; }

void poll_for(std::vector<Live*>& group, bool feeding, milliseconds wait) {
  std::vector<pollfd> fds;
  for (Live* live : group) {
    if (!active(*live)) continue;
    fds.push_back({live->stream->stdout_fd(), POLLIN, 0});
    fds.push_back({live->stream->stderr_fd(), POLLIN, 0});
    if (feeding) fds.push_back({live->stream->input_wait_fd(), POLLOUT, 0});
  }
  fds.erase(std::remove_if(fds.begin(), fds.end(), [](const pollfd& p) { return p.fd < 0; }), fds.end());
  if (!fds.empty()) ::poll(fds.data(), fds.size(), static_cast<int>(wait.count()));
}

Live start_live(const OpensshTarget& target, const TrialSpec& spec, const Clock& clock) {
  Live live;
  live.clock = &clock;
  live.result = empty_result(spec);
  live.stream_time = spec.time_cap;
  live.started_at = clock.now();
  auto stream = OpensshStream::start(target, spec, clock);
  if (stream)
    live.stream = std::move(stream).value();
  else
    live.error = stream.error();
  return live;
}

std::vector<Live> start_staggered(const OpensshTarget& target, const std::vector<TrialSpec>& specs,
                                  milliseconds timeout, const Clock& clock, const std::atomic<bool>* stop) {
  std::vector<Live> lives(specs.size());
  for (Live& live : lives) live.clock = &clock;
  std::size_t next = 0;
  for (;;) {
    std::vector<Live*> connecting;
    for (std::size_t i = 0; i < next; ++i) {
      if (!starting(lives[i])) continue;
      if (clock.now() - lives[i].started_at >= timeout)
        fail_to_start(lives[i]);
      else
        connecting.push_back(&lives[i]);
    }
    const bool stopped = stop != nullptr && stop->load();
    for (; !stopped && next < specs.size() && connecting.size() < k_max_connecting; ++next) {
      lives[next] = start_live(target, specs[next], clock);
      if (lives[next].stream) connecting.push_back(&lives[next]);
    }
    if (connecting.empty() && (stopped || next == specs.size())) break;
    poll_for(connecting, false, k_poll_slice);
  }
  for (; next < specs.size(); ++next) {
    lives[next].result = empty_result(specs[next]);
    lives[next].error = Error{ErrorKind::unsupported, target.label + ": session not started (no longer needed)"};
  }
  return lives;
}

void wait_until_ready(std::vector<Live*>& group, Clock::time_point deadline, const Clock& clock) {
  for (;;) {
    bool waiting = false;
    for (Live* live : group) waiting = starting(*live) || waiting;
    if (!waiting) return;
    if (clock.now() >= deadline) break;
    poll_for(group, false, k_poll_slice);
  }
  for (Live* live : group) {
    if (!live->error && !live->stream->ready()) fail_to_start(*live);
  }
}

void close_paused(std::vector<Live*>& lives) {
  for (Live* live : lives) {
    if (live->paused) live->stream->end_input(), live->stream->release();
    // A later turn that failed leaves its earlier figures unchecked by any count: they fall with it.
    if (!live->first_turn && live->error && !live->close_error) {
      live->close_error = live->error;
      live->stream->end_input();
      live->stream->finish(milliseconds(0));
    }
  }
  for (Live* live : lives) {
    if (!live->paused) continue;
    live->paused = false;
    const int status = live->stream->finish(k_exit_grace);
    if (status != 0)
      live->close_error = live->stream->failure("the upload ended with status " + std::to_string(status));
    else if (!server_received_all(*live))
      live->close_error = live->error, live->error.reset();
  }
}

// Once every active member of a group streaming together has warmed up, their common end: the last
// warm-up's end plus the stream time. Until then none ends (Live::ends_at stays at the clock's end).
bool set_common_end(std::vector<Live*>& group, const Clock& clock) {
  std::optional<Clock::time_point> last;
  for (const Live* live : group) {
    if (!active(*live)) continue;
    if (!live->warmed) return false;
    last = std::max(last.value_or(live->warmed_at), live->warmed_at + live->stream_time);
  }
  for (Live* live : group) live->ends_at = last.value_or(clock.now());
  return true;
}

void stream_group(std::vector<Live*>& group, Clock::time_point deadline, const Clock& clock, bool together) {
  bool ends_known = !together;
  if (together) {
    for (Live* live : group) live->ends_at = Clock::time_point::max();
  }
  for (;;) {
    bool running = false;
    for (Live* live : group) {
      if (!active(*live)) continue;
      upload(*live) ? step_upload(*live, live->stream_time) : step_download(*live, live->stream_time);
      running = running || active(*live);
    }
    if (!running) return;
    if (!ends_known) ends_known = set_common_end(group, clock);
    if (clock.now() >= deadline) break;
    poll_for(group, true, k_poll_slice);
  }
  for (Live* live : group) {
    if (active(*live)) live->error = live->stream->failure("the trial did not finish in time");
  }
}

void fit_to_phase_end(Live& live, std::size_t remaining, Clock::duration setup, const MeasureTiming& timing) {
  const auto& spec = live.stream->spec();
  if (!spec.openssh.phase_end) return;
  const auto share =
      (*spec.openssh.phase_end + setup - live.released_at) / static_cast<long>(remaining) - timing.trial_overhead;
  const auto fitted = std::chrono::duration_cast<milliseconds>(share);
  live.stream_time = std::clamp(fitted, std::min(timing.shortest_stream, spec.time_cap), spec.time_cap);
}

void release(Live& live) {
  OpensshStream& s = *live.stream;
  if (!live.error && live.first_turn && upload(live) && s.written() >= warm_up(live)) {
    live.error = s.failure("the stream ran through its warm-up before its turn");
  }
  s.release();
  live.released_at = live.clock->now();
  if (upload(live)) live.before_turn = s.written();
}

// The group's warm-ups in turn and the longest stream, then the exit grace: at least k_exit_grace, and
// on a path whose warm-up may take long (a lossy one) as long as a warm-up, since what ssh read ahead of
// the server (up to two windows) still has to cross it once the input ends.
Clock::time_point stream_deadline(const std::vector<Live*>& group, const Clock& clock) {
  milliseconds longest{0};
  milliseconds grace = k_exit_grace;
  const auto members = static_cast<long>(group.size());
  for (const Live* live : group) {
    const TrialSpec& spec = live->stream->spec();
    longest = std::max(longest, spec.warm_up_time * members + spec.time_cap);
    grace = std::max(grace, spec.warm_up_time);
  }
  return clock.now() + longest + grace;
}

TrialResult empty_result(const TrialSpec& spec) {
  TrialResult result;
  result.kind = spec.kind;
  result.cipher = spec.cipher;
  result.compression = spec.compression;
  result.client = TrialClient::openssh;
  return result;
}

void stream_alone(Live& live) {
  std::vector<Live*> one{&live};
  if (!live.error) stream_group(one, stream_deadline(one, *live.clock), *live.clock);
}

void resume(Live& live) {
  const TrialSpec& spec = live.stream->spec();
  live.first_turn = false, live.paused = false, live.done = false, live.warmed = false;
  live.ended_at.reset();
  live.turn_from = live.stream->written();
  live.stream_time = spec.time_cap;
  live.result = empty_result(spec);
}

}  // namespace sshtune::probes
