#include "probes/openssh/make_openssh_runner.hpp"

#include "probes/openssh/clock_group.hpp"
#include "probes/openssh/openssh_turn.hpp"
#include "probes/openssh/openssh_command.hpp"
#include "probes/openssh/session_pool.hpp"

#include <algorithm>
#include <deque>

namespace sshtune::probes {
namespace {

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

// A first turn streams on the clock where its spec asks (an uncompressed one: its connection's count is
// its payload) and the kernel shows its connection; any other as its warm-up bytes say.
void stream_turn(Live& live, const MeasureTiming& timing, const Clock& clock) {
  std::vector<Live*> one{&live};
  const auto warm_up = live.error ? std::nullopt : clock_warm_up_of(live.stream->spec());
  if (!warm_up || !stream_on_clock(one, *warm_up, timing.stream_round_trips, clock)) stream_alone(live);
}

class ProcessRunner final : public OpensshRunner {
 public:
  ProcessRunner(OpensshTarget target, const Clock& clock, const MeasureTiming& timing)
      : m_target(std::move(target)), m_clock(clock), m_timing(timing) {}

  TurnRuns run_in_turn(const std::vector<TrialSpec>& specs, const ChooseAgain& again, const SkipTurn& skip) override {
    const auto started = m_clock.now();
    std::vector<Live> lives = start_staggered(m_target, specs, m_target.timeout, m_clock);
    for (Live& live : lives) live.pause_at_end = live.stream && upload_timed_here(live.stream->spec());
    std::vector<Live*> all = pointers(lives);
    TurnRuns runs;
    runs.skipped.resize(lives.size());
    auto setup = m_clock.now() - started;
    for (std::size_t i = 0; i < all.size(); ++i) {
      const auto index = static_cast<std::size_t>(all[i] - lives.data());
      runs.skipped[index] = skip_reason(*all[i], lives, skip);
      if (runs.skipped[index]) continue;
      release(*all[i]);
      fit_to_phase_end(*all[i], all.size() - i, setup, m_timing);
      stream_turn(*all[i], m_timing, m_clock);
      if (all[i]->warmed) setup += all[i]->warmed_at - all[i]->released_at;
    }
    std::vector<Turn> turns;
    turns.reserve(lives.size());
    for (const Live& live : lives) turns.push_back(turn_of(live));
    std::deque<Live> fresh;
    if (again) {
      runs.again = again(figures_of(turns));
      time_again(runs.again, specs, lives, fresh, turns);
    }
    for (Live& live : fresh) all.push_back(&live);
    close_paused(all);  // may still void a figure (Live::close_error)
    runs.first = figures_of(turns);
    const auto first_count = static_cast<long>(lives.size());
    runs.retimed.assign(runs.first.begin() + first_count, runs.first.end());
    runs.first.erase(runs.first.begin() + first_count, runs.first.end());
    return runs;
  }

  std::vector<Result<TrialResult>> run_together(const std::vector<TrialSpec>& specs) override {
    std::vector<Live> lives = sessions_for(specs);
    std::vector<Live*> all = pointers(lives);
    for (Live* live : all) release(*live);
    const auto warm_up = specs.empty() ? std::nullopt : clock_warm_up_of(specs.front());
    if (!warm_up || !stream_on_clock(all, *warm_up, m_timing.stream_round_trips, m_clock))
      stream_group(all, stream_deadline(all, m_clock), m_clock, true);
    return results_of(lives);
  }

  void prepare(const std::vector<TrialSpec>& specs) override {
    std::vector<TrialSpec> quiet = specs;
    for (TrialSpec& spec : quiet) spec.openssh.early_bytes = 0;
    m_pools.push_back(std::make_unique<SessionPool>(m_target, std::move(quiet), m_clock));
  }

 private:
  // A ready session per spec: one the earliest prepare() opened, where it is of the spec's setting, else
  // one started now. Sessions prepared later keep opening for the runs after this one.
  std::vector<Live> sessions_for(const std::vector<TrialSpec>& specs) {
    std::vector<Live> prepared;
    if (!m_pools.empty()) {
      prepared = m_pools.front()->take();
      m_pools.pop_front();
    }
    std::vector<Live> lives(specs.size());
    std::vector<TrialSpec> missing;
    std::vector<std::size_t> missing_at;
    for (std::size_t i = 0; i < specs.size(); ++i) {
      const auto match = std::find_if(prepared.begin(), prepared.end(), [&](const Live& live) {
        return live.stream && !live.error && can_stream(live.stream->spec(), specs[i]);
      });
      if (match == prepared.end()) {
        missing.push_back(specs[i]), missing_at.push_back(i);
        continue;
      }
      lives[i] = std::move(*match);
      lives[i].stream_time = specs[i].time_cap;
      prepared.erase(match);
    }
    std::vector<Live> started = start_staggered(m_target, missing, m_target.timeout, m_clock);
    for (std::size_t j = 0; j < started.size(); ++j) lives[missing_at[j]] = std::move(started[j]);
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
      fresh.push_back(start_live(m_target, specs[i], m_clock));
      fresh.back().pause_at_end = lives[i].pause_at_end;
      order.push_back(&fresh.back());
      if (fresh.back().stream) starting.push_back(&fresh.back());
    }
    wait_until_ready(starting, m_clock.now() + m_target.timeout, m_clock);
    for (Live* live : order) {
      if (live->paused) resume(*live);
      if (again.stream_time) live->stream_time = std::min(live->stream_time, *again.stream_time);
      if (live->stream) release(*live), stream_alone(*live);
      turns.push_back(turn_of(*live));
    }
  }

  // The reason `skip` gives not to stream `live` (one of `lives`) after the turns before it, or nullopt; with
  // a reason its session ends and its error is that reason.
  static std::optional<std::string> skip_reason(Live& live, std::vector<Live>& lives, const SkipTurn& skip) {
    if (!skip) return std::nullopt;
    const auto index = static_cast<std::size_t>(&live - lives.data());
    std::vector<Turn> before;
    for (std::size_t j = 0; j < index; ++j) before.push_back(turn_of(lives[j]));
    auto reason = skip(index, figures_of(before));
    if (!reason) return std::nullopt;
    live.error = Error{ErrorKind::unsupported, *reason};
    live.stream.reset();  // ends its ssh
    return reason;
  }

  static std::vector<Live*> pointers(std::vector<Live>& lives) {
    std::vector<Live*> out;
    for (Live& live : lives) {
      if (live.stream) out.push_back(&live);
    }
    return out;
  }

  OpensshTarget m_target;
  const Clock& m_clock;
  MeasureTiming m_timing;
  std::deque<std::unique_ptr<SessionPool>> m_pools;  // prepare()'s sessions, each set until a run_together
};

}  // namespace

std::unique_ptr<OpensshRunner> make_openssh_runner(OpensshTarget target, const Clock& clock,
                                                   const MeasureTiming& timing) {
  return std::make_unique<ProcessRunner>(std::move(target), clock, timing);
}

}  // namespace sshtune::probes
