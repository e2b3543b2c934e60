#pragma once
// What ssh-tune has measured about a host before (link class, RTT, the server's
// KEXINIT), looked up by the name the user types. Rules that need such facts
// take this interface; the CLI reads `ssh-tune host`'s cache through it.

#include "probes/core/server_algorithms.hpp"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sshtune::audit {

// Known facts about one host; every field is optional because a cache may hold only some.
struct MeasuredHost {
  std::optional<bool> cpu_bound;                     // trials differed by cipher: the CPUs limit throughput
  std::optional<double> rtt_ms;                      // measured round-trip time
  std::optional<probes::ServerAlgorithms> server;    // the server's banner and KEXINIT
  std::optional<std::string> rsync_compress;         // rsync's own compression recommended for it ("zstd", "zlib", "")
  std::optional<bool> window_bound = {};             // OpenSSH's channel window over the RTT set the pace
  std::optional<bool> compression_pays = {};         // the measurement recommended Compression yes: a slow link
  std::map<std::string, double> cipher_trials = {};  // MB/s of each cipher's trial through ssh, uncompressed
  std::optional<double> zlib_trial_mb_per_s = {};    // MB/s of the trial with Compression yes, the user's data
};

// Looks up cached facts by host name as typed (the Host alias).
class MeasuredHostLookup {
 public:
  virtual ~MeasuredHostLookup() = default;
  // The facts for `host`, or nullopt when nothing is known about it.
  virtual std::optional<MeasuredHost> find(const std::string& host) const = 0;
  // Every host that facts are known for (the audit evaluates them too); none by default.
  virtual std::vector<std::string> names() const { return {}; }
};

// Knows nothing: no rule that needs facts fires (tests, and callers without a cache).
class NoMeasuredHosts final : public MeasuredHostLookup {
 public:
  std::optional<MeasuredHost> find(const std::string&) const override { return std::nullopt; }
};

// Facts held in memory: what this run learned (a --server probe of a --host's
// endpoint), and the fake that tests use.
class MeasuredHostMap final : public MeasuredHostLookup {
 public:
  // Records (or replaces) the facts for `host`.
  void set(const std::string& host, MeasuredHost facts) { m_facts[host] = std::move(facts); }
  std::optional<MeasuredHost> find(const std::string& host) const override {
    const auto it = m_facts.find(host);
    return it == m_facts.end() ? std::nullopt : std::optional<MeasuredHost>(it->second);
  }
  std::vector<std::string> names() const override {
    std::vector<std::string> hosts;
    for (const auto& [host, facts] : m_facts) hosts.push_back(host);
    return hosts;
  }

 private:
  std::map<std::string, MeasuredHost> m_facts;
};

}  // namespace sshtune::audit
