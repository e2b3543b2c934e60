#include "templates/snippet_variables.hpp"

#include "base/format.hpp"
#include "rules/session_window.hpp"

#include <algorithm>
#include <charconv>
#include <iterator>
#include <ctime>

namespace sshtune::templates {
namespace {

// Reads the digits at the front of `text` into `value`; returns what follows.
std::optional<std::string_view> read_number(std::string_view text, int& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{}) return std::nullopt;
  return text.substr(static_cast<std::size_t>(end - text.data()));
}

std::string join(const std::vector<std::string>& names) {
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ",") + name;
  return joined;
}

}  // namespace

std::optional<OpenSshVersion> parse_openssh_version(std::string_view version) {
  for (const std::string_view prefix : {"OpenSSH_for_Windows_", "OpenSSH_"}) {
    if (!version.starts_with(prefix)) continue;
    OpenSshVersion parsed;
    const auto rest = read_number(version.substr(prefix.size()), parsed.major);
    if (!rest || !rest->starts_with('.')) return std::nullopt;
    if (!read_number(rest->substr(1), parsed.minor)) return std::nullopt;
    return parsed;
  }
  return std::nullopt;
}

bool supports_caret_ciphers(std::string_view client_version) {
  const auto version = parse_openssh_version(client_version);
  return version && (version->major > 8 || (version->major == 8 && version->minor >= 1));
}

std::string ciphers_value(const std::vector<std::string>& ranked, std::string_view client_version) {
  if (ranked.empty()) return "";
  return (supports_caret_ciphers(client_version) ? "^" : "") + join(ranked);
}

std::string rsync_compress_flag(std::string_view rsync_compress) {
  if (rsync_compress == "zstd") return "--compress-choice=zstd";
  if (rsync_compress == "zlib") return "-z";
  return "";
}

std::string format_measured(std::int64_t measured_unix) {
  return measured_unix == 0 ? "" : utc_text(measured_unix, "%Y-%m-%d %H:%M UTC");
}

FieldRole field_role(std::string_view name) {
  static constexpr std::string_view k_text[] = {"measured",     "sample",       "server_banner", "client_version",
                                                "expected",     "bottleneck",   "link_class",    "parallel_speed",
                                                "single_speed", "mscp_missing", "server_hpn",    "window_bound",
                                                "window_limit", "window_lift"};
  return std::find(std::begin(k_text), std::end(k_text), name) != std::end(k_text) ? FieldRole::text
                                                                                   : FieldRole::argument;
}

namespace {

std::string flag(bool value) { return value ? "yes" : ""; }

// The window that binds one session in the trials' direction, when the verdict is window-bound.
std::optional<rules::SessionWindow> bound_window(const SnippetInput& input) {
  if (input.decision.bottleneck != rules::Bottleneck::window) return std::nullopt;
  const auto& windows = input.decision.windows;
  return input.direction == rules::TransferDirection::upload ? windows.upload : windows.download;
}

// The parallel snippet's variables; empty without parallel advice.
void add_parallel(const SnippetInput& input, Variables& out) {
  const auto& parallel = input.decision.parallel;
  out["streams"] = parallel ? std::to_string(parallel->streams) : "";
  out["parallel_speed"] = parallel ? mbps(parallel->mb_per_s) : "";
  out["single_speed"] = parallel ? mbps(parallel->single_mb_per_s) : "";
  out["mscp_missing"] = flag(!input.mscp_on_path);
  out["server_hpn"] = flag(rules::banner_is_hpn(input.server_banner));
  out["window_bound"] = flag(input.decision.bottleneck == rules::Bottleneck::window);
  const auto window = bound_window(input);
  out["window_limit"] = window ? rules::window_name(*window) : "";
  out["window_lift"] = window ? rules::window_lift(*window, input.direction) : "";
}

}  // namespace

Variables snippet_variables(const SnippetInput& input) {
  const rules::Decision& decision = input.decision;
  const double expected = decision.expected_mb_per_s;
  const std::string ciphers = ciphers_value(decision.ciphers, input.client_version);
  Variables out{
      {"host", input.host},
      {"ciphers", ciphers},
      {"rsync_rsh", "ssh -o Compression=no" + (ciphers.empty() ? "" : " -c " + ciphers)},
      {"cipher_list", join(decision.ciphers)},
      {"first_cipher", decision.ciphers.empty() ? "" : decision.ciphers.front()},
      {"compression", decision.compression ? "yes" : "no"},
      {"rsync_compress", rsync_compress_flag(decision.rsync_compress)},
      {"measured", format_measured(input.measured_unix)},
      {"sample", input.sample},
      {"server_banner", input.server_banner},
      {"client_version", input.client_version},
      {"expected", expected > 0 ? mbps(expected) : ""},
      {"bottleneck", std::string(rules::to_string(decision.bottleneck))},
      {"link_class", std::string(rules::to_string(decision.link_class))},
  };
  add_parallel(input, out);
  return out;
}

}  // namespace sshtune::templates
