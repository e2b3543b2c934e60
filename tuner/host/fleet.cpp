#include "tuner/host/fleet.hpp"

#include <algorithm>
#include <memory>
#include <utility>

namespace sshtune::host {
namespace {

FleetResult tune_one(const HostRequest& request, HostEnvironment& env) {
  FleetResult result;
  result.host = request.host;
  auto outcome = tune_host(request, env);
  if (!outcome) {
    result.error = error_for_host(request.host, outcome.error());
    return result;
  }
  auto snippets = render_snippets(outcome.value());
  if (!snippets) {
    result.error = error_for_host(request.host, snippets.error());
    return result;
  }
  result.outcome = std::move(outcome).value();
  result.snippets = std::move(snippets).value();
  return result;
}

// `measure` run on the first call only; later calls return the first answer.
template <typename T>
std::function<T()> once(std::function<T()> measure) {
  if (!measure) return measure;
  auto memo = std::make_shared<std::optional<T>>();
  return [memo, measure = std::move(measure)] {
    if (!*memo) *memo = measure();
    return **memo;
  };
}

// Compression speeds per sample: measured again only when the sample's bytes differ.
std::function<std::vector<probes::CompressionSpeed>(const std::string&)> once_per_sample(
    std::function<std::vector<probes::CompressionSpeed>(const std::string&)> measure) {
  if (!measure) return measure;
  struct Memo {
    std::optional<std::string> sample;
    std::vector<probes::CompressionSpeed> speeds;
  };
  auto memo = std::make_shared<Memo>();
  return [memo, measure = std::move(measure)](const std::string& sample) {
    if (memo->sample != sample) {
      memo->speeds = measure(sample);
      memo->sample = sample;
    }
    return memo->speeds;
  };
}

}  // namespace

std::vector<FleetResult> tune_fleet(const std::vector<HostRequest>& requests, HostEnvironment& env,
                                    const FleetProgress& progress) {
  std::vector<FleetResult> results;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (progress.started) progress.started(i, requests.size(), requests[i].host);
    results.push_back(tune_one(requests[i], env));
    if (progress.finished) progress.finished(i, requests.size(), results.back());
  }
  return results;
}

void share_local_measurements(HostEnvironment& env) {
  env.cipher_speeds = once(std::move(env.cipher_speeds));
  env.local_rsync = once(std::move(env.local_rsync));
  env.compression_speeds = once_per_sample(std::move(env.compression_speeds));
}

Error error_for_host(const std::string& host, Error error) {
  if (!error.message.starts_with(host + ":")) error.message = host + ": " + error.message;
  return error;
}

bool all_succeeded(const std::vector<FleetResult>& results) {
  return std::all_of(results.begin(), results.end(), [](const FleetResult& r) { return !r.error; });
}

}  // namespace sshtune::host
