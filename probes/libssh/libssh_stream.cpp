#include "probes/libssh/libssh_stream.hpp"

#include <algorithm>
#include <limits>
#include <thread>

namespace sshtune::probes {
namespace {

// libssh's upload path is cheapest with large writes (each ssh_channel_write is a packet round through its
// buffers); slow links get smaller
// ones (about 20 ms of data) so the queue stays short.
constexpr std::size_t k_write_size = 256u << 10;
constexpr std::size_t k_min_write_size = 16u << 10;
constexpr double k_write_seconds = 0.02;
// Download reads of 2 MiB make libssh offer a 2 MiB window, like OpenSSH's.
constexpr std::size_t k_read_size = 2u << 20;
// Zeros written while a switch is pending; small, so the switch is seen soon after it happens.
constexpr std::size_t k_switch_chunk = 64u << 10;
// Wire/payload ratios of a zeros chunk that tell compression on from off (zeros shrink ~300-fold).
constexpr double k_compressed_ratio = 0.2;
constexpr double k_plain_ratio = 0.9;
// libssh starts a rekey no sooner than one second (REKEY_TIME's unit) after the last exchange it
// recorded; push_switch_chunk keeps switches unrecorded, so this only bounds a switch's wait.
constexpr std::chrono::seconds k_rekey_spacing{1};
// A key exchange waits behind every byte already queued for the peer, which on a slow link can take
// seconds; switch-driving writes keep that queue below this.
constexpr std::uint64_t k_switch_queue = 128u << 10;
constexpr std::chrono::milliseconds k_queue_poll{2};
// The acknowledged rate is trusted only after this long.
constexpr std::chrono::milliseconds k_min_rate_window{20};
// Uploads keep the bytes awaiting acknowledgement near what keeps the link busy: this floor, or the rate
// times two round trips plus a margin for scheduling. More would only sit in queues that a key exchange
// after the trial must wait behind (seconds on a slow link).
constexpr std::uint64_t k_min_queue = 192u << 10;
constexpr double k_queue_margin_seconds = 0.03;
// The same bound one layer up: bytes the server has not yet passed to the remote command (its channel
// window not yet returned). Unbounded, they fill sshd's channel buffer to the 2 MiB window, and sshd grows
// that buffer in 32 KiB steps, each copying all of it to fresh pages: up to a second of slow start where
// page faults are dear, and the stall can come back mid-trial. sshd returns window once 96 KiB is consumed,
// so this floor keeps data flowing; a longer path gets two of its round trips' worth (unconsumed_limit).
constexpr std::uint64_t k_min_unconsumed = 512u << 10;
// A new sink channel gets this much warm-up before its first trial, whichever ends first: past a new
// server session's slow start. Where page faults are dear, the data that queues in sshd while the remote
// shell starts holds it in buffer copies onto fresh pages, far below its steady rate, until its buffer
// drains; that can last over a second (doc/benchmarks.md, "Why these constants"), so a trial must not
// start inside it.
constexpr std::uint64_t k_new_sink_bytes = 32u << 20;
constexpr std::chrono::milliseconds k_new_sink_time{2000};
// ... or, on a connection whose TCP has sent segments again meanwhile, once this much is through: sshd's
// buffer has grown as far as its 2 MiB channel window lets it, and what holds the session now is the
// path's losses, which no warm-up lifts (on a lossy 20 ms path the full two seconds, twice over, were most
// of the survey's time).
constexpr std::uint64_t k_lossy_sink_bytes = 2u << 20;
// A source is taken to have stopped when its socket received nothing for two round trips plus this.
constexpr std::chrono::milliseconds k_quiet_margin{20};

constexpr const char* k_sink_command = "printf SSH-TUNE-READY; exec cat >/dev/null";
// Bounded (1 TiB) so the remote end stops on its own even if we vanish without a reset.
constexpr const char* k_source_command = "printf SSH-TUNE-READY; exec head -c 1099511627776 /dev/zero";

// Hands out the upload data in k_write_size slices, cycling through the payload (or zeros).
class PayloadCursor {
 public:
  explicit PayloadCursor(const std::shared_ptr<const std::string>& payload) {
    if (payload == nullptr || payload->empty()) {
      m_data = std::string(k_write_size, '\0');
    } else {
      while (m_data.size() < k_write_size) {
        m_data += *payload;
      }
    }
  }
  // The next `size` (<= k_write_size) bytes.
  std::string_view next(std::size_t size) {
    if (m_offset + size > m_data.size()) {
      m_offset = 0;
    }
    const auto slice = std::string_view(m_data).substr(m_offset, size);
    m_offset += size;
    return slice;
  }

