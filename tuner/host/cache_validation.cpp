#include "tuner/host/cache_validation.hpp"

#include "base/message.hpp"
#include "rules/security_floor.hpp"
#include "tuner/host/cache_toml.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/names.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

namespace sshtune::host {
namespace {

// Sanity bounds, not decisions: far beyond anything measured, they only keep
// forged values (NaN, 1e308, a timestamp years ahead) out of the decision and the output.
constexpr double k_max_mb_per_s = 1e6;
constexpr double k_max_seconds = 86400;
constexpr double k_max_rtt_ms = 1e6;
constexpr std::int64_t k_max_clock_skew_s = 300;
constexpr std::size_t k_max_text = 4096;
constexpr std::size_t k_max_list = 256;
constexpr int k_max_streams = 64;
constexpr double k_max_window_bytes = 1e10;  // policy's largest [window] bytes

using Problem = std::optional<std::string>;

Problem text_problem(const std::string& text, std::size_t max) {
  if (text.size() > max) return "longer than " + std::to_string(max) + " bytes";
  const auto bad = std::find_if(text.begin(), text.end(), [](unsigned char c) { return c < 0x20 || c == 0x7f; });
  if (bad != text.end()) return "contains a control character ('" + escape_bytes(std::string_view(&*bad, 1)) + "')";
  return std::nullopt;
}

// An SSH algorithm name: 1-64 printable ASCII bytes without space or comma.
Problem name_problem(const std::string& name) {
  const auto bad =
      std::find_if(name.begin(), name.end(), [](unsigned char c) { return c <= ' ' || c >= 0x7f || c == ','; });
  if (name.empty() || name.size() > probes::k_max_algorithm_name || bad != name.end()) {
    return "'" + quote_input(name) + "' is not an SSH algorithm name";
  }
  return std::nullopt;
}

Problem number_problem(double value, double max) {
  if (!std::isfinite(value) || value < 0 || value > max) {
    return "out of range (" + quote_input(std::to_string(value)) + ", expected 0 to " +
           std::to_string(static_cast<long long>(max)) + ")";
  }
  return std::nullopt;
}

Problem streams_problem(int streams) {
  if (streams >= 1 && streams <= k_max_streams) return std::nullopt;
  return "out of range (" + std::to_string(streams) + ", expected 1 to " + std::to_string(k_max_streams) + ")";
}

Problem list_problem(const std::vector<std::string>& values, Problem (*check)(const std::string&)) {
  if (values.size() > k_max_list) return "more than " + std::to_string(k_max_list) + " entries";
  for (const std::string& value : values) {
    if (Problem problem = check(value)) return problem;
  }
  return std::nullopt;
}

Problem free_text(const std::string& text) { return text_problem(text, k_max_text); }

// A TCP buffer limit: a whole number of bytes the kernel can hold.
Problem tcp_problem(double value) {
  if (std::isfinite(value) && value >= 1 && value <= probes::k_max_tcp_buffer && value == std::floor(value)) {
    return std::nullopt;
  }
  return "out of range (" + quote_input(std::to_string(value)) + ", expected a whole 1 to " +
         std::to_string(static_cast<long long>(probes::k_max_tcp_buffer)) + ")";
}

Problem window_bytes_problem(double value) {
  if (std::isfinite(value) && value > 0) return number_problem(value, k_max_window_bytes);
  return "out of range (" + quote_input(std::to_string(value)) + ", expected more than 0)";
}

// Collects the first problem found and the field it was found in.
class Checker {
 public:
  void field(const std::string& name, Problem problem) {
    if (!m_problem && problem) m_problem = name + ": " + *problem;
  }
  const Problem& problem() const { return m_problem; }

