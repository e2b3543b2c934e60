#include "tuner/host/cache_toml.hpp"

#include "base/format.hpp"
#include "base/toml/toml_errors.hpp"
#include "base/toml/toml_fields.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <span>
#include <sstream>

namespace sshtune::host {
namespace {

toml::array string_array(const std::vector<std::string>& values) {
  toml::array array;
  for (const auto& value : values) array.push_back(value);
  return array;
}

// The window that binds one direction, or nothing when none is known.
void insert_window(toml::table& windows, std::string_view key, const std::optional<rules::SessionWindow>& w) {
  if (!w) return;
  windows.insert(key, toml::table{{"limit", std::string(rules::to_string(w->limit))},
                                  {"bytes", w->bytes},
                                  {"buffer_max", w->buffer_max},
                                  {"advised_max", w->advised_max},
                                  {"local_known", w->local_known},
                                  {"server_known", w->server_known}});
}

toml::table windows_table(const rules::SessionWindows& windows) {
  toml::table table;
  insert_window(table, "upload", windows.upload);
  insert_window(table, "download", windows.download);
  return table;
}

// The known TCP buffer limits, each end's under its own keys.
toml::table tcp_table(const rules::TcpLimits& local, const rules::TcpLimits& server) {
  toml::table table;
  const std::pair<const char*, const std::optional<double>*> limits[] = {{"local_receive_max", &local.receive_max},
                                                                         {"local_send_max", &local.send_max},
                                                                         {"server_receive_max", &server.receive_max},
                                                                         {"server_send_max", &server.send_max}};
  for (const auto& [key, value] : limits) {
    if (*value) table.insert(key, **value);
  }
  return table;
}

toml::table decision_table(const rules::Decision& d) {
  toml::table table{{"ciphers", string_array(d.ciphers)},
                    {"compression", d.compression},
                    {"rsync_compress", d.rsync_compress},
                    {"link_class", std::string(rules::to_string(d.link_class))},
                    {"bottleneck", std::string(rules::to_string(d.bottleneck))},
                    {"expected_mb_per_s", d.expected_mb_per_s},
                    {"expected_client", std::string(rules::to_string(d.expected_source))},
                    {"current_client", std::string(rules::to_string(d.current_source))},
                    {"current_cipher", d.current_cipher},
                    {"reasons", string_array(d.reasons)}};
  if (d.break_even_ratio) table.insert("break_even_ratio", *d.break_even_ratio);
  if (d.current_mb_per_s) table.insert("current_mb_per_s", *d.current_mb_per_s);
  table.insert("windows", windows_table(d.windows));
  if (d.parallel) {
    table.insert("parallel", toml::table{{"streams", d.parallel->streams},
                                         {"mb_per_s", d.parallel->mb_per_s},
                                         {"single_mb_per_s", d.parallel->single_mb_per_s}});
  }
  return table;
}

toml::array trials_array(const std::vector<CachedTrial>& trials) {
  toml::array array;
  for (const auto& t : trials) {
    array.push_back(toml::table{{"kind", std::string(to_string(t.kind))},
                                {"cipher", t.cipher},
                                {"compression", t.compression},
                                {"mb_per_s", t.mb_per_s},
                                {"bytes", static_cast<std::int64_t>(t.bytes)},
                                {"seconds", t.seconds},
                                {"client", std::string(to_string(t.client))},
                                {"streams", t.streams}});
    if (t.start_s) array.back().as_table()->insert("start_s", *t.start_s);
    if (t.setup_s) array.back().as_table()->insert("setup_s", *t.setup_s);
  }
  return array;
}

// Enum words in the order of the enum's values.
constexpr std::array<std::string_view, 8> k_roles{
    "upload", "download", "upload-zlib-sample", "upload-zlib-random", "parallel", "scp", "sftp", "rsync"};
constexpr std::array<std::string_view, 2> k_clients{"libssh", "openssh"};
constexpr std::array<std::string_view, 4> k_sources{"openssh", "libssh", "model", "loss-model"};
constexpr std::array<std::string_view, 2> k_link_classes{"cpu-bound", "link-bound"};
constexpr std::array<std::string_view, 4> k_bottlenecks{"cpu", "link", "window", "loss"};
constexpr std::array<std::string_view, 2> k_directions{"upload", "download"};
constexpr std::array<std::string_view, 5> k_window_limits{"channel", "local-send", "local-receive", "server-send",
                                                          "server-receive"};

Result<CachedTrial> decode_trial(const Fields& t) {
  CachedTrial trial;
  SSHTUNE_TRYV(t.word("kind", k_roles, trial.kind));
  SSHTUNE_TRYV(t.get("cipher", trial.cipher));
  SSHTUNE_TRYV(t.get("compression", trial.compression));
  SSHTUNE_TRYV(t.get("mb_per_s", trial.mb_per_s));
  SSHTUNE_TRYV(t.get("bytes", trial.bytes));
  SSHTUNE_TRYV(t.get("seconds", trial.seconds));
  SSHTUNE_TRYV(t.word("client", k_clients, trial.client));
  SSHTUNE_TRYV(t.get("streams", trial.streams));
  SSHTUNE_TRYV(t.get("start_s", trial.start_s));
  SSHTUNE_TRYV(t.get("setup_s", trial.setup_s));
  return trial;
}

// decision.parallel, when the entry recommends parallel sessions.
Result<void> decode_parallel(const Fields& d, rules::Decision& decision) {
  SSHTUNE_TRY(p, d.table("parallel"));
  if (p.empty()) return ok();
  rules::ParallelAdvice advice;
  SSHTUNE_TRYV(p.get("streams", advice.streams));
  SSHTUNE_TRYV(p.get("mb_per_s", advice.mb_per_s));
  SSHTUNE_TRYV(p.get("single_mb_per_s", advice.single_mb_per_s));
  decision.parallel = advice;
  return ok();
}

// One direction's binding window, when the entry has one.
Result<void> decode_window(const Fields& windows, std::string_view key, std::optional<rules::SessionWindow>& out) {
  SSHTUNE_TRY(w, windows.table(key));
  if (w.empty()) return ok();
  rules::SessionWindow window;
  SSHTUNE_TRYV(w.word("limit", k_window_limits, window.limit));
  SSHTUNE_TRYV(w.get("bytes", window.bytes));
  SSHTUNE_TRYV(w.get("buffer_max", window.buffer_max));
  SSHTUNE_TRYV(w.get("advised_max", window.advised_max));
  SSHTUNE_TRYV(w.get("local_known", window.local_known));
  SSHTUNE_TRYV(w.get("server_known", window.server_known));
  out = window;
  return ok();
}

Result<void> decode_windows(const Fields& d, rules::SessionWindows& windows) {
  SSHTUNE_TRY(w, d.table("windows"));
  SSHTUNE_TRYV(decode_window(w, "upload", windows.upload));
  return decode_window(w, "download", windows.download);
}

Result<void> decode_tcp(const Fields& root, CachedHost& entry) {
  SSHTUNE_TRY(t, root.table("tcp"));
  SSHTUNE_TRYV(t.get("local_receive_max", entry.local_tcp.receive_max));
  SSHTUNE_TRYV(t.get("local_send_max", entry.local_tcp.send_max));
  SSHTUNE_TRYV(t.get("server_receive_max", entry.server_tcp.receive_max));
  return t.get("server_send_max", entry.server_tcp.send_max);
}

Result<void> decode_decision(const Fields& d, rules::Decision& decision) {
  SSHTUNE_TRYV(d.get("ciphers", decision.ciphers));
  SSHTUNE_TRYV(d.get("compression", decision.compression));
  SSHTUNE_TRYV(d.get("rsync_compress", decision.rsync_compress));
  SSHTUNE_TRYV(d.word("link_class", k_link_classes, decision.link_class));
  SSHTUNE_TRYV(d.word("bottleneck", k_bottlenecks, decision.bottleneck));
  SSHTUNE_TRYV(d.get("expected_mb_per_s", decision.expected_mb_per_s));
  SSHTUNE_TRYV(d.get("current_cipher", decision.current_cipher));
  SSHTUNE_TRYV(d.get("reasons", decision.reasons));
  SSHTUNE_TRYV(d.get("break_even_ratio", decision.break_even_ratio));
  SSHTUNE_TRYV(d.word("expected_client", k_sources, decision.expected_source));
  SSHTUNE_TRYV(d.word("current_client", k_sources, decision.current_source));
  SSHTUNE_TRYV(decode_parallel(d, decision));
  SSHTUNE_TRYV(decode_windows(d, decision.windows));
  return d.get("current_mb_per_s", decision.current_mb_per_s);
}

Result<void> decode_server(const Fields& s, CachedHost& entry) {
  SSHTUNE_TRYV(s.get("banner", entry.server_banner));
  SSHTUNE_TRYV(s.get("ciphers", entry.server_ciphers));
  SSHTUNE_TRYV(s.get("macs", entry.server_macs));
  SSHTUNE_TRYV(s.get("kex", entry.server_kex));
  SSHTUNE_TRYV(s.get("compression", entry.server_compression));
  return s.get("strict_kex", entry.server_strict_kex);
}

Result<void> decode_top(const Fields& root, CachedHost& entry) {
  SSHTUNE_TRYV(root.get("host", entry.host));
  SSHTUNE_TRYV(root.get("measured_unix", entry.measured_unix));
  SSHTUNE_TRYV(root.get("client_version", entry.client_version));
  SSHTUNE_TRYV(root.get("sample", entry.sample));
  SSHTUNE_TRYV(root.word("direction", k_directions, entry.direction));
  SSHTUNE_TRYV(root.get("target", entry.target));
  SSHTUNE_TRYV(root.get("notes", entry.notes));
  SSHTUNE_TRYV(root.get("loaded_rtt_ms", entry.loaded_rtt_ms));
  SSHTUNE_TRYV(root.get("session_setup_s", entry.session_setup_s));
  return root.get("rtt_ms", entry.rtt_ms);
}

}  // namespace

std::string render_cache_entry(const CachedHost& entry) {
  toml::table root{{"host", entry.host},
                   {"measured_unix", entry.measured_unix},
                   {"measured_at", utc_text(entry.measured_unix, "%Y-%m-%dT%H:%M:%SZ")},
                   {"client_version", entry.client_version},
                   {"sample", entry.sample},
                   {"direction", std::string(to_string(entry.direction))},
                   {"target", entry.target},
                   {"notes", string_array(entry.notes)},
                   {"server", toml::table{{"banner", entry.server_banner},
                                          {"ciphers", string_array(entry.server_ciphers)},
                                          {"macs", string_array(entry.server_macs)},
                                          {"kex", string_array(entry.server_kex)},
                                          {"compression", string_array(entry.server_compression)},
                                          {"strict_kex", entry.server_strict_kex}}},
                   {"trials", trials_array(entry.trials)},
                   {"tcp", tcp_table(entry.local_tcp, entry.server_tcp)},
                   {"decision", decision_table(entry.decision)}};
  if (entry.rtt_ms) root.insert("rtt_ms", *entry.rtt_ms);
  if (entry.loaded_rtt_ms) root.insert("loaded_rtt_ms", *entry.loaded_rtt_ms);
  if (entry.session_setup_s) root.insert("session_setup_s", *entry.session_setup_s);
  std::ostringstream text;
  text << "# ssh-tune measurements; safe to delete (ssh-tune host measures again).\n" << root << '\n';
  return text.str();
}

Result<CachedHost> decode_cache_entry(std::string_view text, const std::string& origin) {
  SSHTUNE_TRY(root_table, parse_toml(text, origin));
  const Fields root(root_table, origin, "");
  CachedHost entry;
  SSHTUNE_TRYV(decode_top(root, entry));
  SSHTUNE_TRY(server, root.table("server"));
  SSHTUNE_TRYV(decode_server(server, entry));
  SSHTUNE_TRYV(decode_tcp(root, entry));
  SSHTUNE_TRY(trials, root.tables("trials"));
  for (const Fields& fields : trials) {
    SSHTUNE_TRY(trial, decode_trial(fields));
    entry.trials.push_back(std::move(trial));
  }
  SSHTUNE_TRY(decision, root.table("decision"));
  SSHTUNE_TRYV(decode_decision(decision, entry.decision));
  return entry;
}

}  // namespace sshtune::host
