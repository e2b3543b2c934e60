#include "tuner/cli/copy_view.hpp"

#include "base/byte_size.hpp"
#include "base/format.hpp"
#include "rules/copy_time.hpp"

#include <algorithm>

namespace sshtune::cli {
namespace {

rules::CopyInputs copy_inputs(const host::HostOutcome& outcome) {
  const host::CachedHost& e = outcome.entry;
  rules::CopyInputs in;
  in.bytes = static_cast<double>(outcome.copy.bytes);
  in.setup_s = e.session_setup_s;
  in.start_s = host::session_start_s(e);
  in.now_mb_per_s = e.decision.current_mb_per_s;
  in.advised_mb_per_s = e.decision.expected_mb_per_s;
  in.parallel = e.decision.parallel;
  in.split.hash_mb_per_s = outcome.hash_mb_per_s;
  for (const host::CachedTrial& trial : e.trials) {
    if (in.parallel && trial.kind == host::TrialRole::parallel && trial.streams == in.parallel->streams)
      in.split.logins_s = trial.setup_s;
    if (const auto tool = host::tool_of(trial.kind))
      in.tools.push_back({*tool, static_cast<double>(trial.bytes), trial.seconds, trial.setup_s});
  }
  in.stream_paces_tools = e.decision.bottleneck != rules::Bottleneck::cpu;
  return in;
}

std::string size_from(host::CopySize::From from) {
  switch (from) {
    case host::CopySize::From::size_flag: return "--size";
    case host::CopySize::From::sample: return "--sample's size";
    case host::CopySize::From::standard: return "--size sets it";
  }
  return "";
}

std::string_view size_from_word(host::CopySize::From from) {
  switch (from) {
    case host::CopySize::From::size_flag: return "size";
    case host::CopySize::From::sample: return "sample";
    case host::CopySize::From::standard: return "standard";
  }
  return "";
}

// "6 min 10 s now", or "now not measured".
std::string time_of(const std::optional<double>& seconds, const std::string& what) {
  return seconds ? duration_text(*seconds) + " " + what : what + " not measured";
}

// What the times are made of, each figure or why it is missing.
std::string parts(const rules::CopyInputs& in) {
  const std::string setup =
      in.setup_s ? "set-up " + duration_text(*in.setup_s) : std::string("set-up not measured (no remote command ran)");
  const std::string start = in.start_s ? "start " + duration_text(*in.start_s)
                                       : std::string("start not measured (no new session of your ssh was timed)");
  return " (" + setup + ", " + start + ", then " + mbps(in.advised_mb_per_s) + " steady)";
}

// ", 4.0 s as one file split over them (pays from 310 MiB)": the big-file snippet, and from what size it
// beats one session; nothing when its hash speed was not measured.
std::string big_file_words(const rules::CopyPrediction& p, std::uint64_t bytes) {
  if (!p.big_file_s) return "";
  std::string words = ", " + duration_text(*p.big_file_s) + " as one file split over them";
  if (!p.big_file_pays_from_bytes) return words + " (never faster than one session)";
  const auto from = static_cast<std::uint64_t>(*p.big_file_pays_from_bytes);
  if (bytes < from) return words + " (one session is faster below " + byte_size_text(from) + ")";
  return words + " (pays from " + byte_size_text(from) + ")";
}

// "tools:       scp 3.4 s, sftp 3.9 s, rsync 5.1 s (each timed as printed, 128 MiB: their own work
// counts where the CPU sets the pace)\n", the stream's time where the link sets the pace, or why the tools
// have no time; "" without a copy time.
std::string tools_line(const rules::CopyPrediction& p, const host::CachedHost& e) {
  if (!p.advised_s) return "";
  std::string line = "tools:       ";
  if (p.tools.empty()) {
    return line + "scp, sftp and rsync not timed" +
           (e.direction == host::Direction::download ? " (they are timed on uploads)" : " (see notes)") + "\n";
  }
  std::string names;
  for (const rules::ToolTime& t : p.tools) {
    names += (names.empty() ? "" : ", ") + std::string(to_string(t.tool)) + " " + duration_text(t.seconds);
  }
  if (!p.tools.front().timed) {
    return line + names + ": the " + std::string(to_string(e.decision.bottleneck)) +
           ", not their own work, sets the pace\n";
  }
  std::uint64_t timed_bytes = 0;
  for (const host::CachedTrial& trial : e.trials) {
    if (host::tool_of(trial.kind)) timed_bytes = trial.bytes;
  }
  std::string missing;
  for (const CopyTool tool : k_copy_tools) {
    const auto shown = [tool](const rules::ToolTime& t) { return t.tool == tool; };
    if (std::none_of(p.tools.begin(), p.tools.end(), shown))
      missing += "; " + std::string(to_string(tool)) + " not timed";
  }
  return line + names + " (each timed as printed, " + byte_size_text(timed_bytes) +
         ": where the CPU sets the pace, their own work counts" + missing + ")\n";
}

nlohmann::json tools_json(const rules::CopyPrediction& p) {
  nlohmann::json tools = nlohmann::json::object();
  for (const CopyTool tool : k_copy_tools) tools[std::string(to_string(tool))] = nullptr;
  for (const rules::ToolTime& t : p.tools) {
    tools[std::string(to_string(t.tool))] = {{"s", rounded(t.seconds, 2)}, {"timed", t.timed}};
  }
  return tools;
}

nlohmann::json seconds_json(const std::optional<double>& seconds, int decimals) {
  return seconds ? nlohmann::json(rounded(*seconds, decimals)) : nlohmann::json(nullptr);
}

}  // namespace

std::string copy_line(const host::HostOutcome& outcome) {
  const rules::CopyInputs in = copy_inputs(outcome);
  const rules::CopyPrediction p = rules::predict_copy(in);
  std::string times = time_of(p.now_s, "now") + ", " + time_of(p.advised_s, "advised");
  if (p.parallel_s) times += ", " + time_of(p.parallel_s, "with " + std::to_string(in.parallel->streams) + " sessions");
  times += big_file_words(p, outcome.copy.bytes);
  return "copy:        " + byte_size_text(outcome.copy.bytes) + " (" + size_from(outcome.copy.from) +
         "): " + (p.at_least ? "at least: " : "") + times + parts(in) + "\n" + tools_line(p, outcome.entry);
}

nlohmann::json copy_json(const host::HostOutcome& outcome) {
  const rules::CopyInputs in = copy_inputs(outcome);
  const rules::CopyPrediction p = rules::predict_copy(in);
  return {{"bytes", outcome.copy.bytes},
          {"size_from", size_from_word(outcome.copy.from)},
          {"setup_s", seconds_json(in.setup_s, 3)},
          {"start_s", seconds_json(in.start_s, 3)},
          {"steady_mb_per_s", rounded(in.advised_mb_per_s, 1)},
          {"now_s", seconds_json(p.now_s, 2)},
          {"advised_s", seconds_json(p.advised_s, 2)},
          {"parallel_streams", in.parallel ? nlohmann::json(in.parallel->streams) : nlohmann::json(nullptr)},
          {"parallel_s", seconds_json(p.parallel_s, 2)},
          {"parallel_setup_s", seconds_json(in.split.logins_s, 3)},
          {"hash_mb_per_s",
           in.split.hash_mb_per_s ? nlohmann::json(rounded(*in.split.hash_mb_per_s, 1)) : nlohmann::json(nullptr)},
          {"big_file_s", seconds_json(p.big_file_s, 2)},
          {"big_file_pays_from_bytes", p.big_file_pays_from_bytes
                                           ? nlohmann::json(static_cast<std::uint64_t>(*p.big_file_pays_from_bytes))
                                           : nlohmann::json(nullptr)},
          {"tools", tools_json(p)},
          {"at_least", p.at_least}};
}

}  // namespace sshtune::cli