 private:
  std::string m_data;
  std::size_t m_offset = 0;
};

bool cap_reached(const TrialSpec& spec, std::uint64_t bytes, const Clock& clock, Clock::time_point start) {
  return bytes >= spec.byte_cap || clock.now() - start >= spec.time_cap;
}

bool warming_up(const TrialSpec& spec, std::uint64_t bytes, const Clock& clock, Clock::time_point start) {
  return bytes < spec.warm_up_bytes || clock.now() - start < spec.warm_up_time;
}

Result<std::unique_ptr<ExecChannel>> start_command(LibsshSession& session, const char* command,
                                                   std::chrono::milliseconds timeout) {
  SSHTUNE_TRY(channel, ExecChannel::open(session, command, timeout));
  SSHTUNE_TRYV(channel->wait_for_marker());  // a banner, if any, says nothing here
  return std::move(channel);
}

// Bytes the peer's TCP has acknowledged; equals the bytes written where the transport cannot tell.
std::uint64_t acknowledged_out(const LibsshSession& session) {
  return session.socket_bytes_out() - std::min(session.socket_bytes_out(), session.unacknowledged_bytes_out());
}

// The most an upload sending channel data at `rate` bytes/s leaves the server unconsumed over a path of
// `rtt` seconds (see k_min_unconsumed); the whole window when the round trip is not known.
std::uint64_t unconsumed_limit(double rate, double rtt) {
  if (rtt <= 0) return std::numeric_limits<std::uint64_t>::max();
  return std::max(k_min_unconsumed, static_cast<std::uint64_t>(rate * 2 * rtt));
}

// Waits until fewer than `limit` bytes await acknowledgement, or until `deadline`.
void wait_for_queue_below(const LibsshSession& session, std::uint64_t limit, Clock::time_point deadline) {
  while (session.unacknowledged_bytes_out() > limit && session.clock().now() < deadline) {
    session.clock().sleep_for(k_queue_poll);
  }
}

// The timed part of an upload. Rates count only bytes the peer's TCP acknowledged. Near the end it stops
// writing once the queued bytes would drain (at the rate seen) by the time cap and lets them drain, so the
// link stays busy to the end and the next key exchange does not wait behind a full queue.
class AcknowledgedInterval {
 public:
  explicit AcknowledgedInterval(const LibsshSession& session)
      : m_session(session),
        m_start(m_session.clock().now()),
        m_acknowledged_start(acknowledged_out(session)),
        m_payload_start(session.payload_bytes_out()) {}

  // Acknowledged bytes per second so far; 0 until k_min_rate_window has passed.
  double rate() const { return per_second(acknowledged()); }
  // Channel data sent per second so far, before compression (what the server's window counts); 0 until
  // k_min_rate_window has passed.
  double payload_rate() const { return per_second(m_session.payload_bytes_out() - m_payload_start); }
  bool should_coast(std::chrono::milliseconds time_cap) const {
    const double rate_now = rate();
    if (rate_now <= 0) {
      return false;
    }
    const double drain_seconds = static_cast<double>(m_session.unacknowledged_bytes_out()) / rate_now;
    return drain_seconds >= std::chrono::duration<double>(m_start + time_cap - m_session.clock().now()).count();
  }
  // How much to write next at the rate seen (see k_write_size).
  std::size_t write_size() const {
    const double rate_now = rate();
    if (rate_now <= 0) {
      return k_write_size;
    }
    const auto size = static_cast<std::size_t>(rate_now * k_write_seconds);
    return std::clamp(size - size % k_min_write_size, k_min_write_size, k_write_size);
  }
  // Waits until the socket's queue is short enough to write more (see k_min_queue) and the server holds
  // at most `unconsumed` bytes of `channel`'s (see k_min_unconsumed).
  Result<void> pace(ExecChannel& channel, std::uint64_t unconsumed, std::chrono::milliseconds timeout) const {
    const double needed = rate() * (2 * m_session.tcp_rtt_seconds() + k_queue_margin_seconds);
    const auto deadline = m_session.clock().now() + timeout;
    wait_for_queue_below(m_session, std::max<std::uint64_t>(k_min_queue, static_cast<std::uint64_t>(needed)), deadline);
    return channel.wait_for_consumed(unconsumed, deadline);
  }
  void coast(std::chrono::milliseconds time_cap) const { wait_for_queue_below(m_session, 0, m_start + time_cap); }

