// libFuzzer target for the server banner and KEXINIT parser (untrusted network input).
// Checks that parsing never crashes and that accepted input respects the documented limits.

#include "probes/core/server_algorithms.hpp"

#include <cstdint>
#include <cstdlib>
#include <string_view>

namespace {

void check_names(const std::vector<std::string>& names) {
  for (const auto& name : names) {
    if (name.empty() || name.size() > sshtune::probes::k_max_algorithm_name || name.find(',') != std::string::npos) {
      std::abort();
    }
  }
}

void check(const sshtune::probes::ServerAlgorithms& algorithms) {
  for (const auto* list :
       {&algorithms.kex, &algorithms.host_keys, &algorithms.ciphers_c2s, &algorithms.ciphers_s2c, &algorithms.macs_c2s,
        &algorithms.macs_s2c, &algorithms.compression_c2s, &algorithms.compression_s2c}) {
    check_names(*list);
  }
  if (algorithms.banner.size() > sshtune::probes::k_max_banner_length) {
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto hello = sshtune::probes::parse_server_hello(bytes, "fuzz");
  if (hello && hello.value()) {
    check(*hello.value());
  }
  auto payload = sshtune::probes::parse_kexinit_payload(bytes, "fuzz");
  if (payload) {
    check(payload.value());
  }
  return 0;
}
