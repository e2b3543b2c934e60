#include "tuner/cli/host_view.hpp"

#include "base/format.hpp"
#include "templates/snippets.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace sshtune {
namespace {

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

std::string current_line(const HostOutcome& outcome) {
  const auto& d = outcome.entry.decision;
  std::string line = "in effect now: " + (d.current_cipher.empty() ? std::string("?") : d.current_cipher) +
                     (outcome.current_compression ? " with compression" : "");
  if (d.current_mb_per_s) {
    line += ", " + mbps(*d.current_mb_per_s);
  }
  return line;
}

void print_trials(std::ostream& out, const CachedHost& entry, const BarStyle& bars) {
  double best = 0;
  for (const auto& t : entry.trials) best = std::max(best, t.mb_per_s);
  out << "trials (MB/s of your data" << (entry.direction == Direction::download ? "; ciphers timed pulling from the host" : "")
      << ")\n";
  for (const auto& t : entry.trials) {
    const std::string what = t.kind == TrialRole::upload        ? t.cipher
                             : t.kind == TrialRole::download    ? t.cipher + " (download)"
                             : t.kind == TrialRole::zlib_sample ? t.cipher + " +zlib, your data"
                                                                : t.cipher + " +zlib, random data";
    char line[160];
    std::snprintf(line, sizeof line, "  %-44s %10.1f", what.c_str(), t.mb_per_s);
    out << line << bar(t.mb_per_s, best, bars, t.mb_per_s > 0 && t.mb_per_s == best) << '\n';
  }
}

void print_snippets(std::ostream& out, const Snippets& snippets) {
  for (const auto& key : {"ssh_config", "rsync", "scp", "sftp", "ssh"}) {
    const auto it = snippets.find(key);
    if (it == snippets.end()) {
      continue;
    }
    out << key << ":\n";
    std::size_t start = 0;
    for (std::size_t end; (end = it->second.find('\n', start)) != std::string::npos; start = end + 1) {
      out << "  " << it->second.substr(start, end - start) << '\n';
    }
  }
}

nlohmann::json trials_json(const CachedHost& entry) {
  nlohmann::json trials = nlohmann::json::array();
  for (const auto& t : entry.trials) {
    trials.push_back({{"kind", to_string(t.kind)}, {"cipher", t.cipher}, {"compression", t.compression},
                      {"mb_per_s", rounded(t.mb_per_s, 1)}, {"bytes", t.bytes}, {"seconds", rounded(t.seconds, 4)}});
  }
  return trials;
}

}  // namespace

void print_verdict(std::ostream& out, const HostOutcome& outcome, const Snippets& snippets, const BarStyle& bars) {
  const CachedHost& e = outcome.entry;
  const auto& d = e.decision;
  out << e.host << (outcome.target.empty() ? "" : " (" + outcome.target + ")") << ": "
      << rules::to_string(d.link_class) << ", bottleneck " << rules::to_string(d.bottleneck);
  if (e.rtt_ms) {
    char rtt[32];
    std::snprintf(rtt, sizeof rtt, ", RTT %.2f ms", *e.rtt_ms);
    out << rtt;
  }
  out << "\n\nrecommended: Ciphers " << (d.ciphers.empty() ? "" : d.ciphers.front())
      << (d.ciphers.size() > 1 ? " (then " + std::to_string(d.ciphers.size() - 1) + " more)" : "")
      << ", Compression " << (d.compression ? "yes" : "no") << "\nexpected:    " << mbps(d.expected_mb_per_s) << "  ("
      << current_line(outcome) << ")\n\nwhy:\n";
  for (const auto& reason : d.reasons) {
    out << "  - " << reason << '\n';
  }
  out << '\n';
  print_trials(out, e, bars);
  out << '\n';
  print_snippets(out, snippets);
  for (const auto& note : outcome.notes) {
    out << "note: " << note << '\n';
  }
  for (const auto& failure : outcome.failures) {
    out << "failed: " << failure << '\n';
  }
  if (outcome.from_cache) {
    out << "(measured " << templates::format_measured(e.measured_unix) << "; --fresh measures again)\n";
  }
}

nlohmann::json host_json(const HostOutcome& outcome, const Snippets& snippets) {
  const CachedHost& e = outcome.entry;
  const auto& d = e.decision;
  nlohmann::json link{{"class", rules::to_string(d.link_class)}, {"bottleneck", rules::to_string(d.bottleneck)},
                      {"rtt_ms", e.rtt_ms ? nlohmann::json(rounded(*e.rtt_ms, 3)) : nlohmann::json(nullptr)}};
  nlohmann::json server{{"banner", e.server_banner}, {"ciphers", e.server_ciphers}, {"macs", e.server_macs},
                        {"kex", e.server_kex}, {"compression", e.server_compression},
                        {"strict_kex", e.server_strict_kex}};
  nlohmann::json recommendation{
      {"ciphers", d.ciphers},
      {"compression", d.compression},
      {"rsync_compress", d.rsync_compress.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.rsync_compress)},
      {"break_even_ratio", d.break_even_ratio ? nlohmann::json(*d.break_even_ratio) : nlohmann::json(nullptr)},
      {"expected_mb_per_s", rounded(d.expected_mb_per_s, 1)},
      {"current_cipher", d.current_cipher},
      {"current_mb_per_s", d.current_mb_per_s ? nlohmann::json(rounded(*d.current_mb_per_s, 1)) : nlohmann::json(nullptr)},
      {"reasons", d.reasons}};
  return {{"host", e.host},         {"target", outcome.target},        {"link", link},
          {"server", server},       {"trials", trials_json(e)},        {"recommendation", recommendation},
          {"snippets", snippets},   {"notes", outcome.notes},          {"failures", outcome.failures},
          {"from_cache", outcome.from_cache}, {"measured_unix", e.measured_unix}, {"direction", to_string(e.direction)},
          {"elapsed_s", rounded(outcome.elapsed_s, 3)}};
}

}  // namespace sshtune
