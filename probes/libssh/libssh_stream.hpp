#pragma once
// Throughput trials on a long-lived libssh connection. A sink channel (`cat >/dev/null`)
// carries uploads and drives algorithm switches by rekeying (libssh 0.10 re-reads its algorithm
// options at every key exchange and starts a time-based rekey with the next packet); a
// source channel (`head -c … /dev/zero`) carries downloads. Compared with a connection per
// trial this saves the handshake and the remote shell start per trial. Uploads are paced so
// that little data waits in queues, which a key exchange would otherwise wait behind.
// Included only by probes/*.cpp.

#include "probes/core/host_trials.hpp"
#include "probes/libssh/libssh_channel.hpp"
#include "probes/libssh/libssh_session.hpp"
#include "probes/core/remote_target.hpp"

#include <memory>

namespace sshtune::probes {

// One authenticated connection whose cipher, MAC and compression change between trials.
class TrialConnection {
 public:
  // Connects to `target` (host key verified, key authentication) with `algorithms` in effect.
  static Result<std::unique_ptr<TrialConnection>> open(const RemoteTarget& target, const SessionAlgorithms& algorithms,
                                                       const Clock& clock);

  LibsshSession& session() { return *m_session; }
  const LibsshSession& session() const { return *m_session; }

  // Puts `wanted` in effect, rekeying while zeros flow to the sink; the exchange starts with the first chunk
  // (switches are not recorded as libssh's last rekey, which would space them a second apart). An empty
  // cipher keeps the one in effect.
  // Fails when the server does not complete the switch within the target's timeout.
  Result<void> switch_to(const SessionAlgorithms& requested);
  // True when `wanted` is in effect (an empty cipher matches any).
  bool in_effect(const SessionAlgorithms& wanted) const;
  // When the keys in effect were installed.
  Clock::time_point last_exchange() const { return m_last_exchange; }
  // Pushes spec.payload through the sink: warm-up, then a timed interval whose rate counts only bytes the
  // peer's TCP acknowledged, so socket buffers filling up are not mistaken for throughput.
  Result<TrialResult> upload(const TrialSpec& spec);
  // Reads zeros from the source with large reads (libssh grows its window to the read size).
  Result<TrialResult> download(const TrialSpec& spec);
  // Waits until nothing of this connection's earlier trials still crosses the link, or until `deadline`:
  // its upload queue has drained and its source has stopped sending (after a download the source keeps
  // sending until libssh's window, 1-2 MiB, is full: most of a second at 20 Mbit/s). Another connection's
  // trial would otherwise share the link with it and read low.
  void quiesce(Clock::time_point deadline) const;

 private:
  TrialConnection(std::unique_ptr<LibsshSession> session, const RemoteTarget& target, SessionAlgorithms current);
  Result<bool> push_switch_chunk(const SessionAlgorithms& wanted);
  // Pumps incoming packets until libssh sends again (its part of the key exchange under way, or the chunk
  // it queued behind it), or until the target's timeout.
  Result<void> finish_exchange(ExecChannel& channel, std::uint64_t payload_before);
  // The most an upload sending channel data at `rate` bytes/s (or the last rate seen here, when higher)
  // leaves the server unconsumed on this path (libssh_stream.cpp: k_min_unconsumed).
  std::uint64_t unconsumed_at(double rate) const;
  Result<ExecChannel*> sink();
  Result<void> warm_new_sink();
  Result<ExecChannel*> source();
  TrialResult result_for(TrialKind kind) const;

  std::unique_ptr<LibsshSession> m_session;
  std::unique_ptr<ExecChannel> m_sink;
  std::unique_ptr<ExecChannel> m_source;
  std::chrono::milliseconds m_timeout;
  SessionAlgorithms m_current;
  Clock::time_point m_last_exchange;
  double m_path_rtt = 0;   // the last upload's TrialSpec::path_rtt_seconds
  double m_rate_hint = 0;  // the channel data rate of the last warm-up or upload, bytes/s
};

}  // namespace sshtune::probes
