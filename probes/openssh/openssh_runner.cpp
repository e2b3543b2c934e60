#include "probes/openssh/openssh_runner.hpp"

#include "probes/openssh/openssh_turn.hpp"
#include "probes/openssh/openssh_command.hpp"

#include <deque>

namespace sshtune {
namespace {

using Clock = TurnClock;

// One turn's figure, kept with its stream: closing the stream can still void it (Live::close_error).
struct Turn {
  const Live* live;
  Result<TrialResult> result;
};

Turn turn_of(const Live& live) {
  if (live.error) return {&live, *live.error};
  return {&live, live.result};
}

std::vector<Result<TrialResult>> figures_of(const std::vector<Turn>& turns) {
  std::vector<Result<TrialResult>> figures;
  for (const Turn& turn : turns) {
    if (turn.result && turn.live->close_error)
      figures.emplace_back(*turn.live->close_error);
    else
      figures.push_back(turn.result);
  }
  return figures;
}

std::vector<Result<TrialResult>> results_of(std::vector<Live>& lives) {
  std::vector<Result<TrialResult>> results;
  for (Live& live : lives) {
    if (live.error)
      results.emplace_back(std::move(*live.error));
    else
      results.emplace_back(std::move(live.result));
    live.stream.reset();  // ends whatever still runs
  }
  return results;
}

class ProcessRunner final : public OpensshRunner {
 public:
  explicit ProcessRunner(OpensshTarget target) : m_target(std::move(target)) {}

  std::vector<Result<TrialResult>> run_in_turn(const std::vector<TrialSpec>& specs, const ChooseAgain& again) override {
    const auto started = Clock::now();
    std::vector<Live> lives = start_all(specs);
    for (Live& live : lives) live.pause_at_end = live.stream && upload_timed_here(live.stream->spec());
    std::vector<Live*> all = pointers(lives);
    wait_until_ready(all, Clock::now() + m_target.timeout);
    auto setup = Clock::now() - started;
    for (std::size_t i = 0; i < all.size(); ++i) {
      release(*all[i]);
      fit_to_phase_end(*all[i], all.size() - i, setup);
      stream_alone(*all[i]);
      if (all[i]->warmed) setup += all[i]->warmed_at - all[i]->released_at;
    }
    std::vector<Turn> turns;
    turns.reserve(lives.size());
    for (const Live& live : lives) turns.push_back(turn_of(live));
    std::deque<Live> fresh;
    if (again) time_again(again(figures_of(turns)), specs, lives, fresh, turns);
    for (Live& live : fresh) all.push_back(&live);
    close_paused(all);
    return figures_of(turns);
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
      if (stream)
        lives[i].stream = std::move(stream).value();
      else
        lives[i].error = stream.error();
    }
    return lives;
  }

  // Times again.chosen (indices into specs) once more, each in turn for again.stream_time at most: a paused
  // stream on its own session, any other on a fresh one (all started at once, first).
  void time_again(const TimeAgain& again, const std::vector<TrialSpec>& specs, std::vector<Live>& lives,
                  std::deque<Live>& fresh, std::vector<Turn>& turns) {
    std::vector<Live*> order, starting;
    for (const std::size_t i : again.chosen) {
      if (i >= lives.size()) {  // still one result per chosen index
        fresh.emplace_back().error = Error{ErrorKind::unsupported, "no trial " + std::to_string(i) + " to time again"};
        order.push_back(&fresh.back());
        continue;
      }
      if (lives[i].paused && !lives[i].error) {
        order.push_back(&lives[i]);
        continue;
      }
      fresh.push_back(std::move(start_all({specs[i]}).front()));
      fresh.back().pause_at_end = lives[i].pause_at_end;
      order.push_back(&fresh.back());
      if (fresh.back().stream) starting.push_back(&fresh.back());
    }
    wait_until_ready(starting, Clock::now() + m_target.timeout);
    for (Live* live : order) {
      if (live->paused) resume(*live);
      if (again.stream_time) live->stream_time = std::min(live->stream_time, *again.stream_time);
      if (live->stream) release(*live), stream_alone(*live);
      turns.push_back(turn_of(*live));
    }
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

}  // namespace

std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target) {
  return std::make_unique<ProcessRunner>(std::move(target));
}

}  // namespace sshtune
