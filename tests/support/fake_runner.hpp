#pragma once
// A scripted RemoteRunner and a stock OpenSSH server offer, for the unit tests of
// the trial schedule (tests/probes/core) and of the host pipeline (tests/host).

#include "probes/core/host_trials.hpp"
#include "tests/support/fake_clock.hpp"
#include "probes/core/server_algorithms.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

namespace sshtune::testing {

// What the fake's remote tools command prints: an rsync with zstd.
inline constexpr const char* k_fake_rsync_version =
    "rsync  version 3.2.7  protocol version 31\nCompress list:\n    zstd lz4 zlib none\n";

// A RemoteRunner that answers from a script and records every spec it was given.
class FakeRunner final : public probes::RemoteRunner {
 public:
  std::function<Result<probes::AccessCheck>()> on_access = [] {
    return Result<probes::AccessCheck>(probes::AccessCheck{"ssh-ed25519", "SHA256:x", false, "agent", std::nullopt});
  };
  std::function<Result<probes::TrialResult>(const probes::TrialSpec&)> on_run = [](const probes::TrialSpec& spec) {
    probes::TrialResult result;
    result.kind = spec.kind;
    result.cipher = spec.cipher;
    result.compression = spec.compression;
    result.bytes = 100'000'000;
    result.seconds = 1;
    result.round_trip_seconds = {0.001, 0.002, 0.003};
    if (spec.kind == probes::TrialKind::command) result.output = k_fake_rsync_version;
    return Result<probes::TrialResult>(result);
  };
  std::vector<probes::TrialSpec> specs;
  std::chrono::milliseconds setup{0};  // what setup_time() reports; on_run may add to it
  FakeClock clock;                     // the survey's clock; on_run may move it
  // When set, every throughput trial moves `clock` by its slot (warm-up and time cap), as a real one takes.
  bool paced = false;

  Result<probes::AccessCheck> check_access() override { return on_access(); }
  Result<probes::TrialResult> run(const probes::TrialSpec& spec) override {
    specs.push_back(spec);
    const bool data = spec.kind == probes::TrialKind::upload || spec.kind == probes::TrialKind::download;
    if (paced && data) clock.advance(spec.warm_up_time + spec.time_cap);
    return on_run(spec);
  }
  std::chrono::milliseconds setup_time() const override { return setup; }
};

// What a stock OpenSSH 9.x sshd offers (plus a legacy cipher libssh lacks).
inline probes::ServerAlgorithms openssh_defaults() {
  probes::ServerAlgorithms server;
  server.ciphers_c2s = {"chacha20-poly1305@openssh.com",
                        "aes128-ctr",
                        "aes192-ctr",
                        "aes256-ctr",
                        "aes128-gcm@openssh.com",
                        "aes256-gcm@openssh.com",
                        "rijndael-cbc@lysator.liu.se"};
  server.ciphers_s2c = server.ciphers_c2s;
  server.macs_c2s = {"umac-64-etm@openssh.com", "umac-128-etm@openssh.com", "hmac-sha2-256-etm@openssh.com"};
  server.compression_c2s = {"none", "zlib@openssh.com"};
  return server;
}

}  // namespace sshtune::testing
