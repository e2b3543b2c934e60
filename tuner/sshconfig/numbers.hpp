#pragma once
// The number readers readconf.c uses, with their exact acceptance: convtime(),
// atoi_err() (strtonum 0..INT_MAX), scan_scaled() (RekeyLimit sizes) and a2tun().

#include "base/openssh_version.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace sshtune::sshconfig {

// The oldest release, whose convtime() parse_time() follows unless told another.
inline constexpr OpensshVersion k_first_time_form{8, 0, 0};

// convtime() of `release`: "90", "1h30m", "2W" ... in seconds (units s m h d w in
// either case, no negatives, at most INT_MAX); nullopt if invalid. Before 9.8 each
// piece is read with strtol (a sign or blank may lead); from 9.8 on it must start
// with a digit; from 10.3 on (convtime_double) the seconds may have a fraction
// ("1.5", "2m0.5s"; cut to whole seconds) and may appear only once ("5s5" is invalid).
std::optional<long long> parse_time(std::string_view text, const OpensshVersion& release = k_first_time_form);

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

}  // namespace sshtune::sshconfig
