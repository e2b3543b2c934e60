#pragma once
// Policy thresholds for the decision model (rules/policy.toml), optionally
// overridden by the user's ~/.config/ssh-tune/rules.toml. Format: ssh-tune-rules(5).

#include "base/measure_timing.hpp"
#include "base/result.hpp"
#include "rules/catalog.hpp"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace sshtune::rules {

struct Policy {
  Tier security_floor = Tier::acceptable;       // the lowest tier ever recommended
  std::vector<std::string> allow;               // names allowed below the floor (explicit opt-in)
  double compression_margin = 1.25;             // compression must beat no compression by this factor
  double tie_tolerance = 0.05;                  // trials within 5% are a tie: the stronger cipher goes first
  double same_cost_tolerance = 0.15;            // ... within 15% when this CPU runs both at the same speed
  double flat_spread = 0.10;                    // ciphers within 10% of the best: the link, not the CPU, decides
  double cpu_fraction = 0.05;                   // best trial under 5% of the local cipher speed: the link decides
  double window_bytes = 2.0 * 1024 * 1024;      // OpenSSH's channel window
  double window_near = 0.85;                    // at >= 85% of window/RTT one session reaches the window
  double window_suspect = 0.70;                 // ... at >= 70% it may: parallel sessions decide
  double long_rtt_ms = 50;                      // ... as they do from this RTT on, whatever one session moved
  double loss_suspect = 0.0005;                 // retransmitted share of segments from which loss may hold a session
  double loss_min_segments = 300;               // ... counted only over at least this many segments
  double tcp_receive_share = 0.5;               // of a TCP receive buffer, the share TCP advertises as window
  double tcp_advised_max = 16.0 * 1024 * 1024;  // the tcp_rmem/tcp_wmem maximum advised when TCP binds
  double parallel_gain = 1.3;                   // k sessions are advised only when they beat one by this factor
  double parallel_near = 0.90;                  // ... and then the smallest k within this fraction of the best
  double ladder_step_gain = 1.1;                // the parallel ladder climbs on while a step gains this factor
  double ladder_linear_gain = 1.8;              // ... and skips to its top once a doubling gains this factor
  double crawl_fraction = 0.25;                 // an ssh trial under this fraction of the survey's figure crawled
  double contest_margin = 1.15;                 // a survey lead beyond this factor contests the ssh trials' order
  double lan_rtt_ms = 2.0;                      // below this RTT a host counts as on the LAN
  double slow_cipher_fraction = 0.10;           // audit: a first cipher below this fraction of the fastest is slow
  double slow_first_fraction = 0.70;            // audit: ... below this fraction of the fastest both ends support
  double speed_noise = 0.10;                    // audit: ciphers within 10% of the fastest figure tie with it
  MeasureTiming timing;                         // [timing]: how the measuring passes spend the budget
  bool operator==(const Policy&) const = default;
};

// Parses policy TOML over `base` (keys absent from the text keep base's values).
// Errors name ORIGIN:LINE.
Result<Policy> parse_policy(std::string_view text, const std::string& origin, const Policy& base = {});

// The shipped rules/policy.toml, then the user's $XDG_CONFIG_HOME/ssh-tune/rules.toml
// (default ~/.config/ssh-tune/rules.toml) over it when that file exists.
Result<Policy> load_policy();

// Where the user's override lives (whether or not it exists).
std::filesystem::path user_rules_path();

}  // namespace sshtune::rules
