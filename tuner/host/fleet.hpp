#pragma once
// `ssh-tune host` over many hosts: the pipeline (tune_host, render_snippets) run
// for one host after another — their trials share this machine's CPU — with one
// environment for the whole run, so what does not depend on the host (the local
// client's capabilities, the catalog and policy, this CPU's cipher and zlib
// speeds, the local rsync) is read or measured once, not once per host. A failing
// host is recorded and the run goes on.

#include "tuner/host/pipeline.hpp"
#include "tuner/host/render.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::host {

// One host of a fleet run: what tune_host and render_snippets made of it, or why not.
struct FleetResult {
  std::string host;                    // the request's alias
  std::optional<HostOutcome> outcome;  // set exactly when `error` is not
  Snippets snippets;
  std::optional<Error> error;  // one line naming the host
};

// Callbacks around each host (either may be empty): `started` before its trials
// with its 0-based position and the count, `finished` with its result.
struct FleetProgress {
  std::function<void(std::size_t index, std::size_t count, const std::string& host)> started;
  std::function<void(std::size_t index, std::size_t count, const FleetResult& result)> finished;
};

// Tunes every request in order through `env`, one at a time; never fails as a
// whole. Call share_local_measurements(env) first to measure local speeds once.
std::vector<FleetResult> tune_fleet(const std::vector<HostRequest>& requests, HostEnvironment& env,
                                    const FleetProgress& progress = {});

// Makes `env`'s local measurements (cipher speeds, compression speeds per sample,
// the local rsync) run once and answer every later call from memory.
void share_local_measurements(HostEnvironment& env);

// The error as a fleet shows it: "HOST: message", unless the message already starts with the host.
Error error_for_host(const std::string& host, Error error);

// True when every result succeeded.
bool all_succeeded(const std::vector<FleetResult>& results);

}  // namespace sshtune::host
