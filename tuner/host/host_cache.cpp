#include "tuner/host/host_cache.hpp"
#include "base/paths.hpp"
#include "base/read_file.hpp"

#include "rules/toml_errors.hpp"
#include "tuner/edit/atomic_writer.hpp"
#include "tuner/edit/file_system.hpp"

#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>

namespace fs = std::filesystem;

namespace sshtune {
namespace {

toml::array string_array(const std::vector<std::string>& values) {
  toml::array array;
  for (const auto& value : values) {
    array.push_back(value);
  }
  return array;
}

std::vector<std::string> strings_of(const toml::node_view<const toml::node>& node) {
  std::vector<std::string> values;
  if (const toml::array* array = node.as_array()) {
    for (const auto& item : *array) {
      values.emplace_back(item.value_or(std::string{}));
    }
  }
  return values;
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
  if (d.break_even_ratio) {
    table.insert("break_even_ratio", *d.break_even_ratio);
  }
  if (d.current_mb_per_s) {
    table.insert("current_mb_per_s", *d.current_mb_per_s);
  }
  if (d.parallel) {
    table.insert("parallel", toml::table{{"streams", d.parallel->streams},
                                         {"mb_per_s", d.parallel->mb_per_s},
                                         {"single_mb_per_s", d.parallel->single_mb_per_s}});
  }
  return table;
}

rules::FigureSource source_of(const std::string& text) {
  return text == "openssh" ? rules::FigureSource::openssh : rules::FigureSource::libssh;
}

rules::Decision decision_of(const toml::node_view<const toml::node>& t) {
  rules::Decision d;
  d.ciphers = strings_of(t["ciphers"]);
  d.compression = t["compression"].value_or(false);
  d.rsync_compress = t["rsync_compress"].value_or(std::string{});
  d.link_class = t["link_class"].value_or(std::string{}) == "link-bound" ? rules::LinkClass::link_bound
                                                                           : rules::LinkClass::cpu_bound;
  const std::string bottleneck = t["bottleneck"].value_or(std::string{"cpu"});
  d.bottleneck = bottleneck == "window" ? rules::Bottleneck::window
                 : bottleneck == "link" ? rules::Bottleneck::link
                                        : rules::Bottleneck::cpu;
  d.expected_mb_per_s = t["expected_mb_per_s"].value_or(0.0);
  d.expected_source = source_of(t["expected_client"].value_or(std::string{}));
  d.current_source = source_of(t["current_client"].value_or(std::string{}));
  if (const auto parallel = t["parallel"]; parallel.is_table()) {
    d.parallel = rules::ParallelAdvice{parallel["streams"].value_or(2), parallel["mb_per_s"].value_or(0.0),
                                       parallel["single_mb_per_s"].value_or(0.0)};
  }
  d.current_cipher = t["current_cipher"].value_or(std::string{});
  d.reasons = strings_of(t["reasons"]);
  if (auto ratio = t["break_even_ratio"].value<double>()) {
    d.break_even_ratio = *ratio;
  }
  if (auto current = t["current_mb_per_s"].value<double>()) {
    d.current_mb_per_s = *current;
  }
  return d;
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
  }
  return array;
}

std::vector<CachedTrial> trials_of(const toml::node_view<const toml::node>& node) {
  std::vector<CachedTrial> trials;
  if (const toml::array* array = node.as_array()) {
    for (const auto& item : *array) {
      const toml::node_view<const toml::node> t(item);
      const auto kind = parse_trial_role(t["kind"].value_or(std::string{}));
      const auto client = parse_trial_client(t["client"].value_or(std::string("libssh")));
      trials.push_back({kind.value_or(TrialRole::upload), t["cipher"].value_or(std::string{}),
                        t["compression"].value_or(false), t["mb_per_s"].value_or(0.0),
                        static_cast<std::uint64_t>(t["bytes"].value_or(std::int64_t{0})), t["seconds"].value_or(0.0),
                        client.value_or(TrialClient::libssh), t["streams"].value_or(1)});
    }
  }
  return trials;
}

std::string iso8601(std::int64_t unix_seconds) {
  const std::time_t time = static_cast<std::time_t>(unix_seconds);
  std::tm utc{};
  gmtime_r(&time, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

std::string render(const CachedHost& entry) {
  toml::table root{{"host", entry.host},
                   {"measured_unix", entry.measured_unix},
                   {"measured_at", iso8601(entry.measured_unix)},
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
                   {"decision", decision_table(entry.decision)}};
  if (entry.rtt_ms) {
    root.insert("rtt_ms", *entry.rtt_ms);
  }
  if (entry.loaded_rtt_ms) {
    root.insert("loaded_rtt_ms", *entry.loaded_rtt_ms);
  }
  std::ostringstream text;
  text << "# ssh-tune measurements; safe to delete (ssh-tune host measures again).\n" << root << '\n';
  return text.str();
}

CachedHost parse_entry(const toml::table& root) {
  const toml::node_view<const toml::node> view(root);
  CachedHost entry;
  entry.host = view["host"].value_or(std::string{});
  entry.measured_unix = view["measured_unix"].value_or(std::int64_t{0});
  entry.client_version = view["client_version"].value_or(std::string{});
  entry.sample = view["sample"].value_or(std::string{});
  entry.direction = parse_direction(view["direction"].value_or(std::string("upload"))).value_or(Direction::upload);
  entry.server_banner = view["server"]["banner"].value_or(std::string{});
  entry.server_ciphers = strings_of(view["server"]["ciphers"]);
  entry.server_macs = strings_of(view["server"]["macs"]);
  entry.server_kex = strings_of(view["server"]["kex"]);
  entry.server_compression = strings_of(view["server"]["compression"]);
  entry.target = view["target"].value_or(std::string{});
  entry.notes = strings_of(view["notes"]);
  entry.server_strict_kex = view["server"]["strict_kex"].value_or(false);
  if (auto rtt = view["rtt_ms"].value<double>()) {
    entry.rtt_ms = *rtt;
  }
  if (auto rtt = view["loaded_rtt_ms"].value<double>()) {
    entry.loaded_rtt_ms = *rtt;
  }
  entry.trials = trials_of(view["trials"]);
  entry.decision = decision_of(view["decision"]);
  return entry;
}

}  // namespace

std::string_view to_string(Direction direction) { return direction == Direction::download ? "download" : "upload"; }

std::optional<Direction> parse_direction(std::string_view text) {
  if (text == "upload") return Direction::upload;
  if (text == "download") return Direction::download;
  return std::nullopt;
}

std::string_view to_string(TrialRole role) {
  switch (role) {
    case TrialRole::upload: return "upload";
    case TrialRole::download: return "download";
    case TrialRole::zlib_sample: return "upload-zlib-sample";
    case TrialRole::zlib_random: return "upload-zlib-random";
    case TrialRole::parallel: return "parallel";
  }
  return "upload";
}

std::string_view to_string(TrialClient client) { return client == TrialClient::openssh ? "openssh" : "libssh"; }

std::optional<TrialClient> parse_trial_client(std::string_view text) {
  if (text == "libssh") return TrialClient::libssh;
  if (text == "openssh") return TrialClient::openssh;
  return std::nullopt;
}

std::optional<TrialRole> parse_trial_role(std::string_view text) {
  for (const TrialRole role : {TrialRole::upload, TrialRole::download, TrialRole::zlib_sample, TrialRole::zlib_random,
                               TrialRole::parallel}) {
    if (to_string(role) == text) return role;
  }
  return std::nullopt;
}

fs::path cache_dir() {
  return cache_home();
}

fs::path cache_path(const std::string& host) {
  std::string name;
  for (const char c : host) {
    const bool safe = std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '_';
    name += safe ? c : '%';
  }
  return cache_dir() / (name + ".toml");
}

Result<void> save_cached_host(const CachedHost& entry) {
  std::error_code ec;
  fs::create_directories(cache_dir(), ec);
  fs::permissions(cache_dir(), fs::perms::owner_all, fs::perm_options::replace, ec);
  edit::PosixFileSystem file_system;
  SSHTUNE_TRY(before, edit::take_snapshot(file_system, cache_path(entry.host)));
  return edit::AtomicWriter(file_system).replace(before, render(entry));
}

Result<std::optional<CachedHost>> load_cached_host(const std::string& host, std::chrono::seconds max_age) {
  const fs::path path = cache_path(host);
  const std::optional<std::string> text = read_file_if_present(path);
  if (!text) {
    return std::optional<CachedHost>{};
  }
  SSHTUNE_TRY(root, rules::parse_toml(*text, path.string()));
  CachedHost entry = parse_entry(root);
  const std::int64_t age = static_cast<std::int64_t>(std::time(nullptr)) - entry.measured_unix;
  if (entry.host != host || age > max_age.count()) {
    return std::optional<CachedHost>{};
  }
  return std::optional<CachedHost>{std::move(entry)};
}

}  // namespace sshtune
