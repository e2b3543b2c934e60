#pragma once
// `ssh-tune host`'s verdict: a short readable report, or the JSON of design.md.

#include "tuner/host/host_probe.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <map>
#include <string>

namespace sshtune {

// Snippet kind name ("ssh_config", "rsync", "scp", "sftp", "ssh") -> rendered text.
using Snippets = std::map<std::string, std::string>;

// Renders every snippet template for the outcome's decision.
Result<Snippets> render_snippets(const HostOutcome& outcome);

// The recommended line, expected vs current speed, bottleneck, reasons, trials, snippets.
void print_verdict(std::ostream& out, const HostOutcome& outcome, const Snippets& snippets);

// {host, link, server, trials, recommendation, snippets, elapsed_s, ...}.
nlohmann::json host_json(const HostOutcome& outcome, const Snippets& snippets);

}  // namespace sshtune
