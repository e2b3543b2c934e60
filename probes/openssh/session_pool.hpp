#pragma once
// Sessions of the user's ssh opened in the background (OpensshRunner::prepare), so their set-up (the
// connection, authentication, the remote shell's start) overlaps whatever is timed meanwhile. Included
// only by probes/*.cpp.

#include "probes/openssh/openssh_turn.hpp"

#include <atomic>
#include <thread>
#include <vector>

namespace sshtune::probes {

class SessionPool {
 public:
  // Starts a session per spec on a thread of its own, staggered as start_staggered does. Until take(),
  // only that thread touches them. Their times are `clock`'s (which must outlive the pool).
  SessionPool(const OpensshTarget& target, std::vector<TrialSpec> specs, const Clock& clock);
  // Starts no more; those started get their time to be ready, then end (nothing takes them).
  ~SessionPool();
  SessionPool(const SessionPool&) = delete;
  SessionPool& operator=(const SessionPool&) = delete;

  // Waits until every session is ready or failed and hands them over, in the specs' order; once only.
  std::vector<Live> take();

 private:
  std::atomic<bool> m_stop{false};
  std::vector<Live> m_lives;
  std::thread m_thread;
};

// Whether a session started for `prepared` can stream a trial of `wanted`: the same command line and
// input (kind, cipher, compression, input, payload); the stream's length and warm-up may differ.
bool can_stream(const TrialSpec& prepared, const TrialSpec& wanted);

}  // namespace sshtune::probes
