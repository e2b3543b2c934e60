#include "tuner/host/tool_pass.hpp"

#include "templates/snippet_variables.hpp"
#include "tuner/host/client_target.hpp"

#include <algorithm>
#include <cmath>

namespace sshtune::host {
namespace {

probes::ToolTrialSpec tool_spec(CopyTool tool, const rules::Decision& decision, const std::string& client_version,
                                std::uint64_t bytes, std::shared_ptr<const std::string> payload) {
  probes::ToolTrialSpec spec;
  spec.tool = tool;
  spec.ciphers = templates::ciphers_value(decision.ciphers, client_version);
  spec.compression = decision.compression;
  spec.rsync_compress = templates::rsync_compress_flag(decision.rsync_compress);
  spec.bytes = bytes;
  spec.payload = std::move(payload);
  return spec;
}

CachedTrial tool_trial(const probes::ToolTrialSpec& spec, const rules::Decision& decision, double seconds,
                       std::optional<double> login_s) {
  CachedTrial trial;
  trial.kind = role_of(spec.tool);
  trial.cipher = decision.ciphers.empty() ? std::string() : decision.ciphers.front();
  trial.compression = spec.compression;
  trial.bytes = spec.bytes;
  trial.seconds = seconds;
  trial.mb_per_s = seconds > 0 ? static_cast<double>(spec.bytes) / seconds / 1e6 : 0;
  trial.client = probes::TrialClient::openssh;
  trial.setup_s = login_s;
  return trial;
}

}  // namespace

std::uint64_t tool_trial_bytes(const rules::Decision& decision, const rules::Policy& policy) {
  const double seconds = std::chrono::duration<double>(policy.timing.tool_stream).count();
  const double bytes = std::max(0.0, decision.expected_mb_per_s) * 1e6 * seconds;
  const auto mib = static_cast<std::uint64_t>(std::ceil(bytes / (1 << 20)));
  const auto least = static_cast<std::uint64_t>(policy.timing.least_tool_mib);
  const auto most = static_cast<std::uint64_t>(policy.timing.most_tool_mib);  // parse_policy: never under least
  return std::clamp(mib, least, most) << 20;
}

bool tools_are_timed(const HostRequest& request, const rules::Decision& decision, const HostEnvironment& env) {
  return env.time_tool && request.direction == Direction::upload && decision.bottleneck == rules::Bottleneck::cpu;
}

void time_copy_tools(const HostRequest& request, const ResolvedHost& resolved, const rules::Decision& decision,
                     HostEnvironment& env, Measurement& m) {
  if (!tools_are_timed(request, decision, env)) return;
  const auto start = env.clock->now();
  const probes::OpensshTarget target = openssh_target(request.host, request.overrides, resolved.target, *env.client);
  const std::uint64_t bytes = tool_trial_bytes(decision, env.policy);
  std::vector<probes::ToolTrialSpec> specs;
  specs.reserve(k_copy_tools.size());
  for (const CopyTool tool : k_copy_tools) {
    specs.push_back(tool_spec(tool, decision, env.client->version(), bytes, m.sample));
  }
  const probes::ToolTrials trials = env.time_tool(target, specs);
  for (std::size_t i = 0; i < specs.size() && i < trials.seconds.size(); ++i) {
    const auto& seconds = trials.seconds[i];
    if (seconds)
      m.trials.push_back(tool_trial(specs[i], decision, seconds.value(), trials.login_s));
    else
      m.notes.push_back(std::string(to_string(specs[i].tool)) + " not timed: " + seconds.error().message);
  }
  if (!trials.left_behind.empty()) m.notes.push_back("the copy tools' trial directory is left: " + trials.left_behind);
  using std::chrono::milliseconds;
  const auto spent = std::chrono::duration_cast<milliseconds>(env.clock->now() - start);
  m.passes.push_back({MeasuringPass::tools, milliseconds(0), spent, milliseconds(0)});
}

}  // namespace sshtune::host
