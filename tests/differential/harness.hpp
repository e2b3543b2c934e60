#pragma once
// Runs the real `ssh -G` and ssh-tune's evaluator on the same configuration and
// compares the keywords ssh-tune relies on. Always -F, stdout only, HOME set by
// the caller to a temp dir (never the real ~/.ssh).

#include "tuner/sshconfig/client_capabilities.hpp"
#include "tuner/sshconfig/evaluator.hpp"

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace sshtune::differential {

// The keywords compared (every line of each, in order).
inline const std::vector<std::string> k_compared{"ciphers", "compression", "hostname", "port",
                                                 "user",    "identityfile", "macs", "kexalgorithms"};

// What one side said: invalid (ssh exit != 0 or an unusable algorithm list), or
// the compared lines.
struct Outcome {
  bool invalid = false;
  std::map<std::string, std::vector<std::string>> lines;
  std::string raw;  // full output / error text, for failure messages
};

// Besides the keywords above, every `ssh -G` line is compared as well, unless
// SSHTUNE_DIFF_FULL=0 is set in the environment.
inline bool compare_everything() {
  const char* value = std::getenv("SSHTUNE_DIFF_FULL");
  return value == nullptr || std::string(value) != "0";
}

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Runs ssh -G -F config [extra flags] host; stdout only.
inline Outcome run_ssh(const std::filesystem::path& config, const std::string& host,
                       const std::vector<std::string>& flags = {}) {
  std::string command = "ssh -G -F " + shell_quote(config.string());
  for (const std::string& flag : flags) command += " " + shell_quote(flag);
  command += " " + shell_quote(host) + " </dev/null 2>/dev/null";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  std::array<char, 4096> buffer{};
  for (std::size_t n = 0; pipe && (n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0;) {
    outcome.raw.append(buffer.data(), n);
  }
  const int status = pipe ? pclose(pipe) : -1;
  outcome.invalid = !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  for (const DumpLine& line : parse_dump(outcome.raw)) {
    for (const std::string& keyword : k_compared) {
      if (line.keyword == keyword) outcome.lines[keyword].push_back(line.value);
    }
    if (compare_everything()) outcome.lines["~all"].push_back(line.keyword + " " + line.value);
  }
  // ssh 9.2 exits 0 with a broken algorithm list ("ciphers " or none at all): invalid.
  for (const char* keyword : {"ciphers", "macs", "kexalgorithms"}) {
    const auto it = outcome.lines.find(keyword);
    if (it == outcome.lines.end() || it->second.empty() || it->second.front().empty()) outcome.invalid = true;
  }
  if (outcome.invalid) outcome.lines.clear();
  return outcome;
}

// Converts -l/-p/-o/-C flags (as given to ssh) into an EvalRequest.
inline config::EvalRequest request_for(const std::filesystem::path& config, const std::string& host,
                                       const std::vector<std::string>& flags) {
  config::EvalRequest request;
  request.host = host;
  request.config_file = config;
  request.exec = config::run_in_shell;
  for (std::size_t i = 0; i + 1 < flags.size() || (i < flags.size() && flags[i] == "-C"); ++i) {
    if (flags[i] == "-C") {
      request.options.push_back("Compression=yes");
      continue;
    }
    const std::string& value = flags[i + 1];
    if (flags[i] == "-l") request.user = value;
    if (flags[i] == "-p") request.port = value;
    if (flags[i] == "-o") request.options.push_back(value);
    ++i;
  }
  return request;
}

// ssh-tune's evaluator on the same input.
inline Outcome run_ours(const std::filesystem::path& config, const std::string& host,
                        const ClientCapabilities& client, const std::vector<std::string>& flags = {}) {
  Outcome outcome;
  const auto result = config::evaluate(request_for(config, host, flags), client);
  if (!result) {
    outcome.invalid = true;
    outcome.raw = result.error().message;
    return outcome;
  }
  for (const config::Setting& setting : result.value().settings) {
    outcome.raw += setting.keyword + " " + setting.value + "\n";
    for (const std::string& keyword : k_compared) {
      if (setting.keyword == keyword) outcome.lines[keyword].push_back(setting.value);
    }
    if (compare_everything()) outcome.lines["~all"].push_back(setting.keyword + " " + setting.value);
  }
  return outcome;
}

// Empty if both agree, else a report with both outputs.
inline std::string compare(const Outcome& ssh, const Outcome& ours) {
  if (ssh.invalid == ours.invalid && ssh.lines == ours.lines) return "";
  std::ostringstream report;
  report << "ssh: " << (ssh.invalid ? "INVALID" : "ok") << "; ssh-tune: " << (ours.invalid ? "INVALID" : "ok")
         << "\n";
  std::vector<std::string> keywords = k_compared;
  if (compare_everything()) keywords.push_back("~all");
  for (const std::string& keyword : keywords) {
    const auto a = ssh.lines.count(keyword) ? ssh.lines.at(keyword) : std::vector<std::string>{};
    const auto b = ours.lines.count(keyword) ? ours.lines.at(keyword) : std::vector<std::string>{};
    if (a == b) continue;
    if (keyword == "~all") {
      for (const auto& v : a) if (std::find(b.begin(), b.end(), v) == b.end()) report << "  only ssh:      " << v << "\n";
      for (const auto& v : b) if (std::find(a.begin(), a.end(), v) == a.end()) report << "  only ssh-tune: " << v << "\n";
      continue;
    }
    report << "  " << keyword << ":\n    ssh:      ";
    for (const auto& v : a) report << v << " | ";
    report << "\n    ssh-tune: ";
    for (const auto& v : b) report << v << " | ";
    report << "\n";
  }
  if (ours.invalid) report << "ssh-tune error: " << ours.raw << "\n";
  return report.str();
}

}  // namespace sshtune::differential
