#pragma once
// `ssh-tune host` over many hosts: the summary table, the JSON array and the
// per-host progress lines. One host's own verdict stays host_view's.

#include "tuner/host/fleet.hpp"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

namespace sshtune::cli {

// One row per host: host, bottleneck, choice (the first cipher), compression,
// expected, now, gain — or the host's error — then "N hosts: K tuned, F failed".
void print_fleet_table(std::ostream& out, const std::vector<host::FleetResult>& results);

// An array in run order: each tuned host's host_json object with "error": null,
// each failed host as {"host", "error"}.
nlohmann::json fleet_json(const std::vector<host::FleetResult>& results);

// "[2/16] web" before a host's trials (a TTY's stderr).
std::string fleet_started_line(std::size_t index, std::size_t count, const std::string& host);

// "[2/16] web: aes128-gcm@openssh.com, compression no, 330 MB/s" or "[2/16] web: failed: ...".
std::string fleet_finished_line(std::size_t index, std::size_t count, const host::FleetResult& result);

// The gain of the recommendation over the configuration in effect now, "1.38x"; "-" when now is unknown.
std::string gain_text(const rules::Decision& decision);

}  // namespace sshtune::cli
