#include "tuner/audit/first_cipher_rule.hpp"

#include "base/format.hpp"
#include "tuner/audit/speed_figures.hpp"
#include "tuner/sshconfig/algorithms.hpp"

#include <algorithm>

namespace sshtune::audit {
namespace {

bool below_floor(const std::string& cipher, const AlgorithmContext& context) {
  const rules::Algorithm* entry = context.catalog.find(AlgorithmKind::cipher, cipher);
  return entry == nullptr || entry->tier > context.policy.security_floor;
}

// The cipher ssh negotiates from an effective list: its first name the server offers
// (the first name when the server's list is unknown).
std::optional<std::string> negotiated(const std::optional<std::string>& value, const MeasuredHost& facts) {
  if (!value) return std::nullopt;
  const std::vector<std::string>* offered = facts.server ? &facts.server->ciphers_c2s : nullptr;
  for (const std::string& name : split_commas(*value)) {
    if (name.empty()) continue;
    if (offered == nullptr || offered->empty() || std::find(offered->begin(), offered->end(), name) != offered->end()) {
      return name;
    }
  }
  return std::nullopt;
}

// "0.27× aes128-gcm@openssh.com (4500 MB/s), WHICH; PEERS within the noise".
std::string ratio_text(double first, const CipherFigure& best, const std::string& which,
                       const AlgorithmContext& context) {
  return times(first / best.mb_per_s) + " " + fastest_text(best) + ", " + which + peers_text(best, context);
}

std::string put_first(const CipherFigure& best, const AlgorithmContext& context) {
  const std::string example = first_choices(best, context).front();
  return "put " + choices_text(best, context) + " first (Ciphers ^" + example + " keeps ssh's defaults after it)";
}

}  // namespace

std::optional<std::string> first_cipher(const std::string& value, const sshconfig::ClientCapabilities& client) {
  if (value.empty() || value[0] == '+') return std::nullopt;
  if (value[0] != '-') {
    const std::vector<std::string> names = split_commas(value[0] == '^' ? value.substr(1) : value);
    return names.empty() || names.front().empty() ? std::nullopt : std::optional(names.front());
  }
  const auto assembled = sshconfig::assemble_algorithms(value, split_commas(client.default_value("ciphers")),
                                                        client.supported(AlgorithmKind::cipher));
  if (!assembled || assembled->empty()) return std::nullopt;
  return assembled->front();
}

std::optional<Finding> audit_first_cipher_line(const AlgorithmLine& line,
                                               const std::vector<probes::CipherSpeed>& speeds,
                                               const AlgorithmContext& context) {
  if (line.kind != AlgorithmKind::cipher) return std::nullopt;
  const std::optional<std::string> first = first_cipher(line.value, context.client);
  if (!first || below_floor(*first, context)) return std::nullopt;
  const std::optional<double> speed = local_speed(speeds, *first);
  const std::optional<CipherFigure> best = fastest_local(speeds, context);
  if (!speed || !best) return std::nullopt;
  const double ratio = *speed / best->mb_per_s;
  const bool slow_cipher_reports = line.value[0] != '-' && ratio < context.policy.slow_cipher_fraction;
  if (slow_cipher_reports || ratio >= context.policy.slow_first_fraction) return std::nullopt;
  return Finding{Severity::warn,
                 RuleId::slow_first_cipher,
                 line.file,
                 line.line,
                 line.scope,
                 line.keyword + " puts " + *first + " first: " + mbps(*speed) + " on this CPU, " +
                     ratio_text(*speed, *best, "the fastest this ssh supports", context),
                 put_first(*best, context) + ", or measure the host: ssh-tune host HOST"};
}

bool trials_judge_ciphers(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                          const std::string& raw_value, const AlgorithmContext& context) {
  if (evaluation.origin("ciphers").line == 0 || raw_value.empty() || raw_value[0] == '+') return false;
  const std::optional<std::string> first = negotiated(evaluation.value("ciphers"), facts);
  return first && facts.cipher_trials.contains(*first) && fastest_trial(facts, context).has_value();
}

std::optional<Finding> audit_first_cipher_trials(const sshconfig::Evaluation& evaluation, const MeasuredHost& facts,
                                                 const std::string& raw_value, const AlgorithmContext& context) {
  if (!trials_judge_ciphers(evaluation, facts, raw_value, context)) return std::nullopt;
  const std::string first = *negotiated(evaluation.value("ciphers"), facts);
  const double speed = facts.cipher_trials.at(first);
  const CipherFigure best = *fastest_trial(facts, context);
  if (below_floor(first, context) || speed >= context.policy.slow_first_fraction * best.mb_per_s) return std::nullopt;
  const sshconfig::Origin origin = evaluation.origin("ciphers");
  return Finding{Severity::warn,
                 RuleId::slow_first_cipher,
                 origin.file,
                 origin.line,
                 evaluation.host,
                 "Ciphers puts " + first + " first for " + evaluation.host + ": its trial moved " + mbps(speed) + ", " +
                     ratio_text(speed, best, "the fastest of its trials", context),
                 put_first(best, context) + " for " + evaluation.host + ", or ssh-tune apply " + evaluation.host};
}

std::optional<Finding> audit_weak_first_cipher(const AlgorithmLine& line, const AlgorithmContext& context) {
  if (line.kind != AlgorithmKind::cipher || !line.value.starts_with("^")) return std::nullopt;
  const std::vector<std::string> names = split_commas(line.value.substr(1));
  const rules::Algorithm* entry = names.empty() ? nullptr : context.catalog.find(AlgorithmKind::cipher, names.front());
  if (entry == nullptr || entry->tier != rules::Tier::weak) return std::nullopt;
  return Finding{Severity::warn,
                 RuleId::weak_first_cipher,
                 line.file,
                 line.line,
                 line.scope,
                 line.keyword + " " + line.value + " puts " + names.front() +
                     ", a weak cipher, ahead of every default: ssh negotiates it with every server that offers it",
                 "use + instead of ^ (" + line.keyword + " +" + line.value.substr(1) +
                     "): it stays available for the servers that need it, after the defaults"};
}

}  // namespace sshtune::audit