 private:
  Problem m_problem;
};

Problem host_problem(const std::string& host) {
  auto checked = sshconfig::check_destination(host);
  if (checked) return std::nullopt;
  return checked.error().message;
}

Problem decided_ciphers_problem(const std::vector<std::string>& ciphers, const CacheRules& rules) {
  if (ciphers.empty()) return std::string("empty");
  for (std::size_t i = 0; i < ciphers.size(); ++i) {
    if (Problem problem = name_problem(ciphers[i])) return problem;
    if (std::find(ciphers.begin(), ciphers.begin() + static_cast<std::ptrdiff_t>(i), ciphers[i]) !=
        ciphers.begin() + static_cast<std::ptrdiff_t>(i)) {
      return "'" + ciphers[i] + "' appears twice";
    }
    if (std::find(rules.client_ciphers.begin(), rules.client_ciphers.end(), ciphers[i]) == rules.client_ciphers.end()) {
      return "'" + ciphers[i] + "' is not supported by the local ssh (ssh -Q cipher)";
    }
  }
  return std::nullopt;
}

void check_window(const std::string& at, const std::optional<rules::SessionWindow>& w, Checker& c) {
  if (!w) return;
  c.field(at + ".bytes", window_bytes_problem(w->bytes));
  c.field(at + ".buffer_max", number_problem(w->buffer_max, probes::k_max_tcp_buffer));
  c.field(at + ".advised_max", number_problem(w->advised_max, probes::k_max_tcp_buffer));
}

void check_tcp(const std::string& end, const rules::TcpLimits& limits, Checker& c) {
  if (limits.receive_max) c.field("tcp." + end + "_receive_max", tcp_problem(*limits.receive_max));
  if (limits.send_max) c.field("tcp." + end + "_send_max", tcp_problem(*limits.send_max));
}

void check_decision(const rules::Decision& d, const CacheRules& rules, Checker& c) {
  c.field("decision.ciphers", decided_ciphers_problem(d.ciphers, rules));
  const bool rsync_known = d.rsync_compress.empty() || d.rsync_compress == "zstd" || d.rsync_compress == "zlib";
  c.field("decision.rsync_compress", rsync_known ? Problem() : "unknown value '" + quote_input(d.rsync_compress) + "'");
  c.field("decision.expected_mb_per_s", number_problem(d.expected_mb_per_s, k_max_mb_per_s));
  if (d.current_mb_per_s) c.field("decision.current_mb_per_s", number_problem(*d.current_mb_per_s, k_max_mb_per_s));
  if (d.break_even_ratio) c.field("decision.break_even_ratio", number_problem(*d.break_even_ratio, 1));
  if (!d.current_cipher.empty()) c.field("decision.current_cipher", name_problem(d.current_cipher));
  c.field("decision.reasons", list_problem(d.reasons, free_text));
  if (d.parallel) {
    c.field("decision.parallel.streams", streams_problem(d.parallel->streams));
    c.field("decision.parallel.mb_per_s", number_problem(d.parallel->mb_per_s, k_max_mb_per_s));
    c.field("decision.parallel.single_mb_per_s", number_problem(d.parallel->single_mb_per_s, k_max_mb_per_s));
  }
  check_window("decision.windows.upload", d.windows.upload, c);
  check_window("decision.windows.download", d.windows.download, c);
}

void check_trials(const std::vector<CachedTrial>& trials, Checker& c) {
  c.field("trials",
          trials.size() > k_max_list ? Problem("more than " + std::to_string(k_max_list) + " entries") : Problem());
  for (std::size_t i = 0; i < trials.size(); ++i) {
    const std::string at = "trials[" + std::to_string(i) + "].";
    c.field(at + "cipher", name_problem(trials[i].cipher));
    c.field(at + "mb_per_s", number_problem(trials[i].mb_per_s, k_max_mb_per_s));
    c.field(at + "seconds", number_problem(trials[i].seconds, k_max_seconds));
    if (trials[i].start_s) c.field(at + "start_s", number_problem(*trials[i].start_s, k_max_seconds));
    if (trials[i].setup_s) c.field(at + "setup_s", number_problem(*trials[i].setup_s, k_max_seconds));
    c.field(at + "streams", streams_problem(trials[i].streams));
  }
}

void check_server(const CachedHost& e, Checker& c) {
  c.field("server.banner", text_problem(e.server_banner, 255));
  c.field("server.ciphers", list_problem(e.server_ciphers, name_problem));
  c.field("server.macs", list_problem(e.server_macs, name_problem));
  c.field("server.kex", list_problem(e.server_kex, name_problem));
  c.field("server.compression", list_problem(e.server_compression, name_problem));
}

Problem time_problem(std::int64_t measured, std::int64_t now) {
  if (measured <= 0 || measured > now + k_max_clock_skew_s) return "out of range (" + std::to_string(measured) + ")";
  return std::nullopt;
}

}  // namespace

Result<CacheRules> production_cache_rules() {
  SSHTUNE_TRY(client, sshconfig::local_client_capabilities());
  SSHTUNE_TRY(catalog, rules::load_shipped_catalog());
  SSHTUNE_TRY(policy, rules::load_policy());
  return CacheRules{std::move(catalog), std::move(policy), client->supported(AlgorithmKind::cipher)};
}

Result<void> validate_cached_host(const CachedHost& entry, const CacheRules& rules, std::int64_t now_unix,
                                  const std::string& origin) {
  Checker c;
  c.field("host", host_problem(entry.host));
  c.field("measured_unix", time_problem(entry.measured_unix, now_unix));
  c.field("client_version", text_problem(entry.client_version, 256));
  c.field("sample", free_text(entry.sample));
  c.field("target", text_problem(entry.target, 512));
  c.field("notes", list_problem(entry.notes, free_text));
  if (entry.rtt_ms) c.field("rtt_ms", number_problem(*entry.rtt_ms, k_max_rtt_ms));
  if (entry.loaded_rtt_ms) c.field("loaded_rtt_ms", number_problem(*entry.loaded_rtt_ms, k_max_rtt_ms));
  if (entry.session_setup_s) c.field("session_setup_s", number_problem(*entry.session_setup_s, k_max_seconds));
  check_server(entry, c);
  check_tcp("local", entry.local_tcp, c);
  check_tcp("server", entry.server_tcp, c);
  check_trials(entry.trials, c);
  check_decision(entry.decision, rules, c);
  if (c.problem()) return Error{ErrorKind::invalid_input, origin + ": " + *c.problem() + "; refusing it"};
  return rules::check_security_floor(entry.decision.ciphers, rules.catalog, rules.policy,
                                     origin + ": decision.ciphers");
}

Result<CachedHost> parse_cached_host(std::string_view text, const std::string& origin, const CacheRules& rules,
                                     std::int64_t now_unix) {
  SSHTUNE_TRY(entry, decode_cache_entry(text, origin));
  SSHTUNE_TRYV(validate_cached_host(entry, rules, now_unix, origin));
  return entry;
}

}  // namespace sshtune::host
