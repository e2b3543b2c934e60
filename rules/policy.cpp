#include "rules/policy.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"

#include "base/data_path.hpp"
#include "base/toml/toml_errors.hpp"

#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

namespace fs = std::filesystem;

namespace sshtune::rules {
namespace {

using Setter = std::function<Result<void>(const toml::node&, Policy&, const std::string& origin)>;

// A number within [low, high], stored into the field `member` points at.
Setter number_in(double Policy::*member, double low, double high) {
  return [=](const toml::node& node, Policy& policy, const std::string& origin) -> Result<void> {
    const auto value = node.value<double>();
    if (!value || *value < low || *value > high) {
      std::ostringstream range;
      range << "expected a number from " << low << " to " << high;
      return toml_error(origin, node, range.str());
    }
    policy.*member = *value;
    return ok();
  };
}

// A whole number within [low, high] (`unit` names it in the error), stored as a Field into the timing
// field `member` points at.
template <typename Field>
Setter whole_in(Field MeasureTiming::*member, long low, long high, const std::string& unit) {
  return [=](const toml::node& node, Policy& policy, const std::string& origin) -> Result<void> {
    const auto value = node.value<std::int64_t>();
    if (!node.is_integer() || !value || *value < low || *value > high) {
      return toml_error(origin, node,
                        "expected " + unit + " from " + std::to_string(low) + " to " + std::to_string(high));
    }
    policy.timing.*member = Field(*value);
    return ok();
  };
}

Setter milliseconds_in(std::chrono::milliseconds MeasureTiming::*member, long low, long high) {
  return whole_in(member, low, high, "whole milliseconds");
}

Setter count_in(int MeasureTiming::*member, long low, long high) {
  return whole_in(member, low, high, "a whole number");
}

// A share of the budget within [0.05, 0.9], stored into the timing field `member` points at.
Setter share_of_budget(double MeasureTiming::*member) {
  return [=](const toml::node& node, Policy& policy, const std::string& origin) -> Result<void> {
    const auto value = node.value<double>();
    if (!value || *value < 0.05 || *value > 0.9) return toml_error(origin, node, "expected a share from 0.05 to 0.9");
    policy.timing.*member = *value;
    return ok();
  };
}

Result<void> set_floor(const toml::node& node, Policy& policy, const std::string& origin) {
  const auto text = node.value<std::string>();
  const auto tier = text ? parse_tier(*text) : std::nullopt;
  if (!tier || *tier > Tier::weak) {
    return toml_error(origin, node, "floor must be recommended, acceptable or weak");
  }
  policy.security_floor = *tier;
  return ok();
}

Result<void> set_allow(const toml::node& node, Policy& policy, const std::string& origin) {
  const toml::array* array = node.as_array();
  if (array == nullptr || !(array->empty() || array->is_homogeneous(toml::node_type::string))) {
    return toml_error(origin, node, "allow must be an array of algorithm names");
  }
  policy.allow.clear();
  for (const auto& item : *array) {
    policy.allow.emplace_back(*item.value<std::string>());
  }
  return ok();
}

const std::map<std::string, std::map<std::string, Setter>>& schema() {
  static const std::map<std::string, std::map<std::string, Setter>> table{
      {"security", {{"floor", set_floor}, {"allow", set_allow}}},
      {"compression", {{"margin", number_in(&Policy::compression_margin, 1.0, 10.0)}}},
      {"ranking",
       {{"tie_tolerance", number_in(&Policy::tie_tolerance, 0.0, 0.5)},
        {"same_cost_tolerance", number_in(&Policy::same_cost_tolerance, 0.0, 0.5)}}},
      {"link",
       {{"flat_spread", number_in(&Policy::flat_spread, 0.0, 0.9)},
        {"cpu_fraction", number_in(&Policy::cpu_fraction, 0.0, 1.0)},
        {"lan_rtt_ms", number_in(&Policy::lan_rtt_ms, 0.0, 1000.0)}}},
      {"window",
       {{"bytes", number_in(&Policy::window_bytes, 32768.0, 1e10)},
        {"near", number_in(&Policy::window_near, 0.1, 1.0)},
        {"suspect", number_in(&Policy::window_suspect, 0.1, 1.0)},
        {"long_rtt_ms", number_in(&Policy::long_rtt_ms, 1.0, 100000.0)},
        {"loss_suspect", number_in(&Policy::loss_suspect, 0.0, 1.0)},
        {"loss_min_segments", number_in(&Policy::loss_min_segments, 1.0, 1e9)},
        {"tcp_receive_share", number_in(&Policy::tcp_receive_share, 0.1, 1.0)},
        {"tcp_advised_max", number_in(&Policy::tcp_advised_max, 65536.0, 2147483647.0)}}},
      {"confirmation",
       {{"crawl_fraction", number_in(&Policy::crawl_fraction, 0.0, 1.0)},
        {"contest_margin", number_in(&Policy::contest_margin, 1.0, 10.0)}}},
      {"parallel",
       {{"gain", number_in(&Policy::parallel_gain, 1.0, 10.0)},
        {"near", number_in(&Policy::parallel_near, 0.1, 1.0)},
        {"step_gain", number_in(&Policy::ladder_step_gain, 1.0, 10.0)},
        {"linear_step_gain", number_in(&Policy::ladder_linear_gain, 1.0, 10.0)}}},
      {"timing",
       {{"survey_share", share_of_budget(&MeasureTiming::survey_share)},
        {"confirm_share", share_of_budget(&MeasureTiming::confirm_share)},
        {"shortest_stream_ms", milliseconds_in(&MeasureTiming::shortest_stream, 20, 10000)},
        {"longest_stream_ms", milliseconds_in(&MeasureTiming::longest_stream, 100, 60000)},
        {"longest_parallel_stream_ms", milliseconds_in(&MeasureTiming::longest_parallel_stream, 100, 60000)},
        {"stream_round_trips", count_in(&MeasureTiming::stream_round_trips, 1, 100)},
        {"warm_up_round_trips", count_in(&MeasureTiming::warm_up_round_trips, 1, 100)},
        {"switch_round_trips", count_in(&MeasureTiming::switch_round_trips, 1, 100)},
        {"slow_start_round_trips", count_in(&MeasureTiming::slow_start_round_trips, 1, 100)},
        {"lossy_slow_start_round_trips", count_in(&MeasureTiming::lossy_slow_start_round_trips, 1, 200)},
        {"warm_up_mib", count_in(&MeasureTiming::warm_up_mib, 1, 1024)},
        {"longest_warm_up_ms", milliseconds_in(&MeasureTiming::longest_warm_up, 50, 10000)},
        {"trial_overhead_ms", milliseconds_in(&MeasureTiming::trial_overhead, 0, 10000)},
        {"shell_start_ms", milliseconds_in(&MeasureTiming::shell_start, 0, 10000)},
        {"ladder_margin_ms", milliseconds_in(&MeasureTiming::ladder_margin, 0, 10000)},
        {"least_switch_ms", milliseconds_in(&MeasureTiming::least_switch, 0, 10000)},
        {"least_command_slot_ms", milliseconds_in(&MeasureTiming::least_command_slot, 10, 10000)},
        {"tool_stream_ms", milliseconds_in(&MeasureTiming::tool_stream, 50, 10000)},
        {"least_tool_mib", count_in(&MeasureTiming::least_tool_mib, 1, 65536)},
        {"most_tool_mib", count_in(&MeasureTiming::most_tool_mib, 1, 65536)}}},
      {"audit",
       {{"slow_cipher_fraction", number_in(&Policy::slow_cipher_fraction, 0.0, 1.0)},
        {"slow_first_fraction", number_in(&Policy::slow_first_fraction, 0.0, 1.0)},
        {"speed_noise", number_in(&Policy::speed_noise, 0.0, 0.5)}}},
  };
  return table;
}

Result<void> apply_section(const std::string& name, const toml::node& node, Policy& policy, const std::string& origin) {
  const auto section = schema().find(name);
  if (section == schema().end() || !node.is_table()) {
    return toml_error(origin, node,
                      "unknown section '" + name +
                          "' (expected security, compression, ranking, link, window, confirmation, parallel, "
                          "timing or audit)");
  }
  for (const auto& [key, value] : *node.as_table()) {
    const auto setter = section->second.find(std::string(key.str()));
    if (setter == section->second.end()) {
      return toml_error(origin, value, "unknown key '" + std::string(key.str()) + "' in [" + name + "]");
    }
    SSHTUNE_TRYV(setter->second(value, policy, origin));
  }
  return ok();
}

}  // namespace

Result<Policy> parse_policy(std::string_view text, const std::string& origin, const Policy& base) {
  SSHTUNE_TRY(root, parse_toml(text, origin));
  Policy policy = base;
  for (const auto& [name, node] : root) {
    SSHTUNE_TRYV(apply_section(std::string(name.str()), node, policy, origin));
  }
  const toml::node* timing = root.get("timing");
  if (timing != nullptr && policy.timing.survey_share + policy.timing.confirm_share > 0.95 + 1e-9) {
    return toml_error(origin, *timing, "survey_share + confirm_share must leave the ladder at least 0.05");
  }
  if (timing != nullptr && (policy.timing.shortest_stream > policy.timing.longest_stream ||
                            policy.timing.shortest_stream > policy.timing.longest_parallel_stream)) {
    return toml_error(origin, *timing,
                      "shortest_stream_ms must not exceed longest_stream_ms or longest_parallel_stream_ms");
  }
  if (timing != nullptr && policy.timing.least_tool_mib > policy.timing.most_tool_mib) {
    return toml_error(origin, *timing, "least_tool_mib must not exceed most_tool_mib");
  }
  return policy;
}

fs::path user_rules_path() { return config_home() / "rules.toml"; }

Result<Policy> load_policy() {
  SSHTUNE_TRY(shipped_path, data_path("rules", "policy.toml"));
  SSHTUNE_TRY(shipped_text, read_file(shipped_path));
  SSHTUNE_TRY(shipped, parse_policy(shipped_text, shipped_path.string()));
  const fs::path user = user_rules_path();
  std::error_code ec;
  if (!fs::exists(user, ec)) {
    return shipped;
  }
  SSHTUNE_TRY(user_text, read_file(user));
  return parse_policy(user_text, user.string(), shipped);
}

}  // namespace sshtune::rules
