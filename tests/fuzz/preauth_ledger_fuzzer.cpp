// libFuzzer target for the pre-authentication ledger's parser: any bytes as the
// ledger file must never crash; a ledger that parses holds only finite,
// non-negative penalties and survives being rendered and parsed again.

#include "tuner/host/preauth_ledger.hpp"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto ledger = sshtune::host::parse_ledger(text, "fuzz");
  if (!ledger) return 0;
  for (const auto& entry : ledger.value().entries) {
    if (!std::isfinite(entry.seconds) || entry.seconds < 0 || entry.as_of_unix < 0) std::abort();
  }
  if (!sshtune::host::parse_ledger(sshtune::host::render_ledger(ledger.value(), 0), "again")) std::abort();
  return 0;
}