  double seconds() const { return seconds_since(m_session.clock(), m_start); }
  std::uint64_t acknowledged() const { return acknowledged_out(m_session) - m_acknowledged_start; }
  Clock::time_point start() const { return m_start; }

 private:
  double per_second(std::uint64_t bytes) const {
    const auto elapsed = m_session.clock().now() - m_start;
    if (elapsed < k_min_rate_window) {
      return 0;
    }
    return static_cast<double>(bytes) / std::chrono::duration<double>(elapsed).count();
  }

  const LibsshSession& m_session;
  Clock::time_point m_start;
  std::uint64_t m_acknowledged_start;
  std::uint64_t m_payload_start;
};

// Segments TCP has sent again on `session`'s connection so far (0 where the kernel does not say).
std::uint64_t retransmitted(const LibsshSession& session) {
  const auto sample = session.tcp_sample();
  return sample ? sample->retransmitted : 0;
}

}  // namespace

TrialConnection::TrialConnection(std::unique_ptr<LibsshSession> session, const RemoteTarget& target,
                                 SessionAlgorithms current)
    : m_session(std::move(session)),
      m_timeout(target.timeout),
      m_current(std::move(current)),
      m_last_exchange(m_session->clock().now()) {}

Result<std::unique_ptr<TrialConnection>> TrialConnection::open(const RemoteTarget& target,
                                                               const SessionAlgorithms& algorithms,
                                                               const Clock& clock) {
  SSHTUNE_TRY(session, LibsshSession::open(target, algorithms, clock));
  SessionAlgorithms current{session->negotiated_cipher(), session->negotiated_mac(), algorithms.compression};
  return std::unique_ptr<TrialConnection>(new TrialConnection(std::move(session), target, std::move(current)));
}

bool TrialConnection::in_effect(const SessionAlgorithms& wanted) const {
  return (wanted.cipher.empty() || wanted.cipher == m_current.cipher) &&
         (wanted.mac.empty() || wanted.mac == m_current.mac) && wanted.compression == m_current.compression;
}

Result<void> TrialConnection::warm_new_sink() {
  // A new channel starts slowly (see k_new_sink_bytes); the warm-up is set-up, not a trial's time.
  static const std::string zeros(k_write_size, '\0');
  const AcknowledgedInterval warm_up(*m_session);
  const std::uint64_t lost_before = retransmitted(*m_session);
  const auto warming = [&] {
    if (warm_up.acknowledged() >= k_new_sink_bytes || m_session->clock().now() - warm_up.start() >= k_new_sink_time)
      return false;
    return warm_up.acknowledged() < k_lossy_sink_bytes || retransmitted(*m_session) == lost_before;
  };
  while (warming()) {
    SSHTUNE_TRYV(warm_up.pace(*m_sink, unconsumed_at(warm_up.payload_rate()), m_timeout));
    const std::string_view slice = std::string_view(zeros).substr(0, warm_up.write_size());
    SSHTUNE_TRYV(m_sink->write_all(slice));
  }
  m_session->add_setup_time(m_session->clock().now() - warm_up.start());
  m_rate_hint = warm_up.payload_rate();
  return ok();
}

Result<ExecChannel*> TrialConnection::sink() {
  if (m_sink == nullptr) {
    SSHTUNE_TRY(channel, start_command(*m_session, k_sink_command, m_timeout));
    m_sink = std::move(channel);
    SSHTUNE_TRYV(warm_new_sink());
  }
  return m_sink.get();
}

Result<ExecChannel*> TrialConnection::source() {
  if (m_source == nullptr) {
    SSHTUNE_TRY(channel, start_command(*m_session, k_source_command, m_timeout));
    m_source = std::move(channel);
  }
  return m_source.get();
}

Result<bool> TrialConnection::push_switch_chunk(const SessionAlgorithms& wanted) {
  static const std::string zeros(k_switch_chunk, '\0');
  SSHTUNE_TRY(channel, sink());
  const auto deadline = m_session->clock().now() + m_timeout;
  wait_for_queue_below(*m_session, k_switch_queue, deadline);
  SSHTUNE_TRYV(channel->wait_for_consumed(unconsumed_at(0), deadline));
  const std::uint64_t wire_before = m_session->socket_bytes_out();
  const std::uint64_t payload_before = m_session->payload_bytes_out();
  SSHTUNE_TRYV(channel->write_all(zeros));
  const std::uint64_t sent = m_session->payload_bytes_out() - payload_before;  // a KEXINIT counts too
  if (sent < k_switch_chunk) {
    // libssh queued (some of) the chunk: a key exchange is under way. Disarmed before it ends, libssh
    // does not record it as the last rekey, so the next switch starts at once instead of a second after
    // this one (0.7 s lost per survey otherwise).
    m_session->settle_rekey();
  }
  if (sent == 0) {
    // Writing more would only pile up data that then waits for window, so wait until libssh sends again;
    // the next chunk shows what is in effect.
    SSHTUNE_TRYV(finish_exchange(*channel, payload_before));
    return false;
  }
  const double ratio = static_cast<double>(m_session->socket_bytes_out() - wire_before) / static_cast<double>(sent);
  const bool compression_seen = wanted.compression ? ratio < k_compressed_ratio : ratio > k_plain_ratio;
  const bool switched = m_session->negotiated_cipher() == wanted.cipher &&
                        (wanted.mac.empty() || m_session->negotiated_mac() == wanted.mac);
  const bool done = compression_seen && switched;
  // A whole chunk with the old settings: no exchange ran, or one that began before the request (libssh's
  // data limit, the server's) offered the old algorithms. Ask again: an earlier chunk may have disarmed
  // the timer.
  if (!done && sent >= k_switch_chunk) {
    SSHTUNE_TRYV(m_session->request_rekey(wanted));
  }
  return done;
}

Result<void> TrialConnection::finish_exchange(ExecChannel& channel, std::uint64_t payload_before) {
  const auto deadline = m_session->clock().now() + m_timeout;
  while (m_session->payload_bytes_out() == payload_before && m_session->clock().now() < deadline) {
    SSHTUNE_TRYV(channel.pump(k_queue_poll));
  }
  return ok();
}

Result<void> TrialConnection::switch_to(const SessionAlgorithms& requested) {
  SessionAlgorithms wanted = requested;
  if (wanted.cipher.empty()) {
    wanted.cipher = m_current.cipher;
  }
  if (in_effect(wanted)) {
    return ok();
  }
  SSHTUNE_TRYV(m_session->request_rekey(wanted));
  const auto deadline = std::max(m_session->clock().now(), m_last_exchange + k_rekey_spacing) + m_timeout;
  for (;;) {
    SSHTUNE_TRY(done, push_switch_chunk(wanted));
    if (done) {
      break;
    }
    if (m_session->clock().now() > deadline) {
      m_session->settle_rekey();
      return Error{ErrorKind::remote, m_session->host() + ": the server did not switch to " + wanted.cipher +
                                          (wanted.compression ? " with compression" : "") + " by rekeying"};
    }
  }
  m_session->settle_rekey();
  m_current = SessionAlgorithms{wanted.cipher, m_session->negotiated_mac(), wanted.compression};
  m_last_exchange = m_session->clock().now();
  return ok();
}

TrialResult TrialConnection::result_for(TrialKind kind) const {
  TrialResult result;
  result.kind = kind;
  result.cipher = m_session->negotiated_cipher();
  result.mac = m_session->negotiated_mac();
  result.compression = m_current.compression;
  return result;
}

std::uint64_t TrialConnection::unconsumed_at(double rate) const {
  return unconsumed_limit(std::max(rate, m_rate_hint), m_path_rtt);
}

Result<TrialResult> TrialConnection::upload(const TrialSpec& spec) {
  m_path_rtt = spec.path_rtt_seconds;
  SSHTUNE_TRY(channel, sink());
  PayloadCursor cursor(spec.payload);
  const AcknowledgedInterval warm_up(*m_session);
  for (std::uint64_t sent = 0; warming_up(spec, sent, m_session->clock(), warm_up.start());) {
    SSHTUNE_TRYV(warm_up.pace(*channel, unconsumed_at(warm_up.payload_rate()), m_timeout));
    const auto slice = cursor.next(warm_up.write_size());
    SSHTUNE_TRYV(channel->write_all(slice));
    sent += slice.size();
  }
  const std::uint64_t wire_start = m_session->socket_bytes_out();
  const AcknowledgedInterval interval(*m_session);
  std::uint64_t written = 0;
  while (!cap_reached(spec, written, m_session->clock(), interval.start())) {
    if (interval.should_coast(spec.time_cap)) {
      interval.coast(spec.time_cap);
      break;
    }
    SSHTUNE_TRYV(interval.pace(*channel, unconsumed_at(interval.payload_rate()), m_timeout));
    const auto slice = cursor.next(interval.write_size());
    SSHTUNE_TRYV(channel->write_all(slice));
    written += slice.size();
    if (spec.on_progress) {
      spec.on_progress(written);
    }
  }
  m_rate_hint = interval.payload_rate();
  TrialResult result = result_for(TrialKind::upload);
  result.seconds = interval.seconds();
  result.wire_bytes = interval.acknowledged();
  const std::uint64_t wire_written = m_session->socket_bytes_out() - wire_start;
  const double payload_per_wire =
      wire_written > 0 ? static_cast<double>(written) / static_cast<double>(wire_written) : 1;
  result.bytes = static_cast<std::uint64_t>(static_cast<double>(result.wire_bytes) * payload_per_wire);
  return result;
}

void TrialConnection::quiesce(Clock::time_point deadline) const {
  wait_for_queue_below(*m_session, 0, deadline);
  if (m_source == nullptr) {
    return;
  }
  // Nothing here reads this connection meanwhile, so each byte that arrives stays in the socket's queue.
  const auto quiet =
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(2 * m_session->tcp_rtt_seconds())) +
      k_quiet_margin;
  for (std::uint64_t seen = m_session->unread_bytes_in(); m_session->clock().now() < deadline;) {
    m_session->clock().sleep_for(std::min(quiet, deadline - m_session->clock().now()));
    const std::uint64_t now = m_session->unread_bytes_in();
    if (now == seen) {
      return;
    }
    seen = now;
  }
}

