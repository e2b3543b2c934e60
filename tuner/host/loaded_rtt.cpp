#include "tuner/host/loaded_rtt.hpp"

#include "base/stats.hpp"

#include <algorithm>
#include <future>
#include <system_error>

namespace sshtune::host {
namespace {

constexpr int k_loaded_round_trips = 4;

std::optional<double> median_round_trip(probes::RemoteRunner& runner, const StreamStart& start,
                                        std::chrono::milliseconds wait) {
  probes::TrialSpec spec;
  spec.kind = probes::TrialKind::round_trips;
  spec.remote.round_trips = k_loaded_round_trips;
  spec.remote.before_round_trips = [&] { return start.began_within(wait); };
  auto result = runner.run(spec);
  if (!result || result.value().round_trip_seconds.empty()) return std::nullopt;
  return median(result.value().round_trip_seconds);
}

}  // namespace

std::function<void(std::uint64_t)> StreamStart::on_progress() {
  return [this](std::uint64_t) { settle(false); };
}

void StreamStart::abandon() { settle(true); }

bool StreamStart::began_within(std::chrono::milliseconds wait) const {
  return m_signal.wait_for(wait) == std::future_status::ready && !m_abandoned;
}

void StreamStart::settle(bool abandoned) {
  if (m_settled.exchange(true)) return;
  m_abandoned = abandoned;
  m_begun.set_value();
}

std::future<std::optional<double>> loaded_round_trips(probes::RemoteRunner& runner, const StreamStart& start,
                                                      std::chrono::milliseconds wait) {
  try {
    return std::async(std::launch::async, [&runner, &start, wait] { return median_round_trip(runner, start, wait); });
  } catch (const std::system_error&) {  // no thread: the pings must run beside the stream, so none run
    std::promise<std::optional<double>> none;
    none.set_value(std::nullopt);
    return none.get_future();
  }
}

}  // namespace sshtune::host
