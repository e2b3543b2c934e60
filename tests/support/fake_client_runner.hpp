#pragma once
// A scripted OpensshRunner, for the unit tests of the host pipeline (tests/host).

#include "probes/core/host_trials.hpp"
#include "base/measure_timing.hpp"
#include "probes/core/openssh_runner.hpp"
#include "tests/support/fake_clock.hpp"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <vector>

namespace sshtune::testing {

// An OpensshRunner answering from a script (default: every trial moves 100 MB in 1 s) and recording
// every batch it was given.
class FakeClientRunner final : public probes::OpensshRunner {
 public:
  std::function<Result<probes::TrialResult>(const probes::TrialSpec&, std::size_t together)> on_run =
      [](const probes::TrialSpec& spec, std::size_t) {
        probes::TrialResult result;
        result.kind = spec.kind;
        result.cipher = spec.cipher;
        result.compression = spec.compression;
        result.client = probes::TrialClient::openssh;
        result.bytes = 100'000'000;
        result.seconds = 1;
        return Result<probes::TrialResult>(result);
      };
  std::vector<std::vector<probes::TrialSpec>> in_turn;   // each run_in_turn batch
  std::vector<std::vector<probes::TrialSpec>> again;     // each batch's specs timed once more (none: not chosen)
  std::vector<std::vector<probes::TrialSpec>> together;  // each run_together batch
  std::vector<std::vector<probes::TrialSpec>> prepared;  // each prepare batch ...
  std::vector<std::size_t> prepared_after;               // ... and how many batches (in turn or together) ran before it
  // When set, every trial moves it as a real one takes: its streaming plus timing.trial_overhead (its warm-up
  // and exit), a run together the longest of its members'.
  const FakeClock* paced = nullptr;
  MeasureTiming timing;  // the real runner's fit to a phase end, as the default policy sets it

  TurnRuns run_in_turn(const std::vector<probes::TrialSpec>& specs, const ChooseAgain& choose = {},
                       const SkipTurn& skip = {}) override {
    in_turn.push_back(specs);
    TurnRuns runs;
    for (std::size_t i = 0; i < specs.size(); ++i) {
      runs.skipped.push_back(skip ? skip(i, runs.first) : std::nullopt);
      const auto& reason = runs.skipped.back();
      if (!reason && paced != nullptr) pace_turn(specs[i], specs.size() - i);
      runs.first.push_back(reason ? Result<probes::TrialResult>(Error{ErrorKind::unsupported, *reason})
                                  : std::move(answer({specs[i]}, 1, false).front()));
    }
    again.emplace_back();
    if (!choose) return runs;
    runs.again = choose(runs.first);
    for (const std::size_t i : runs.again.chosen) {
      again.back().push_back(specs.at(i));
      if (runs.again.stream_time)
        again.back().back().time_cap = std::min(specs.at(i).time_cap, *runs.again.stream_time);
    }
    runs.retimed = answer(again.back(), 1);
    return runs;
  }
  void prepare(const std::vector<probes::TrialSpec>& specs) override {
    prepared.push_back(specs);
    prepared_after.push_back(in_turn.size() + together.size());
  }
  std::vector<Result<probes::TrialResult>> run_together(const std::vector<probes::TrialSpec>& specs) override {
    together.push_back(specs);
    return answer(specs, specs.size());
  }

 private:
  std::vector<Result<probes::TrialResult>> answer(const std::vector<probes::TrialSpec>& specs, std::size_t k,
                                                  bool pacing = true) {
    std::vector<Result<probes::TrialResult>> results;
    if (paced != nullptr && pacing) pace(specs, k);
    for (const auto& spec : specs) {
      if (spec.on_progress) spec.on_progress(1);
      results.push_back(on_run(spec, k));
    }
    return results;
  }
  // A turn as the real runner times it: its streaming shortened so that it and the `remaining - 1` turns
  // after it end by spec.openssh.phase_end (never below timing.shortest_stream, never past its time cap).
  void pace_turn(const probes::TrialSpec& spec, std::size_t remaining) const {
    auto stream = spec.time_cap;
    if (spec.openssh.phase_end) {
      const auto share = std::chrono::duration_cast<std::chrono::milliseconds>(*spec.openssh.phase_end - paced->now()) /
                             static_cast<long>(remaining) -
                         timing.trial_overhead;
      stream = std::clamp(share, std::min(timing.shortest_stream, spec.time_cap), spec.time_cap);
    }
    paced->advance(stream + timing.trial_overhead);
  }
  void pace(const std::vector<probes::TrialSpec>& specs, std::size_t k) const {
    std::chrono::milliseconds longest{0};
    for (const auto& spec : specs) {
      const auto took = spec.time_cap + timing.trial_overhead;
      if (k > 1)
        longest = std::max(longest, took);
      else
        paced->advance(took);
    }
    paced->advance(longest);
  }
};

}  // namespace sshtune::testing
