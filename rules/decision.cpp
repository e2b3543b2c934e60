#include "rules/decision.hpp"

#include "rules/path_loss.hpp"

#include "base/format.hpp"
#include "base/strings.hpp"
#include "rules/cipher_ranking.hpp"
#include "rules/compression_model.hpp"
#include "rules/link_model.hpp"
#include "rules/parallel_advice.hpp"
#include "rules/path_loss.hpp"
#include "rules/session_window.hpp"
#include "rules/untimed_ciphers.hpp"

#include <algorithm>

namespace sshtune::rules {
namespace {

// The OpenSSH client's figure for `cipher` with or without compression, if it timed that.
std::optional<double> openssh_figure(const HostFacts& facts, const std::string& cipher, bool compression) {
  std::optional<double> best;
  for (const auto& trial : facts.openssh.trials) {
    if (trial.cipher == cipher && trial.compression == compression) best = std::max(best.value_or(0), trial.mb_per_s);
  }
  return best;
}

std::optional<double> survey_figure(const HostFacts& facts, const std::string& cipher) {
  std::optional<double> best;
  for (const auto& trial : facts.survey.trials) {
    if (trial.cipher == cipher) best = std::max(best.value_or(0), trial.mb_per_s);
  }
  return best;
}

std::string by(FigureSource source) {
  return source == FigureSource::openssh  ? " (your ssh)"
         : source == FigureSource::libssh ? " (libssh survey)"
                                          : " (model)";
}

// What the configuration in effect now negotiates, and what it moved: the OpenSSH client's figure when
// it timed that setting, else the survey's.
void describe_current(const HostFacts& facts, Decision& decision) {
  decision.current_cipher = negotiated_cipher(facts.offer.current_ciphers, facts.offer.server_ciphers);
  if (const auto measured = openssh_figure(facts, decision.current_cipher, facts.offer.current_compression)) {
    decision.current_mb_per_s = measured;
    decision.current_source = FigureSource::openssh;
    return;
  }
  decision.current_source = FigureSource::libssh;
  decision.current_mb_per_s = facts.offer.current_compression && facts.survey.compressed_sample_mb_per_s
                                  ? facts.survey.compressed_sample_mb_per_s
                                  : survey_figure(facts, decision.current_cipher);
}

// The figure shown as "expected": the measured transfer of the recommended setting.
void describe_expected(const HostFacts& facts, const RankedCipher& first, std::optional<double> cap,
                       Decision& decision) {
  decision.expected_mb_per_s = first.mb_per_s;
  decision.expected_source = first.source;
  if (!decision.compression) return;
  const auto compressed = compressed_speed(facts, first.mb_per_s, cap);
  decision.expected_mb_per_s = compressed->mb_per_s;
  decision.expected_source = compressed->source;
}

BestFigures best_figures(const std::vector<RankedCipher>& survey, const std::vector<RankedCipher>& ranked) {
  BestFigures best{survey.front().mb_per_s, std::nullopt};
  for (const auto& cipher : ranked) {
    if (cipher.source == FigureSource::openssh) best.openssh = std::max(best.openssh.value_or(0), cipher.mb_per_s);
  }
  return best;
}

// What an hpn-ssh server changes, and on a window-bound path which window binds each way.
void note_hpn_and_window(const HostFacts& facts, const Decision& decision, std::vector<std::string>& reasons) {
  if (facts.offer.server_is_hpn) reasons.push_back(hpn_reason());
  if (decision.bottleneck != Bottleneck::window) return;
  for (auto& line : window_reasons(decision.windows, facts.path.direction)) reasons.push_back(std::move(line));
}

// The ciphers the survey left untimed, after the timed ones: on this path every cipher moves the same.
void add_untimed(const HostFacts& facts, const Catalog& catalog, const Policy& policy, Decision& decision) {
  std::vector<std::string> added;
  for (auto& name : allowed_untimed(facts, facts.survey.untimed_ciphers, catalog, policy)) {
    if (!contains(decision.ciphers, name)) added.push_back(std::move(name));
  }
  if (added.empty()) return;
  decision.reasons.push_back(join_commas(added) + " not timed (" + facts.survey.untimed_reason +
                             "); listed after the timed ones, strongest first");
  decision.ciphers.insert(decision.ciphers.end(), added.begin(), added.end());
}

// On a loss-bound path a long copy lives with its losses, unlike a trial's fresh connection: the
// expected figure becomes what one session of a loss-based congestion control sustains at the measured
// loss. That figure, or nullopt where it does not apply (another bottleneck, bbr, a lower trial).
std::optional<double> hold_to_loss(const HostFacts& facts, const Policy& policy, Decision& decision) {
  if (decision.bottleneck != Bottleneck::loss) return std::nullopt;
  const auto held = loss_held_mb_per_s(facts, policy);
  if (!held || *held >= decision.expected_mb_per_s) return std::nullopt;
  decision.reasons.push_back("a long copy lives with that loss: one session is expected near " + mbps(*held) +
                             ", not the " + mbps(decision.expected_mb_per_s) +
                             " of a trial's fresh connection; k sessions, each recovering from its own losses, about k "
                             "times that, up to what the path carried");
  decision.expected_mb_per_s = *held;
  decision.expected_source = FigureSource::loss_model;
  // The setting in effect now crosses the same lossy path: a long copy holds it the same way.
  if (decision.current_mb_per_s && *decision.current_mb_per_s > *held) {
    decision.current_mb_per_s = *held;
    decision.current_source = FigureSource::loss_model;
  }
  return held;
}

// The parallel trials as a long copy would see them. Each of k sessions recovers from its own losses,
// so together they sustain about k times one held by loss (bench/loss_matrix), never more than the path
// was seen to carry: the best figure of your ssh's, one session or k. A ladder step's own figure reads
// low there: its fresh sessions stream too briefly to average their losses.
HostFacts sustained_under_loss(const HostFacts& facts, double held) {
  double carried = 0;
  for (const auto& trial : facts.openssh.parallel_trials) carried = std::max(carried, trial.mb_per_s);
  for (const auto& trial : facts.openssh.trials) {
    if (!trial.compression) carried = std::max(carried, trial.mb_per_s);
  }
  HostFacts sustained = facts;
  for (auto& trial : sustained.openssh.parallel_trials) trial.mb_per_s = std::min(carried, trial.streams * held);
  return sustained;
}

Error nothing_measured(const HostFacts& facts) {
  if (facts.survey.trials.empty() && !facts.survey.untimed_reason.empty() && !facts.openssh.missing.empty()) {
    return Error{ErrorKind::remote, facts.host + ": no cipher was timed: the survey left them to your ssh (" +
                                        facts.survey.untimed_reason + "), which failed: " + facts.openssh.missing};
  }
  return Error{ErrorKind::invalid_input,
               facts.host + ": no measured cipher is allowed by the policy and supported by both ends"};
}

}  // namespace

bool banner_is_hpn(std::string_view banner) {
  return banner.find("hpn") != std::string_view::npos || banner.find("HPN") != std::string_view::npos;
}

std::string_view to_string(LinkClass link_class) {
  return link_class == LinkClass::cpu_bound ? "cpu-bound" : "link-bound";
}

std::string_view to_string(Bottleneck bottleneck) {
  switch (bottleneck) {
    case Bottleneck::cpu: return "cpu";
    case Bottleneck::link: return "link";
    case Bottleneck::window: return "window";
    case Bottleneck::loss: return "loss";
  }
  return "cpu";
}

std::string_view to_string(FigureSource source) {
  switch (source) {
    case FigureSource::openssh: return "openssh";
    case FigureSource::libssh: return "libssh";
    case FigureSource::model: return "model";
    case FigureSource::loss_model: return "loss-model";
  }
  return "model";
}

std::string_view to_string(WindowLimit limit) {
  switch (limit) {
    case WindowLimit::channel: return "channel";
    case WindowLimit::local_send: return "local-send";
    case WindowLimit::local_receive: return "local-receive";
    case WindowLimit::server_send: return "server-send";
    case WindowLimit::server_receive: return "server-receive";
  }
  return "channel";
}

std::string_view to_string(TransferDirection direction) {
  return direction == TransferDirection::upload ? "upload" : "download";
}

Result<Decision> decide(const HostFacts& facts, const Catalog& catalog, const Policy& policy) {
  Decision decision;
  const auto cap = session_cap(facts, policy);
  std::vector<std::string> notes;
  const auto timed = rank_ciphers(facts, catalog, policy, cap, notes);
  const auto ranked = rank_with_client_figures(facts, timed, catalog, policy, cap, notes);
  if (ranked.empty()) return nothing_measured(facts);
  // A survey that timed no cipher (it left them all to your ssh) is judged by your ssh's figures.
  const auto& survey = timed.empty() ? ranked : timed;
  const RankedCipher& first = ranked.front();
  decision.reasons.push_back(first.name + " moved " + mbps(first.mb_per_s) + by(first.source) +
                             ", the best within the security floor");
  if (!facts.openssh.missing.empty()) decision.reasons.push_back("not timed with your ssh: " + facts.openssh.missing);
  decision.link_class = classify_link(survey, facts, policy, decision.reasons);
  decision.bottleneck = find_bottleneck(fastest_session(ranked), facts, decision.link_class, policy, decision.reasons);
  decision.break_even_ratio = break_even(facts, first.mb_per_s, policy, decision.reasons);
  decision.compression = decide_compression(facts, best_figures(survey, ranked), cap, policy, decision.reasons);
  decision.rsync_compress = rsync_choice(facts, decision.compression, decision.reasons);
  for (const auto& c : ranked) decision.ciphers.push_back(c.name);
  add_untimed(facts, catalog, policy, decision);
  describe_expected(facts, first, cap, decision);
  describe_current(facts, decision);
  if (const auto held = hold_to_loss(facts, policy, decision)) {
    decision.parallel = advise_parallel(sustained_under_loss(facts, *held), *held, policy, decision.reasons);
  } else {
    decision.parallel = advise_parallel(facts, first.mb_per_s, policy, decision.reasons);
  }
  decision.windows = session_windows(facts, policy);
  note_hpn_and_window(facts, decision, decision.reasons);
  decision.reasons.insert(decision.reasons.end(), notes.begin(), notes.end());
  return decision;
}

}  // namespace sshtune::rules
