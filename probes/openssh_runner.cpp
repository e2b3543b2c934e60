#include "probes/openssh_runner.hpp"

#include "base/clock.hpp"
#include "base/strings.hpp"
#include "probes/openssh_stream.hpp"

#include <poll.h>

#include <algorithm>
#include <charconv>
#include <optional>

namespace sshtune {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long a stream may take to end once its data is out (the last window drains, the process exits).
constexpr milliseconds k_exit_grace{3000};
constexpr milliseconds k_poll_slice{20};
constexpr milliseconds k_min_fitted_stream{150};

// One trial's stream and its progress through the timed phase.
struct Live {
  std::unique_ptr<OpensshStream> stream;
  std::optional<Error> error;
  Clock::time_point released_at{}; // when its turn came
  std::uint64_t before_turn = 0;   // upload: the bytes ssh had taken from its input by then
  bool warmed = false;             // the first W bytes are through
  Clock::time_point warmed_at{};   // when they were
  std::uint64_t measured_from = 0; // the bytes sent (upload) or received (download) at that moment
  std::optional<Clock::time_point> ended_at;  // upload: when its input ended
  std::uint64_t sent_at_end = 0;              // ... and the bytes ssh had read from it by then
  bool done = false;
  std::chrono::milliseconds stream_time{0};  // spec.time_cap, or less when run_in_turn's phase runs late
  TrialResult result;
};

bool upload(const Live& live) { return live.stream->spec().kind != TrialKind::download; }
std::uint64_t warm_up(const Live& live) {
  return upload(live) ? upload_warm_up(live.stream->spec()) : live.stream->spec().warm_up_bytes;
}
bool active(const Live& live) { return !live.error && !live.done; }

// Waits for output from any active member of `group`, for room in a pipe input when `feeding`, or
// `wait` at most (a memory file's reader wakes nothing: its clock and top-ups run on this slice).
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

// Waits until every member's remote command has started; meanwhile a pipe upload's ssh gets its
// spec.early_bytes, a real copy's first window (see TrialSpec).
void wait_until_ready(std::vector<Live*>& group, Clock::time_point deadline) {
  for (;;) {
    bool waiting = false;
    for (Live* live : group) {
      if (live->error || live->stream->ready()) continue;
      if (live->stream->spec().early_bytes > 0) live->stream->feed(live->stream->spec().early_bytes);
      read_outputs(*live);
      waiting = waiting || (!live->error && !live->stream->ready());
    }
    if (!waiting) return;
    if (Clock::now() >= deadline) break;
    poll_for(group, false, k_poll_slice);
  }
  for (Live* live : group) {
    if (!live->error && !live->stream->ready()) live->error = live->stream->failure("the remote command did not start in time");
  }
}

// The seconds `live`'s stream lost before it ran at its measured rate (TrialResult::start_s; every timed
// stream was released); none when nothing was timed.
void record_start_cost(Live& live) {
  const double rate = live.result.seconds > 0 ? static_cast<double>(live.result.bytes) / live.result.seconds : 0;
  if (rate <= 0) return;
  const double warm_up_took = std::chrono::duration<double>(live.warmed_at - live.released_at).count();
  const double in_turn = static_cast<double>(live.measured_from - live.before_turn);  // warmed after its turn came
  live.result.start_s = std::max(0.0, warm_up_took - in_turn / rate);
}

// From `since` to `until` on this machine's steady clock.
TrialResult::Span client_span(Clock::time_point since, Clock::time_point until) {
  const auto seconds = [](Clock::time_point t) { return std::chrono::duration<double>(t.time_since_epoch()).count(); };
  return {seconds(since), seconds(until), false};
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

void step_upload(Live& live, milliseconds stream_time) {
  OpensshStream& s = *live.stream;
  const std::uint64_t limit = warm_up(live) + s.spec().byte_cap;
  s.feed(limit);
  if (!live.warmed && s.written() >= warm_up(live)) {
    live.warmed = true, live.warmed_at = Clock::now(), live.measured_from = s.written();
  }
  if (live.warmed && s.spec().on_progress) s.spec().on_progress(s.written() - live.measured_from);
  const bool time_up = live.warmed && Clock::now() - live.warmed_at >= stream_time;
  if (!live.ended_at && live.warmed && (s.written() >= limit || time_up)) {
    live.ended_at = Clock::now(), live.sent_at_end = s.written();
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
    live.warmed = true, live.warmed_at = Clock::now(), live.measured_from = s.received();
  }
  if (live.warmed && s.spec().on_progress) s.spec().on_progress(s.received() - live.measured_from);
  const bool time_up = live.warmed && Clock::now() - live.warmed_at >= stream_time;
  if (open && !time_up) return;
  if (!live.warmed) {
    live.error = s.failure("the download ended before its warm-up");
    return;
  }
  live.result.bytes = s.received() - live.measured_from;
  live.result.seconds = seconds_since(live.warmed_at);
  live.result.span = client_span(live.warmed_at, Clock::now());
  record_start_cost(live);
  live.done = true;
  // Its remote side would send on until ssh's window is full (2 MiB: most of a second at 20 Mbit/s),
  // sharing the link with the next trial: end its ssh now.
  s.finish(milliseconds(0));
}

// Streams every live member of `group` at once until each is done, failed or past `deadline`.
void stream_group(std::vector<Live*>& group, Clock::time_point deadline) {
  for (;;) {
    bool running = false;
    for (Live* live : group) {
      if (!active(*live)) continue;
      const milliseconds stream_time = live->stream_time;
      upload(*live) ? step_upload(*live, stream_time) : step_download(*live, stream_time);
      running = running || active(*live);
    }
    if (!running) return;
    if (Clock::now() >= deadline) break;
    poll_for(group, true, k_poll_slice);
  }
  for (Live* live : group) {
    if (active(*live)) live->error = live->stream->failure("the trial did not finish in time");
  }
}

// Shortens a trial's streaming so it and the `remaining - 1` trials after it end by spec.phase_end moved
// by `setup` (the time the connections took to become ready and the earlier trials' warm-ups: set-up is
// no trial's time; this trial's own warm-up moves it too, which comes to leaving it out of the share), when
// the streams ran longer than planned; never below k_min_fitted_stream.
void fit_to_phase_end(Live& live, std::size_t remaining, Clock::duration setup) {
  const auto& spec = live.stream->spec();
  if (!spec.phase_end) return;
  const auto share = (*spec.phase_end + setup - live.released_at) / static_cast<long>(remaining) - k_trial_overhead;
  const auto fitted = std::chrono::duration_cast<milliseconds>(share);
  live.stream_time = std::clamp(fitted, std::min(k_min_fitted_stream, spec.time_cap), spec.time_cap);
}

// Lets a held upload stream on when its turn comes. Its ssh was stopped as its remote command started;
// had it read the whole warm-up and read-ahead by then, its clock would have started in the hold.
void release(Live& live) {
  OpensshStream& s = *live.stream;
  if (!live.error && upload(live) && s.written() >= warm_up(live)) {
    live.error = s.failure("the stream ran through its warm-up before its turn");
  }
  s.release();
  live.released_at = Clock::now();
  if (upload(live)) live.before_turn = s.written();
}

Clock::time_point stream_deadline(const std::vector<Live*>& group) {
  milliseconds longest{0};
  for (const Live* live : group) {
    longest = std::max(longest, live->stream->spec().warm_up_time + live->stream->spec().time_cap);
  }
  return Clock::now() + longest + k_exit_grace;
}

TrialResult empty_result(const TrialSpec& spec) {
  TrialResult result;
  result.kind = spec.kind;
  result.cipher = spec.cipher;
  result.compression = spec.compression;
  result.client = TrialClient::openssh;
  return result;
}

std::vector<Result<TrialResult>> results_of(std::vector<Live>& lives) {
  std::vector<Result<TrialResult>> results;
  for (Live& live : lives) {
    if (live.error) results.emplace_back(std::move(*live.error));
    else results.emplace_back(std::move(live.result));
    live.stream.reset();  // ends whatever still runs
  }
  return results;
}

class ProcessRunner final : public OpensshRunner {
 public:
  explicit ProcessRunner(OpensshTarget target) : m_target(std::move(target)) {}

  std::vector<Result<TrialResult>> run_in_turn(const std::vector<TrialSpec>& specs) override {
    const auto started = Clock::now();
    std::vector<Live> lives = start_all(specs);
    std::vector<Live*> all = pointers(lives);
    wait_until_ready(all, Clock::now() + m_target.timeout);
    auto setup = Clock::now() - started;
    for (std::size_t i = 0; i < all.size(); ++i) {
      std::vector<Live*> one{all[i]};
      release(*all[i]);
      fit_to_phase_end(*all[i], all.size() - i, setup);
      if (!all[i]->error) stream_group(one, stream_deadline(one));
      if (all[i]->warmed) setup += all[i]->warmed_at - all[i]->released_at;
    }
    return results_of(lives);
  }

  std::vector<Result<TrialResult>> run_together(const std::vector<TrialSpec>& specs) override {
    std::vector<Live> lives = start_all(specs);
    std::vector<Live*> all = pointers(lives);
    wait_until_ready(all, Clock::now() + m_target.timeout);
    for (Live* live : all) release(*live);
    stream_group(all, stream_deadline(all));
    return results_of(lives);
  }

 private:
  std::vector<Live> start_all(const std::vector<TrialSpec>& specs) {
    std::vector<Live> lives(specs.size());
    for (std::size_t i = 0; i < specs.size(); ++i) {
      lives[i].result = empty_result(specs[i]);
      lives[i].stream_time = specs[i].time_cap;
      auto stream = OpensshStream::start(m_target, specs[i]);
      if (stream) lives[i].stream = std::move(stream).value();
      else lives[i].error = stream.error();
    }
    return lives;
  }

  static std::vector<Live*> pointers(std::vector<Live>& lives) {
    std::vector<Live*> out;
    for (Live& live : lives) {
      if (live.stream) out.push_back(&live);
    }
    return out;
  }

  OpensshTarget m_target;
};

// A decimal "seconds.fraction" clock reading.
std::optional<double> parse_decimal(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::string quoted_count(std::uint64_t bytes) { return std::to_string(bytes); }

}  // namespace

std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target) {
  return std::make_unique<ProcessRunner>(std::move(target));
}

std::uint64_t upload_warm_up(const TrialSpec& spec) {
  return spec.warm_up_bytes + (upload_timed_here(spec) ? k_held_read_ahead : 0);  // a held memory file's read-ahead
}

std::string openssh_remote_command(const TrialSpec& spec) {
  const std::string marker = "printf " + std::string(k_start_marker) + "; ";
  if (spec.kind == TrialKind::download) {
    // A pipe and && rather than $(...): csh-family and older fish login shells run this too.
    return marker + "head -c 1 | grep -q " + std::string(k_download_go) + " && exec head -c " +
           quoted_count(spec.warm_up_bytes + spec.byte_cap) + " /dev/zero";
  }
  if (upload_timed_here(spec)) return marker + "exec wc -c";
  return marker + "head -c " + quoted_count(upload_warm_up(spec)) + " >/dev/null && date +%s.%N && wc -c && date +%s.%N";
}

std::vector<std::string> openssh_trial_argv(const OpensshTarget& target, const TrialSpec& spec) {
  std::vector<std::string> argv{target.program};
  argv.insert(argv.end(), target.options.begin(), target.options.end());
  argv.insert(argv.end(), target.session_options.begin(), target.session_options.end());
  argv.insert(argv.end(), {"-o", std::string("Compression=") + (spec.compression ? "yes" : "no")});
  if (!spec.cipher.empty()) argv.insert(argv.end(), {"-c", spec.cipher});
  argv.insert(argv.end(), {"--", target.destination, openssh_remote_command(spec)});
  return argv;
}

bool upload_timed_here(const TrialSpec& spec) { return spec.file_input && spec.kind != TrialKind::download; }

std::optional<ServerInterval> server_interval(std::string_view output) {
  std::vector<double> values;
  for (std::size_t start = 0; start < output.size();) {
    const std::size_t end = std::min(output.find('\n', start), output.size());
    if (end > start) {
      const auto value = parse_decimal(trim(output.substr(start, end - start)));
      if (!value) return std::nullopt;
      values.push_back(*value);
    }
    start = end + 1;
  }
  if (values.size() != 3 || values[2] <= values[0] || values[1] < 0) return std::nullopt;
  return ServerInterval{static_cast<std::uint64_t>(values[1]), values[2] - values[0], values[0]};
}

std::optional<std::uint64_t> server_count(std::string_view output) {
  const std::string_view count = trim(output);
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(count.data(), count.data() + count.size(), value);
  if (count.empty() || error != std::errc() || end != count.data() + count.size()) return std::nullopt;
  return value;
}

}  // namespace sshtune
