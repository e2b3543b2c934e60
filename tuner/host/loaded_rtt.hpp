#pragma once
// The round trip a transfer sees: round trips on the survey's control session while a confirmation trial
// streams (a queue on the path lengthens it; the window cap is judged by it). They use the echo channel
// the survey's round trips left open (a new one, when it was lost, opens at once, while the
// confirmation's connections are set up), so no remote shell starts (a login shell's rc files can take a
// core for a while) inside a timed stream.

#include "probes/core/host_trials.hpp"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <optional>

namespace sshtune::host {

// A one-shot word that a trial's stream has begun, or that it never will.
class StreamStart {
 public:
  StreamStart() : m_signal(m_begun.get_future().share()) {}

  // For that trial's TrialSpec::on_progress (the OpenSSH runner's only word that the stream runs, from
  // its warm-up's end on): its first call gives the word.
  std::function<void(std::uint64_t)> on_progress();
  // Gives the word that the stream will not begin (after the trial ran; harmless when it began).
  void abandon();
  // Waits up to `wait` for the word: true when the stream began.
  bool began_within(std::chrono::milliseconds wait) const;

 private:
  void settle(bool abandoned);

  std::promise<void> m_begun;
  std::shared_future<void> m_signal;
  std::atomic<bool> m_settled{false};
  std::atomic<bool> m_abandoned{false};
};

// On a thread of its own: readies the echo channel on `runner` at once, then, when `start` says the stream
// began within `wait`, times a few round trips. The median round trip in seconds, or nullopt when the
// stream never began, the round trips failed or no thread started. `start` must outlive the returned future's wait.
std::future<std::optional<double>> loaded_round_trips(probes::RemoteRunner& runner, const StreamStart& start,
                                                      std::chrono::milliseconds wait);

}  // namespace sshtune::host
