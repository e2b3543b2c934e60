#pragma once
// The local CPU as it is: the decoders of cpu_features.hpp fed from this machine.

#include "probes/bench/cpu_features.hpp"

#include <string>
#include <vector>

namespace sshtune::probes {

// What probe_cpu() found on this machine.
struct CpuReport {
  std::string arch;                  // "x86_64", "aarch64" or the uname machine
  std::string model;                 // "model name" from /proc/cpuinfo, or "" when unknown
  std::vector<CpuFeature> features;  // in a fixed order per architecture
  std::vector<std::string> notes;    // disagreements between sources, unparsable masks
};

// Probes this machine: CPUID or AT_HWCAP, /proc/cpuinfo, and OpenSSL's override
// variables from the environment. Never fails; problems become notes.
CpuReport probe_cpu();

}  // namespace sshtune::probes
