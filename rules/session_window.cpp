#include "rules/session_window.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace sshtune::rules {
namespace {

constexpr double k_max_sysctl = 2147483647;  // the kernel keeps tcp_rmem and tcp_wmem in ints

// "2 MiB", "1.5 MiB", "512 KiB": a buffer size as sysctl users think of it.
std::string size_text(double bytes) {
  const bool mib = bytes >= 1024 * 1024;
  const double value = bytes / (mib ? 1024 * 1024 : 1024);
  char text[32];
  std::snprintf(text, sizeof text, std::fabs(value - std::round(value)) < 0.05 ? "%.0f %s" : "%.1f %s", value,
                mib ? "MiB" : "KiB");
  return text;
}

bool local(WindowLimit limit) { return limit == WindowLimit::local_send || limit == WindowLimit::local_receive; }
bool receive(WindowLimit limit) { return limit == WindowLimit::local_receive || limit == WindowLimit::server_receive; }

// Takes `limit` as the window when it is known and smaller than the one found so far.
void consider(std::optional<SessionWindow>& found, WindowLimit limit, std::optional<double> bytes, double buffer,
              const Policy& policy) {
  if (!bytes || (found && found->bytes <= *bytes)) return;
  const double advised =
      limit == WindowLimit::channel ? 0 : std::min(k_max_sysctl, std::max(policy.tcp_advised_max, 2 * buffer));
  found = SessionWindow{limit, *bytes, buffer, advised};
}

std::optional<double> scaled(std::optional<double> bytes, double share) {
  if (!bytes) return bytes;
  return *bytes * share;
}

std::string direction_words(TransferDirection direction) {
  return direction == TransferDirection::upload ? "uploads" : "downloads";
}

std::string unknown_words(const SessionWindow& window) {
  if (!window.server_known && !window.local_known) return " (neither end's TCP buffers could be read)";
  if (!window.server_known) return " (the server's TCP buffers could not be read)";
  if (!window.local_known) return " (this machine's TCP buffers could not be read)";
  return "";
}

std::string reason_for(const std::optional<SessionWindow>& window, TransferDirection direction) {
  if (!window) return direction_words(direction) + ": no window is known (hpn-ssh's follows TCP's, unread)";
  return direction_words(direction) + " are held by " + window_name(*window) + unknown_words(*window) + ": " +
         window_lift(*window, direction);
}

}  // namespace

std::optional<SessionWindow> session_window(const HostFacts& facts, TransferDirection direction, const Policy& policy) {
  const bool up = direction == TransferDirection::upload;
  const TcpLimits& sender = up ? facts.path.local_tcp : facts.path.server_tcp;
  const TcpLimits& receiver = up ? facts.path.server_tcp : facts.path.local_tcp;
  std::optional<SessionWindow> found;
  if (!(up && facts.offer.server_is_hpn)) consider(found, WindowLimit::channel, policy.window_bytes, 0, policy);
  consider(found, up ? WindowLimit::local_send : WindowLimit::server_send, sender.send_max, sender.send_max.value_or(0),
           policy);
  consider(found, up ? WindowLimit::server_receive : WindowLimit::local_receive,
           scaled(receiver.receive_max, policy.tcp_receive_share), receiver.receive_max.value_or(0), policy);
  if (!found) return found;
  found->local_known = (up ? facts.path.local_tcp.send_max : facts.path.local_tcp.receive_max).has_value();
  found->server_known = (up ? facts.path.server_tcp.receive_max : facts.path.server_tcp.send_max).has_value();
  return found;
}

SessionWindows session_windows(const HostFacts& facts, const Policy& policy) {
  return {session_window(facts, TransferDirection::upload, policy),
          session_window(facts, TransferDirection::download, policy)};
}

std::string window_name(const SessionWindow& window) {
  if (window.limit == WindowLimit::channel) return "OpenSSH's " + size_text(window.bytes) + " channel window";
  const std::string end = local(window.limit) ? "this machine's" : "the server's";
  if (!receive(window.limit)) {
    return end + " TCP send buffer (tcp_wmem's maximum, " + size_text(window.buffer_max) + ")";
  }
  return end + " TCP receive buffer (" + size_text(window.bytes) + " of window from tcp_rmem's maximum, " +
         size_text(window.buffer_max) + ")";
}

std::string window_lift(const SessionWindow& window, TransferDirection direction) {
  if (window.limit == WindowLimit::channel) {
    return std::string("parallel sessions, or hpn-ssh on ") +
           (direction == TransferDirection::upload ? "the server" : "this machine") + ", get past it";
  }
  const std::string setting =
      receive(window.limit) ? "net.ipv4.tcp_rmem='4096 131072 " : "net.ipv4.tcp_wmem='4096 16384 ";
  return std::string(local(window.limit) ? "here" : "on the server") + ", sysctl -w " + setting +
         std::to_string(std::llround(window.advised_max)) +
         "' lifts it (in /etc/sysctl.d/ to keep it), as do parallel sessions";
}

std::vector<std::string> window_reasons(const SessionWindows& windows, TransferDirection measured) {
  const bool up = measured == TransferDirection::upload;
  const TransferDirection other = up ? TransferDirection::download : TransferDirection::upload;
  return {reason_for(up ? windows.upload : windows.download, measured),
          reason_for(up ? windows.download : windows.upload, other)};
}

std::string hpn_reason() {
  return "the server runs hpn-ssh: its receive window follows its TCP buffer, so OpenSSH's channel window does "
         "not bind uploads to it; downloads meet your ssh's (unless it is hpn-ssh too)";
}

}  // namespace sshtune::rules
