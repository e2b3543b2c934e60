#include "tuner/audit/compression_rule.hpp"

#include "base/format.hpp"
#include "base/strings.hpp"
#include "tuner/audit/match_criteria.hpp"
#include "tuner/sshconfig/pattern.hpp"

#include <cstdio>

namespace sshtune::audit {
namespace {

constexpr const char* k_zlib = "ssh's zlib (always level 6)";

std::string why(const MeasuredHost& facts) {
  if (facts.cpu_bound.value_or(false)) return "the last measurement found the link CPU-bound";
  if (facts.window_bound.value_or(false)) {
    return "the last measurement found it window-bound (OpenSSH's channel window over the RTT sets the pace, and "
           "compression cannot lift that: the window counts data before compression)";
  }
  char rtt[32];
  std::snprintf(rtt, sizeof rtt, "%.1f", facts.rtt_ms.value_or(0));
  return std::string("it is on a LAN (RTT ") + rtt + " ms)";
}

// "ssh's zlib (always level 6) compresses 36 MB/s on this CPU against 1450 MB/s for C", or "".
std::string local_figures(const LocalCompressionFigures& local) {
  if (!local.zlib_mb_per_s || !local.fastest) return "";
  return std::string(k_zlib) + " compresses " + mbps(*local.zlib_mb_per_s) + " on this CPU against " +
         mbps(local.fastest->mb_per_s) + " for " + local.fastest->cipher;
}

// What compression costs this host, with the best figures known.
std::string consequence(const MeasuredHost& facts, const AlgorithmContext& context,
                        const LocalCompressionFigures& local) {
  const std::optional<CipherFigure> best = fastest_trial(facts, context);
  if (best && facts.zlib_trial_mb_per_s) {
    return "its trials moved " + mbps(best->mb_per_s) + " with " + best->cipher + " and " +
           mbps(*facts.zlib_trial_mb_per_s) + " with Compression yes";
  }
  if (std::string figures = local_figures(local); !figures.empty()) return figures;
  if (facts.window_bound.value_or(false) && !facts.cpu_bound.value_or(false)) return "it only costs CPU time";
  return std::string(k_zlib) + " then slows transfers several times";
}

bool every_host_patterns(const std::string& patterns) {
  for (const std::string& pattern : split_words(patterns)) {
    if (pattern == "*") return true;
  }
  return false;
}

std::string fix_for(const std::vector<std::string>& slow_links) {
  if (slow_links.empty()) {
    return "drop it, or set it only in the Host blocks of slow links (ssh-tune host HOST measures whether it pays)";
  }
  return "move it into the Host blocks of the measured slow links (" + join_commas(slow_links) +
         "); ssh-tune audit --fix does";
}

}  // namespace

std::optional<Finding> audit_compression_link(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                                              const AlgorithmContext& context, const LocalCompressionFigures& local) {
  if (evaluation.value("compression") != "yes") return std::nullopt;
  const bool lan = facts.rtt_ms && *facts.rtt_ms < context.policy.lan_rtt_ms;
  if (!facts.cpu_bound.value_or(false) && !facts.window_bound.value_or(false) && !lan) return std::nullopt;
  const sshconfig::Origin origin = evaluation.origin("compression");
  return Finding{Severity::warn,
                 RuleId::compression_lan,
                 origin.file,
                 origin.line,
                 evaluation.host,
                 "Compression yes is in effect for " + evaluation.host + ", but " + why(facts) + "; " +
                     consequence(facts, context, local),
                 "set Compression no for " + evaluation.host};
}

bool applies_to_every_host(const std::string& scope) {
  if (!scope.starts_with("Match ")) return every_host_patterns(scope);
  const std::vector<MatchCriterion> criteria = match_criteria(scope.substr(6));
  return criteria.size() == 1 && criteria.front().attribute == "all";
}

std::vector<Finding> audit_compression_everywhere(const LoadedFile& file, const LocalCompressionFigures& local,
                                                  const std::vector<std::string>& slow_links) {
  std::vector<Finding> findings;
  const std::vector<std::string> scopes = line_scopes(file);
  const std::string figures = local_figures(local);
  for (const sshconfig::ConfigLine& line : file.file.lines) {
    const std::string& scope = scopes[line.number - 1];
    if (line.keyword_lower != "compression" || line.args.size() != 1 || !applies_to_every_host(scope)) continue;
    if (sshconfig::ascii_lower(line.args.front().value) != "yes") continue;
    const std::string cost = figures.empty() ? std::string(k_zlib) + " cuts a fast link's throughput 5-10x"
                                             : figures + ", so every faster link is held near zlib's speed";
    findings.push_back(Finding{Severity::warn, RuleId::compression_all_hosts, file.file.path, line.number, scope,
                               "Compression yes here applies to every host, LAN ones too: " + cost, fix_for(slow_links),
                               "", slow_links});
  }
  return findings;
}

}  // namespace sshtune::audit
