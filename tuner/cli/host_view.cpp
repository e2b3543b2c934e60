#include "tuner/cli/host_view.hpp"

#include "base/byte_size.hpp"
#include "base/format.hpp"
#include "base/message.hpp"
#include "templates/snippets.hpp"
#include "tuner/cli/copy_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ostream>

namespace sshtune::cli {
namespace {

std::string source_label(rules::FigureSource source) {
  switch (source) {
    case rules::FigureSource::openssh: return " with your ssh";
    case rules::FigureSource::libssh: return " by the libssh survey";
    case rules::FigureSource::model: return " modelled from zlib's speed (no transfer measured it)";
    case rules::FigureSource::loss_model: return " in a long copy at the loss TCP counted (see why:)";
  }
  return "";
}

// expected / current, when the same client measured both (a ratio across clients would mislead).
std::optional<double> gain(const rules::Decision& d) {
  if (!d.current_mb_per_s || *d.current_mb_per_s <= 0 || d.current_source != d.expected_source) return std::nullopt;
  return d.expected_mb_per_s / *d.current_mb_per_s;
}

std::string current_line(const host::HostOutcome& outcome) {
  const auto& d = outcome.entry.decision;
  std::string line = "in effect now: " + (d.current_cipher.empty() ? std::string("?") : d.current_cipher) +
                     (outcome.current_compression ? " with compression" : "");
  if (d.current_mb_per_s) line += ", " + mbps(*d.current_mb_per_s) + " steady" + source_label(d.current_source);
  if (const auto ratio = gain(d)) line += "; " + two_decimals(*ratio) + "x";
  return line;
}

// A copy this size (MB) is what the JSON's expected_1gb_copy_mb_per_s averages over.
constexpr double k_shown_copy_mb = 1000;

// How long the measurement took, and how much of that was set-up, which the budget does not count: why a
// run can take longer than --budget (a slow new-session start is paid by every trial session).
// The copy tools' pass runs after the budget too, and says so.
std::string measured_line(const host::HostOutcome& outcome) {
  double tools_s = 0;
  for (const host::PassTime& pass : outcome.passes) {
    if (pass.pass == host::MeasuringPass::tools) tools_s += std::chrono::duration<double>(pass.spent).count();
  }
  char tools[64] = "";
  if (tools_s > 0) std::snprintf(tools, sizeof tools, "; then the copy tools' trials, %.1f s", tools_s);
  char line[300];
  std::snprintf(line, sizeof line,
                "(measured in %.1f s, %.1f s of it set-up outside the budget: connections opening, remote shells "
                "and new sessions starting%s)\n",
                outcome.elapsed_s, outcome.setup_s, tools);
  return line;
}

std::string rtt_line(const host::CachedHost& e) {
  if (!e.rtt_ms) return "";
  char rtt[96];
  if (e.loaded_rtt_ms)
    std::snprintf(rtt, sizeof rtt, ", RTT %.2f ms (%.2f ms while streaming)", *e.rtt_ms, *e.loaded_rtt_ms);
  else
    std::snprintf(rtt, sizeof rtt, ", RTT %.2f ms", *e.rtt_ms);
  return rtt;
}

std::string trial_name(const host::CachedTrial& t) {
  switch (t.kind) {
    case host::TrialRole::upload: return t.cipher;
    case host::TrialRole::download: return t.cipher + " (download)";
    case host::TrialRole::zlib_sample: return t.cipher + " +zlib, your data";
    case host::TrialRole::zlib_random: return t.cipher + " +zlib, random data";
    case host::TrialRole::parallel: return t.cipher + " x" + std::to_string(t.streams) + " sessions";
    case host::TrialRole::scp:
    case host::TrialRole::sftp:
    case host::TrialRole::rsync:
      return std::string(to_string(t.kind)) + " as printed, whole, " + byte_size_text(t.bytes);
  }
  return t.cipher;
}

// The rows whose bar is highlighted: the recommended cipher's plain trials (the winner).
bool winner(const host::CachedHost& entry, const host::CachedTrial& t) {
  const auto& ciphers = entry.decision.ciphers;
  const bool plain = !t.compression && (t.kind == host::TrialRole::upload || t.kind == host::TrialRole::download);
  return plain && !ciphers.empty() && t.cipher == ciphers.front();
}

void print_trials(std::ostream& out, const host::CachedHost& entry, const BarStyle& bars) {
  double longest = 0;
  for (const auto& t : entry.trials) longest = std::max(longest, t.mb_per_s);
  out << "trials (MB/s of your data"
      << (entry.direction == host::Direction::download ? "; ciphers timed pulling from the host" : "")
      << "; ssh = your OpenSSH client, streaming only; libssh = the survey that ranks)\n";
  for (const auto& t : entry.trials) {
    char line[200];
    std::snprintf(line, sizeof line, "  %-44s %-7s %10.1f", trial_name(t).c_str(),
                  t.client == probes::TrialClient::openssh ? "ssh" : "libssh", t.mb_per_s);
    out << line << bar(t.mb_per_s, longest, bars, winner(entry, t)) << '\n';
  }
}

void print_parallel(std::ostream& out, const host::CachedHost& e) {
  const auto& p = e.decision.parallel;
  if (!p) return;
  out << "parallel:    " << p->streams << " sessions at once move " << mbps(p->mb_per_s)
      << " steady (one session: " << mbps(p->single_mb_per_s) << "); ssh-tune snippet " << e.host
      << " --for parallel\n";
}

void print_snippets(std::ostream& out, const host::Snippets& snippets) {
  for (const auto& key : {"ssh_config", "rsync", "scp", "sftp", "ssh", "parallel"}) {
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

nlohmann::json optional_json(const std::optional<double>& bytes) {
  return bytes ? nlohmann::json(std::llround(*bytes)) : nlohmann::json(nullptr);
}

nlohmann::json window_json(const std::optional<rules::SessionWindow>& w) {
  if (!w) return nullptr;
  nlohmann::json json{{"limit", rules::to_string(w->limit)}, {"bytes", std::llround(w->bytes)}};
  if (w->limit != rules::WindowLimit::channel) {
    json["buffer_max"] = std::llround(w->buffer_max);
    json["advised_max"] = std::llround(w->advised_max);
  }
  return json;
}

// Which window binds one session each way, and both ends' TCP buffer limits (null: unknown).
void add_windows(nlohmann::json& link, const host::CachedHost& e) {
  link["windows"] = {{"upload", window_json(e.decision.windows.upload)},
                     {"download", window_json(e.decision.windows.download)}};
  link["tcp_buffers"] = {
      {"local",
       {{"receive_max", optional_json(e.local_tcp.receive_max)}, {"send_max", optional_json(e.local_tcp.send_max)}}},
      {"server",
       {{"receive_max", optional_json(e.server_tcp.receive_max)}, {"send_max", optional_json(e.server_tcp.send_max)}}}};
}

nlohmann::json trials_json(const host::CachedHost& entry) {
  nlohmann::json trials = nlohmann::json::array();
  for (const auto& t : entry.trials) {
    trials.push_back({{"kind", to_string(t.kind)},
                      {"cipher", t.cipher},
                      {"compression", t.compression},
                      {"client", host::to_string(t.client)},
                      {"streams", t.streams},
                      {"mb_per_s", rounded(t.mb_per_s, 1)},
                      {"bytes", t.bytes},
                      {"seconds", rounded(t.seconds, 4)}});
    if (t.start_s) trials.back()["start_s"] = rounded(*t.start_s, 3);
    if (t.setup_s) trials.back()["setup_s"] = rounded(*t.setup_s, 3);
  }
  return trials;
}

}  // namespace

void print_verdict(std::ostream& out, const host::HostOutcome& outcome, const host::Snippets& snippets,
                   const BarStyle& bars) {
  const host::CachedHost& e = outcome.entry;
  const auto& d = e.decision;
  out << e.host << (outcome.target.empty() ? "" : " (" + outcome.target + ")") << ": " << rules::to_string(d.link_class)
      << ", bottleneck " << rules::to_string(d.bottleneck) << rtt_line(e);
  out << "\n\nrecommended: Ciphers " << (d.ciphers.empty() ? "" : d.ciphers.front())
      << (d.ciphers.size() > 1 ? " (then " + std::to_string(d.ciphers.size() - 1) + " more)" : "") << ", Compression "
      << (d.compression ? "yes" : "no") << "\nexpected:    " << mbps(d.expected_mb_per_s) << " steady"
      << source_label(d.expected_source) << "  (" << current_line(outcome) << ")\n"
      << copy_line(outcome);
  print_parallel(out, e);
  out << "\nwhy:\n";
  for (const auto& reason : d.reasons) {
    out << "  - " << reason << '\n';
  }
  out << '\n';
  print_trials(out, e, bars);
  out << '\n';
  print_snippets(out, snippets);
  // Notes and failures may quote what a server or libssh said: escaped, one line each.
  for (const auto& note : outcome.notes) {
    out << "note: " << one_line(note) << '\n';
  }
  for (const auto& failure : outcome.failures) {
    out << "failed: " << one_line(failure) << '\n';
  }
  if (outcome.from_cache) {
    out << "(measured " << templates::format_measured(e.measured_unix) << "; --fresh measures again)\n";
  } else {
    out << measured_line(outcome);
  }
}

namespace {

std::string_view pass_name(host::MeasuringPass pass) {
  switch (pass) {
    case host::MeasuringPass::survey: return "survey";
    case host::MeasuringPass::confirmation: return "confirmation";
    case host::MeasuringPass::ladder: return "ladder";
    case host::MeasuringPass::tools: return "tools";
  }
  return "";
}

// Each measuring pass's share and time, in seconds (empty for a verdict read from the cache).
nlohmann::json passes_json(const std::vector<host::PassTime>& passes) {
  const auto seconds = [](std::chrono::milliseconds ms) { return rounded(static_cast<double>(ms.count()) / 1000, 3); };
  nlohmann::json list = nlohmann::json::array();
  for (const host::PassTime& pass : passes) {
    list.push_back({{"pass", pass_name(pass.pass)},
                    {"given_s", seconds(pass.given)},
                    {"spent_s", seconds(pass.spent)},
                    {"setup_s", seconds(pass.setup)}});
  }
  return list;
}

}  // namespace

nlohmann::json host_json(const host::HostOutcome& outcome, const host::Snippets& snippets) {
  const host::CachedHost& e = outcome.entry;
  const auto& d = e.decision;
  nlohmann::json link{
      {"class", rules::to_string(d.link_class)},
      {"bottleneck", rules::to_string(d.bottleneck)},
      {"rtt_ms", e.rtt_ms ? nlohmann::json(rounded(*e.rtt_ms, 3)) : nlohmann::json(nullptr)},
      {"rtt_loaded_ms", e.loaded_rtt_ms ? nlohmann::json(rounded(*e.loaded_rtt_ms, 3)) : nlohmann::json(nullptr)}};
  add_windows(link, e);
  nlohmann::json server{
      {"banner", e.server_banner}, {"ciphers", e.server_ciphers},         {"macs", e.server_macs},
      {"kex", e.server_kex},       {"compression", e.server_compression}, {"strict_kex", e.server_strict_kex}};
  nlohmann::json recommendation{
      {"ciphers", d.ciphers},
      {"compression", d.compression},
      {"rsync_compress", d.rsync_compress.empty() ? nlohmann::json(nullptr) : nlohmann::json(d.rsync_compress)},
      {"break_even_ratio", d.break_even_ratio ? nlohmann::json(*d.break_even_ratio) : nlohmann::json(nullptr)},
      {"expected_mb_per_s", rounded(d.expected_mb_per_s, 1)},
      {"expected_client", rules::to_string(d.expected_source)},
      {"current_client", rules::to_string(d.current_source)},
      {"gain", gain(d) ? nlohmann::json(rounded(*gain(d), 2)) : nlohmann::json(nullptr)},
      {"current_cipher", d.current_cipher},
      {"current_mb_per_s",
       d.current_mb_per_s ? nlohmann::json(rounded(*d.current_mb_per_s, 1)) : nlohmann::json(nullptr)},
      {"reasons", d.reasons}};
  const auto start = host::session_start_s(e);
  recommendation["session_start_s"] = start ? nlohmann::json(rounded(*start, 3)) : nlohmann::json(nullptr);
  recommendation["expected_1gb_copy_mb_per_s"] =
      rounded(host::whole_copy_mb_per_s(d.expected_mb_per_s, start.value_or(0), k_shown_copy_mb), 1);
  recommendation["copy"] = copy_json(outcome);
  const nlohmann::json parallel = d.parallel
                                      ? nlohmann::json{{"streams", d.parallel->streams},
                                                       {"mb_per_s", rounded(d.parallel->mb_per_s, 1)},
                                                       {"single_mb_per_s", rounded(d.parallel->single_mb_per_s, 1)}}
                                      : nlohmann::json(nullptr);
  return {{"host", e.host},
          {"target", outcome.target},
          {"link", link},
          {"parallel", parallel},
          {"server", server},
          {"trials", trials_json(e)},
          {"recommendation", recommendation},
          {"snippets", snippets},
          {"notes", outcome.notes},
          {"failures", outcome.failures},
          {"from_cache", outcome.from_cache},
          {"measured_unix", e.measured_unix},
          {"direction", to_string(e.direction)},
          {"elapsed_s", rounded(outcome.elapsed_s, 3)},
          {"setup_s", rounded(outcome.setup_s, 3)},
          {"passes", passes_json(outcome.passes)}};
}

}  // namespace sshtune::cli
