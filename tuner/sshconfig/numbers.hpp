#pragma once
// The number readers readconf.c uses, with their exact acceptance: convtime(),
// atoi_err() (strtonum 0..INT_MAX), scan_scaled() (RekeyLimit sizes) and a2tun().

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::config {

// convtime(): "90", "1h30m", "2W" ... in seconds (strtol pieces, units s m h d w in
// either case, no negatives, at most INT_MAX); nullopt if invalid. `digits_only`
// is 9.8's rewrite, where each piece must start with a digit (no sign, no blank).
std::optional<long long> parse_time(std::string_view text, bool digits_only = false);

// atoi_err() / strtonum(s, 0, INT_MAX): nullopt with ssh's reason ("missing",
// "invalid", "too small", "too large") in `reason`.
std::optional<long long> parse_int(std::string_view text, std::string* reason);

// a2port() > 0: 1..65535 or a tcp service name; nullopt otherwise (what Port accepts).
std::optional<int> parse_port(const std::string& text);

// scan_scaled(): "1G", "1.5M", "-1" as a byte count with 1024-based suffixes
// B K M G T P E; nullopt with errno's text ("Invalid argument", "Numerical result
// out of range") in `reason`.
std::optional<long long> scan_scaled(std::string_view text, std::string* reason);

// ssh's SSH_TUNID_ANY, the "any" tunnel device.
inline constexpr int k_tun_any = 0x7fffffff;

// a2tun(): "N", "any", "N:M"; the local and remote device (k_tun_any for "any"),
// nullopt for a bad one.
std::optional<std::pair<int, int>> parse_tun(std::string_view text);

}  // namespace sshtune::config
