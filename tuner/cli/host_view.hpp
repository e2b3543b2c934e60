#pragma once
// `ssh-tune host`'s verdict: a short readable report, or the JSON of ssh-tune(1).

#include "tuner/cli/bars.hpp"
#include "tuner/host/render.hpp"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <map>
#include <string>

namespace sshtune::cli {

// The recommended line, expected vs current speed, bottleneck, reasons, trials (each
// with a bar when `bars` is enabled), snippets, notes and failures; last, when the verdict
// was measured (cached: "(measured DATE; --fresh measures again)") or how long measuring it
// took and how much of that was set-up outside the budget.
void print_verdict(std::ostream& out, const host::HostOutcome& outcome, const host::Snippets& snippets,
                   const BarStyle& bars = {});

// {host, link, server, trials, recommendation, snippets, elapsed_s, ...}.
nlohmann::json host_json(const host::HostOutcome& outcome, const host::Snippets& snippets);

}  // namespace sshtune::cli