Result<TrialResult> TrialConnection::download(const TrialSpec& spec) {
  SSHTUNE_TRY(channel, source());
  std::string buffer;
  // Data that arrived while the source sat idle (up to the window) is not throughput: drop it first.
  SSHTUNE_TRY(stale, channel->buffered());
  for (std::size_t dropped = 0; dropped < stale;) {
    buffer.clear();
    SSHTUNE_TRY(got, channel->read_some(buffer, stale - dropped));
    dropped += got;
  }
  const auto warm_up_start = m_session->clock().now();
  for (std::uint64_t warm = 0; warming_up(spec, warm, m_session->clock(), warm_up_start);) {
    buffer.clear();
    SSHTUNE_TRY(got, channel->read_some(buffer, k_read_size));
    if (got == 0) {
      return Error{ErrorKind::remote, m_session->host() + ": download ended during warm-up"};
    }
    warm += got;
  }
  TrialResult result = result_for(TrialKind::download);
  const std::uint64_t wire_start = m_session->socket_bytes_in();
  const auto start = m_session->clock().now();
  while (!cap_reached(spec, result.bytes, m_session->clock(), start)) {
    buffer.clear();
    SSHTUNE_TRY(got, channel->read_some(buffer, k_read_size));
    if (got == 0) {
      return Error{ErrorKind::remote, m_session->host() + ": download ended early"};
    }
    result.bytes += got;
    if (spec.on_progress) {
      spec.on_progress(result.bytes);
    }
  }
  result.seconds = seconds_since(m_session->clock(), start);
  result.wire_bytes = m_session->socket_bytes_in() - wire_start;
  return result;
}

}  // namespace sshtune::probes
