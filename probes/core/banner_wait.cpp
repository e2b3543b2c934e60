#include "probes/core/banner_wait.hpp"

#include "base/message.hpp"

#include <cstdio>

namespace sshtune::probes {
namespace {

std::string seconds_text(double seconds, const char* format) {
  char text[32];
  std::snprintf(text, sizeof text, format, seconds);
  return text;
}

std::string connected(const BannerWait& wait) {
  return wait.host + ": " + (wait.via_proxy ? "the ProxyCommand started" : "TCP connected");
}

// The first line received, without its CR LF.
std::string_view first_line(std::string_view received) {
  std::string_view line = received.substr(0, received.find('\n'));
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

// Nothing, or only sshd's own refusal line, came before the drop.
bool dropped_by_sshd(std::string_view received) { return received.empty() || first_line(received) == k_sshd_drop_line; }

// What came before the drop, quoted: "" when nothing did.
std::string what_came(std::string_view received) {
  if (received.empty()) return " before sending a byte";
  return " before its SSH banner (" + std::to_string(received.size()) + " bytes received: \"" +
         quote_input(first_line(received).substr(0, 60)) + "\")";
}

std::string penalty_hint() {
  return "; sshd may be refusing this address: PerSourcePenalties (OpenSSH 9.8 or later) for up to " +
         std::to_string(k_default_penalty_max_s) +
         " s with the default max, or MaxStartups while too many connections are unauthenticated; on the "
         "server, check 'sshd -T | grep persource' and its log for 'drop connection ... penalty'";
}

std::string dropped(const BannerWait& wait, const char* how) {
  std::string text = connected(wait) + ", but the server " + how + " the connection after " +
                     seconds_text(wait.elapsed_s, "%.1f") + " s" + what_came(wait.received);
  return dropped_by_sshd(wait.received) ? text + penalty_hint() : text;
}

ErrorKind kind_of_drop(const BannerWait& wait) {
  return dropped_by_sshd(wait.received) ? ErrorKind::remote : ErrorKind::invalid_input;
}

}  // namespace

bool banner_arrived(std::string_view received) {
  for (std::size_t start = 0; start < received.size();) {
    const std::size_t newline = received.find('\n', start);
    if (newline == std::string_view::npos) return false;
    if (received.substr(start, 4) == "SSH-") return true;
    start = newline + 1;
  }
  return false;
}

Error banner_failure(BannerFailure failure, const BannerWait& wait) {
  switch (failure) {
    case BannerFailure::silent:
      return Error{ErrorKind::remote, connected(wait) + ", but the server sent no SSH banner within " +
                                          seconds_text(static_cast<double>(wait.timeout.count()) / 1000, "%g") + " s"};
    // Bytes other than sshd's refusal line before the drop: something that is not an SSH server.
    case BannerFailure::closed: return Error{kind_of_drop(wait), dropped(wait, "closed")};
    case BannerFailure::reset: return Error{kind_of_drop(wait), dropped(wait, "reset")};
    case BannerFailure::too_long: break;
  }
  const std::string within = wait.limit > 0 ? std::to_string(wait.limit) + " bytes" : "what libssh accepts";
  std::string text = connected(wait) + ", but the server's SSH banner had no line end within " + within + " (after " +
                     seconds_text(wait.elapsed_s, "%.1f") + " s)";
  if (!wait.received.empty()) text += ": \"" + quote_input(wait.received.substr(0, 60)) + "\"";
  return Error{ErrorKind::remote, text};
}

}  // namespace sshtune::probes
