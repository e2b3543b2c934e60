#pragma once
// Runs a real `ssh -G` (the system's 9.2 or the unpacked 10.0) and ssh-tune's
// evaluator, told that ssh's facts and release, on the same configuration and
// command line, and compares every line `ssh -G` prints, in order. Always -F,
// stdout only, stdin from /dev/null; HOME is set by the caller to a temp dir
// (never the real ~/.ssh).

#include "base/process.hpp"
#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/config_cache.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace sshtune::differential {

// One query: the destination as typed and the -l/-p/-o flags before and after it.
struct Query {
  std::string host;
  std::vector<std::string> before;  // e.g. {"-l", "bob", "-o", "Port=2200"}
  std::vector<std::string> after;
};

// What one side said: invalid (ssh exit != 0, or an unusable algorithm list), or
// every printed line.
struct Outcome {
  bool invalid = false;
  std::vector<std::string> lines;
  std::string raw;  // full output / error text, for failure messages
};

// ssh exits 0 with a broken algorithm list ("ciphers " or none at all): that counts as invalid.
inline bool broken_algorithms(const std::vector<std::string>& lines) {
  for (const char* keyword : {"ciphers ", "macs ", "kexalgorithms "}) {
    const auto line =
        std::find_if(lines.begin(), lines.end(), [&](const std::string& l) { return l.starts_with(keyword); });
    if (line == lines.end() || line->size() == std::string_view(keyword).size()) return true;
  }
  return false;
}

// Runs SSH -G -F config [before] host [after]; stdout only.
inline Outcome run_ssh(const std::filesystem::path& ssh, const std::filesystem::path& config, const Query& query) {
  std::vector<std::string> argv{ssh.string(), "-G", "-F", config.string()};
  argv.insert(argv.end(), query.before.begin(), query.before.end());
  argv.push_back(query.host);
  argv.insert(argv.end(), query.after.begin(), query.after.end());
  Outcome outcome;
  const Result<ProcessResult> run = run_process(argv, ProcessOptions{Output::capture, Output::discard});
  outcome.invalid = !run || run.value().exit_code != 0;
  if (run) outcome.raw = run.value().out;
  std::istringstream in(outcome.raw);
  for (std::string line; std::getline(in, line);) outcome.lines.push_back(line);
  if (!outcome.invalid) outcome.invalid = broken_algorithms(outcome.lines);
  if (outcome.invalid) outcome.lines.clear();
  return outcome;
}

// The -l/-p/-o flags of a flag list (as given to ssh) in order.
inline std::vector<sshconfig::CommandLineFlag> flags_of(const std::vector<std::string>& words) {
  std::vector<sshconfig::CommandLineFlag> flags;
  for (std::size_t i = 0; i + 1 < words.size(); i += 2) flags.push_back({words[i][1], words[i + 1]});
  return flags;
}

// The EvalRequest for a query, with Match exec run as ssh runs it.
inline sshconfig::EvalRequest request_for(const std::filesystem::path& config, const Query& query) {
  sshconfig::EvalRequest request;
  request.host = query.host;
  request.config_file = config;
  request.exec = sshconfig::run_in_shell;
  request.flags = flags_of(query.before);
  request.flags_before_host = request.flags.size();
  for (sshconfig::CommandLineFlag& flag : flags_of(query.after)) request.flags.push_back(std::move(flag));
  return request;
}

// ssh-tune's evaluator on the same input.
inline Outcome run_ours(const std::filesystem::path& config, const Query& query,
                        const sshconfig::ClientCapabilities& client) {
  Outcome outcome;
  const auto result = sshconfig::evaluate(request_for(config, query), client);
  if (!result) {
    outcome.invalid = true;
    outcome.raw = result.error().message;
    return outcome;
  }
  for (const sshconfig::Setting& setting : result.value().settings) {
    outcome.lines.push_back(setting.keyword_only ? setting.keyword : setting.keyword + " " + setting.value);
    outcome.raw += outcome.lines.back() + "\n";
  }
  return outcome;
}

// Everything an evaluation of `query` says (settings with origins, dead lines,
// notes, skipped exec commands, or the error), through `cache` when not null.
inline std::string evaluation_text(const std::filesystem::path& config, const Query& query,
                                   const sshconfig::ClientCapabilities& client, sshconfig::ConfigCache* cache) {
  sshconfig::EvalRequest request = request_for(config, query);
  request.cache = cache;
  const auto result = sshconfig::evaluate(request, client);
  if (!result) return "error: " + result.error().message;
  std::string text;
  for (const sshconfig::Setting& setting : result.value().settings) {
    text += setting.keyword + " " + setting.value + " @" + setting.origin.to_string() + "\n";
  }
  for (const sshconfig::DeadLine& dead : result.value().dead_lines) {
    text += "dead " + dead.keyword + " " + dead.dead.to_string() + " " + dead.winner.to_string() +
            (dead.scoped ? " scoped\n" : "\n");
  }
  for (const std::string& note : result.value().notes) text += "note " + note + "\n";
  for (const sshconfig::SkippedExec& exec : result.value().skipped_exec) text += "exec " + exec.command + "\n";
  return text;
}

// Empty if both agree, else a report with the differing lines.
inline std::string compare(const Outcome& ssh, const Outcome& ours) {
  if (ssh.invalid == ours.invalid && ssh.lines == ours.lines) return "";
  std::ostringstream report;
  report << "ssh: " << (ssh.invalid ? "INVALID" : "ok") << "; ssh-tune: " << (ours.invalid ? "INVALID" : "ok") << "\n";
  const auto missing = [](const std::vector<std::string>& from, const std::string& line) {
    return std::find(from.begin(), from.end(), line) == from.end();
  };
  for (const auto& line : ssh.lines) {
    if (missing(ours.lines, line)) report << "  only ssh:      " << line << "\n";
  }
  for (const auto& line : ours.lines) {
    if (missing(ssh.lines, line)) report << "  only ssh-tune: " << line << "\n";
  }
  if (ours.invalid) report << "ssh-tune error: " << ours.raw << "\n";
  return report.str();
}

// A query as a shell-like line, for failure messages.
inline std::string describe(const Query& query) {
  std::string out;
  for (const auto& word : query.before) out += word + " ";
  out += query.host;
  for (const auto& word : query.after) out += " " + word;
  return out;
}

}  // namespace sshtune::differential
